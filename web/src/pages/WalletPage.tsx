import { useEffect, useMemo, useState } from 'react';
import { type DayVolume, VolumeChart } from '../components/VolumeChart';
import { ChoiceFilter, DataTable, ErrorMessage, Field, Loadable, Section } from '../components/ui';
import { ApiError, request } from '../lib/client';
import { download, toCsv } from '../lib/csv';
import { graphql, type ResultOf, type VariablesOf } from '../lib/graphql';
import { useQuery, useSubscription } from '../lib/hooks';
import { useI18n } from '../lib/i18n';
import type { Direction } from '../lib/money';
import { AmountComponentsLine } from '../components/AmountComponentsLine';
import { STATEMENT_CSV_HEADER, statementCsvRow } from '../lib/statement-csv';

const Wallet = graphql(`query Wallet { wallet { balancePix balanceTotal balanceBlocked currency updatedAt } balance { available blocked total } }`);
const WalletUpdated = graphql(`subscription WalletUpdated { walletUpdated { entryId balanceTotal } }`);
const Statement = graphql(`
  query Statement($cursor: String, $take: Int, $startDate: String, $endDate: String, $operationType: StatementEntryType) {
    statement(cursor: $cursor, take: $take, startDate: $startDate, endDate: $endDate, operationType: $operationType) {
      total
      endCursor
      hasNextPage
      items { id type amount description createdAt transactionId withdrawalId amountComponents { original fine interest abatement discount } }
    }
  }
`);

type Entry = ResultOf<typeof Statement>['statement']['items'][number];
type StatementVars = VariablesOf<typeof Statement>;
const TYPES = ['CREDIT', 'DEBIT', 'PENDING_CREDIT', 'PENDING_DEBIT', 'RETAINED', 'RELEASE_RETAINED'] as const;
/** Which way each entry type moves the seller's available money; the API sends every amount positive. */
const DIRECTION: Record<Entry['type'], Direction> = {
  CREDIT: 'credit',
  DEBIT: 'debit',
  PENDING_CREDIT: 'credit',
  PENDING_DEBIT: 'debit',
  RETAINED: 'debit',
  RELEASE_RETAINED: 'credit',
};
const PAGE = 20;

/** Every entry matching the filters, 100 at a time (at most `limit`). */
async function allEntries(vars: StatementVars, limit = 10_000): Promise<Entry[]> {
  const out: Entry[] = [];
  let cursor: string | null = null;
  do {
    const page: ResultOf<typeof Statement> = await request(Statement, { ...vars, take: 100, cursor });
    out.push(...page.statement.items);
    cursor = page.statement.hasNextPage ? page.statement.endCursor : null;
  } while (cursor && out.length < limit);
  return out;
}

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

export function WalletPage() {
  const { t, money, signedMoney, dateTime, date, label, statementText } = useI18n();
  const wallet = useQuery(Wallet, {});
  const [filters, setFilters] = useState<{ startDate?: string; endDate?: string; operationType?: (typeof TYPES)[number] }>({});
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const statement = useQuery(Statement, { ...filters, take: PAGE, cursor: cursors[cursors.length - 1] ?? null });
  const [days, setDays] = useState<DayVolume[]>();
  const [csvError, setCsvError] = useState<ApiError>();
  const [tick, setTick] = useState(0);

  useSubscription(WalletUpdated, {}, () => {
    wallet.reload();
    statement.reload();
    setTick((x) => x + 1);
  });

  useEffect(() => {
    const start = new Date(Date.now() - 29 * 86_400_000);
    allEntries({ startDate: utcDay(start) }, 5_000)
      .then((entries) => {
        const byDay = new Map<string, DayVolume>();
        for (let i = 0; i < 30; i++) {
          const day = date(new Date(start.getTime() + i * 86_400_000).toISOString());
          byDay.set(day, { day, received: 0, paidOut: 0 });
        }
        for (const e of entries) {
          const v = byDay.get(date(e.createdAt));
          if (!v) continue;
          if (e.type === 'CREDIT') v.received += Number(e.amount);
          if (e.type === 'DEBIT') v.paidOut += Math.abs(Number(e.amount));
        }
        setDays([...byDay.values()]);
      })
      .catch(() => setDays([]));
  }, [date, tick]);

  const exportCsv = async () => {
    setCsvError(undefined);
    try {
      const rows = await allEntries(filters);
      download('extrato.csv', toCsv(STATEMENT_CSV_HEADER, rows.map(statementCsvRow)));
    } catch (e) {
      setCsvError(e instanceof ApiError ? e : new ApiError('ERROR', String(e)));
    }
  };

  const w = wallet.data;
  const entries = statement.data?.statement.items ?? [];
  const statementPage = statement.data?.statement;
  const chart = useMemo(() => days && <VolumeChart days={days} />, [days]);
  return (
    <>
      <h1 tabIndex={-1}>{t('walletTitle')}</h1>
      <Loadable loading={wallet.loading} error={wallet.error} empty={!w} reload={wallet.reload}>
        {w && (
          <div className="tiles">
            <div className="tile">
              <span className="muted">{t('available')}</span>
              <strong data-testid="balance-available">{money(w.balance.available)}</strong>
            </div>
            <div className="tile">
              <span className="muted">{t('blocked')}</span>
              <strong>{money(w.balance.blocked)}</strong>
            </div>
            <div className="tile">
              <span className="muted">{t('total')}</span>
              <strong>{money(w.balance.total)}</strong>
              <small className="muted">{dateTime(w.wallet.updatedAt)}</small>
            </div>
          </div>
        )}
      </Loadable>
      <Section title={t('chartTitle')}>{chart ?? <p className="muted">{t('loading')}</p>}</Section>
      <Section
        title={t('statement')}
        actions={
          <button type="button" className="secondary" onClick={() => void exportCsv()}>
            {t('downloadCsv')}
          </button>
        }
      >
        <ErrorMessage error={csvError} />
        <StatementFilters
          onApply={(f) => {
            setCursors([null]);
            setFilters(f);
          }}
        />
        <Loadable loading={statement.loading} error={statement.error} empty={!statement.loading && entries.length === 0} reload={statement.reload}>
          <DataTable columns={[t('date'), t('type'), t('description'), { label: t('total'), num: true }]}>
                {entries.map((e) => (
                  <tr key={e.id}>
                    <td>{dateTime(e.createdAt)}</td>
                    <td>{label('StatementEntryType', e.type)}</td>
                    <td>
                      {statementText(e.description)}
                      {e.amountComponents && <AmountComponentsLine parts={e.amountComponents} />}
                    </td>
                    <td className={`num ${DIRECTION[e.type] === 'debit' ? 'neg' : ''}`} data-testid="entry-amount">
                      {signedMoney(e.amount, DIRECTION[e.type])}
                    </td>
                  </tr>
                ))}
          </DataTable>
          <div className="pager">
            <button type="button" className="secondary" disabled={cursors.length === 1} onClick={() => setCursors(cursors.slice(0, -1))}>
              {t('previous')}
            </button>
            <span className="muted">
              {statement.data?.statement.total ?? 0} {t('entries')}
            </span>
            <button type="button" className="secondary" disabled={!statementPage?.hasNextPage} onClick={() => statementPage?.endCursor && setCursors([...cursors, statementPage.endCursor])}>
              {t('next')}
            </button>
          </div>
        </Loadable>
      </Section>
    </>
  );
}

function StatementFilters({ onApply }: { onApply(f: { startDate?: string; endDate?: string; operationType?: (typeof TYPES)[number] }): void }) {
  const { t } = useI18n();
  const [startDate, setStart] = useState('');
  const [endDate, setEnd] = useState('');
  const [type, setType] = useState('');
  return (
    <form
      className="filters"
      onSubmit={(e) => {
        e.preventDefault();
        onApply({ startDate: startDate || undefined, endDate: endDate || undefined, operationType: (type || undefined) as (typeof TYPES)[number] | undefined });
      }}
    >
      <Field label={t('from')}>{(id) => <input id={id} type="date" value={startDate} onChange={(e) => setStart(e.target.value)} />}</Field>
      <Field label={t('until')}>{(id) => <input id={id} type="date" value={endDate} onChange={(e) => setEnd(e.target.value)} />}</Field>
      <ChoiceFilter label={t('type')} value={type} choices={TYPES} family="StatementEntryType" onChange={setType} />
      <button type="submit" className="secondary">
        {t('filter')}
      </button>
    </form>
  );
}
