import { civilDate } from '../lib/civil-date';
import type { ResultOf } from '../lib/graphql';
import { useI18n } from '../lib/i18n';
import type { RecurrenceDetailFields } from '../lib/recurrences';
import { href } from '../lib/router';
import { DataTable, Section, StatusBadge } from './ui';

/** A cycle as the recurrence's page asks for it. */
export type CycleRow = ResultOf<typeof RecurrenceDetailFields>['cycles'][number];

/** The cycles of a recurrence by number: date, amount, status, the payer's bank's attempts, and each one's charge. */
export function RecurrenceCycles({ cycles }: { cycles: readonly CycleRow[] }) {
  const { t, money, locale } = useI18n();
  return (
    <Section title={t('cycles')}>
      {cycles.length === 0 ? (
        <p className="muted">{t('noCycles')}</p>
      ) : (
        <DataTable columns={[t('cycle'), t('dueDate'), { label: t('cycleValue'), num: true }, t('status'), { label: t('attempts'), num: true }, t('cycleCharge')]}>
          {cycles.map((c) => (
            <tr key={c.number} data-cycle={c.number} data-status={c.status}>
              <td>{c.number}</td>
              <td>{civilDate(locale, c.dueDate)}</td>
              <td className="num">{money(c.amount)}</td>
              <td>
                <StatusBadge status={c.status} family="RecurrenceCycleStatus" />
              </td>
              <td className="num">
                {c.attempts}
                {c.nextAttemptOn && (
                  <>
                    <br />
                    <small className="muted">
                      {t('nextAttemptOn')} {civilDate(locale, c.nextAttemptOn)}
                    </small>
                  </>
                )}
              </td>
              <td>
                {c.transactionId ? (
                  <a href={href('charges', c.transactionId)}>
                    <code>{c.transactionId}</code>
                  </a>
                ) : (
                  '—'
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </Section>
  );
}
