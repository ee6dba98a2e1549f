import { DataTable, Section } from './ui';
import { civilDate, percentFormat } from '../lib/civil-date';
import { isPercentModality } from '../lib/due-date-form';
import { graphql, type ResultOf } from '../lib/graphql';
import { useQuery } from '../lib/hooks';
import { useI18n } from '../lib/i18n';
import type { CodeFamily } from '../lib/labels/code-labels';
import type { MessageKey } from '../lib/messages';

const ChargeDueDate = graphql(`
  query ChargeDueDate($id: ID!) {
    transaction(id: $id) {
      id amount
      dueDateCharge {
        dueDate validityAfterDueDays lastPayableDate originalAmount
        fine { modality value }
        interest { modality value }
        abatement { modality value }
        discount { modality value dates { until value } }
        amountComponents { original fine interest abatement discount }
      }
    }
  }
`);

type Due = NonNullable<ResultOf<typeof ChargeDueDate>['transaction']['dueDateCharge']>;
const COMPONENTS = [
  ['original', 'componentOriginal', 1],
  ['fine', 'componentFine', 1],
  ['interest', 'componentInterest', 1],
  ['abatement', 'componentAbatement', -1],
  ['discount', 'componentDiscount', -1],
] as const satisfies readonly (readonly [keyof NonNullable<Due['amountComponents']>, MessageKey, 1 | -1])[];

/**
 * A charge with a due date, on its page: the due date, the last day it can be paid and
 * its terms; once paid, the amount paid and what it is made of. Nothing for other charges.
 * The page remounts it (its key) when the charge changes, so a payment shows at once.
 */
export function DueDateSection({ id }: { id: string }) {
  const { t, money, locale } = useI18n();
  const q = useQuery(ChargeDueDate, { id });
  const due = q.data?.transaction.dueDateCharge;
  if (!due) return null;
  const paid = due.amountComponents;
  return (
    <Section title={t('dueDateSection')}>
      <dl className="facts" data-testid="due-date-section">
        <dt>{t('dueDate')}</dt>
        <dd data-testid="due-date">{civilDate(locale, due.dueDate)}</dd>
        <dt>{t('lastPayableDate')}</dt>
        <dd>
          {civilDate(locale, due.lastPayableDate)} <small className="muted">({due.validityAfterDueDays} {t('validityAfterDueDays').toLowerCase()})</small>
        </dd>
        <dt>{t('originalAmount')}</dt>
        <dd>{money(due.originalAmount)}</dd>
        <TermFact name="fine" family="DueDateFixedOrPercent" term={due.fine} />
        <TermFact name="interest" family="DueDateInterest" term={due.interest} />
        <TermFact name="abatement" family="DueDateFixedOrPercent" term={due.abatement} />
        {due.discount && (
          <>
            <dt>{t('discount')}</dt>
            <dd>
              <Term family="DueDateDiscount" modality={due.discount.modality} value={due.discount.value ?? null} />
              {due.discount.dates && (
                <ul className="plain">
                  {due.discount.dates.map((d) => (
                    <li key={d.until}>
                      {t('discountUntil')} {civilDate(locale, d.until)}: {isPercentModality(due.discount!.modality) ? percentFormat(locale, d.value) : money(d.value)}
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </>
        )}
      </dl>
      {paid && (
        <>
          <h3>{t('paidComponents')}</h3>
          <DataTable columns={[t('description'), { label: t('total'), num: true }]}>
            {COMPONENTS.map(([key, label, sign]) => (
              <tr key={key} data-component={key}>
                <td>{t(label)}</td>
                <td className="num">{sign < 0 && paid[key] ? `− ${money(paid[key])}` : money(paid[key])}</td>
              </tr>
            ))}
            <tr data-component="paid">
              <td>
                <strong>{t('amountPaid')}</strong>
              </td>
              <td className="num" data-testid="amount-paid">
                <strong>{money(q.data!.transaction.amount)}</strong>
              </td>
            </tr>
          </DataTable>
        </>
      )}
    </Section>
  );
}

function TermFact({ name, family, term }: { name: MessageKey; family: CodeFamily; term: { modality: string; value: number } | null | undefined }) {
  const { t } = useI18n();
  if (!term) return null;
  return (
    <>
      <dt>{t(name)}</dt>
      <dd>
        <Term family={family} modality={term.modality} value={term.value} />
      </dd>
    </>
  );
}

/** A term's value in its unit (a percentage or reais), then its modality in words. */
function Term({ family, modality, value }: { family: CodeFamily; modality: string; value: number | null }) {
  const { money, label, locale } = useI18n();
  return (
    <span data-modality={modality}>
      {value !== null && <>{isPercentModality(modality) ? percentFormat(locale, value) : money(value)} · </>}
      {label(family, modality)}
    </span>
  );
}
