import { useState } from 'react';
import { ChoiceFilter, DataTable, Field, Loadable, Section, StatusBadge } from '../components/ui';
import { DISPUTE_ORIGINS, DISPUTE_STATUSES, DisputeFields, DisputeUpdated } from '../lib/disputes';
import { graphql, readFragment } from '../lib/graphql';
import { useQuery, useSubscription } from '../lib/hooks';
import { useI18n } from '../lib/i18n';
import { href } from '../lib/router';
import { Pager } from './ChargesPage';

const Disputes = graphql(
  `query Disputes($take: Int, $skip: Int, $status: DisputeStatus, $origin: DisputeOrigin, $transactionId: ID, $startDate: String, $endDate: String) {
    disputes(take: $take, skip: $skip, status: $status, origin: $origin, transactionId: $transactionId, startDate: $startDate, endDate: $endDate) {
      total items { ...DisputeFields }
    }
  }`,
  [DisputeFields],
);

const PAGE = 10;
type Filters = {
  status?: (typeof DISPUTE_STATUSES)[number];
  origin?: (typeof DISPUTE_ORIGINS)[number];
  transactionId?: string;
  startDate?: string;
  endDate?: string;
};

/** The seller's contestations and MED returns, newest first, with live status. */
export function DisputesPage() {
  const { t, money, dateTime, label } = useI18n();
  const [filters, setFilters] = useState<Filters>({});
  const [skip, setSkip] = useState(0);
  const list = useQuery(Disputes, { ...filters, take: PAGE, skip });
  const items = (list.data?.disputes.items ?? []).map((d) => readFragment(DisputeFields, d));

  // A known row takes the new state; a new dispute appears at the top of the unfiltered first page.
  useSubscription(DisputeUpdated, { id: null }, (d) => {
    const next = readFragment(DisputeFields, d.disputeUpdated);
    list.setData((prev) => {
      if (!prev) return prev;
      const rows = prev.disputes.items;
      if (rows.some((r) => readFragment(DisputeFields, r).id === next.id)) {
        return { disputes: { ...prev.disputes, items: rows.map((r) => (readFragment(DisputeFields, r).id === next.id ? d.disputeUpdated : r)) } };
      }
      const unfiltered = skip === 0 && Object.values(filters).every((v) => !v);
      return unfiltered ? { disputes: { total: prev.disputes.total + 1, items: [d.disputeUpdated, ...rows].slice(0, PAGE) } } : prev;
    });
  });

  return (
    <>
      <h1 tabIndex={-1}>{t('disputesTitle')}</h1>
      <Section title={t('disputesTitle')} actions={<span className="muted live">● {t('liveUpdates')}</span>}>
        <DisputeFilters
          onApply={(f) => {
            setSkip(0);
            setFilters(f);
          }}
        />
        <Loadable loading={list.loading} error={list.error} empty={!list.loading && items.length === 0} reload={list.reload}>
          <DataTable
            columns={[t('createdAt'), t('status'), { label: t('disputedAmount'), num: true }, t('origin'), t('appealDeadline'), t('chargeDetail'), { label: t('details'), hidden: true }]}
          >
            {items.map((d) => (
              <tr key={d.id} data-dispute={d.id}>
                <td>{dateTime(d.createdAt)}</td>
                <td>
                  <StatusBadge status={d.status} family="DisputeStatus" />
                </td>
                <td className="num">{money(d.amount)}</td>
                <td>{label('DisputeOrigin', d.origin)}</td>
                <td>{d.status === 'OPEN' ? dateTime(d.appealDeadline) : '—'}</td>
                <td>
                  <a href={href('charges', d.transactionId)}>
                    <code>{d.transactionId}</code>
                  </a>
                </td>
                <td>
                  <a href={href('disputes', d.id)} aria-label={`${t('details')} ${d.id}`}>
                    {t('details')}
                  </a>
                </td>
              </tr>
            ))}
          </DataTable>
          <Pager offset={skip} total={list.data?.disputes.total ?? 0} size={PAGE} onChange={setSkip} />
        </Loadable>
      </Section>
    </>
  );
}

function DisputeFilters({ onApply }: { onApply(f: Filters): void }) {
  const { t } = useI18n();
  const [status, setStatus] = useState('');
  const [origin, setOrigin] = useState('');
  const [transactionId, setTransactionId] = useState('');
  const [startDate, setStart] = useState('');
  const [endDate, setEnd] = useState('');
  return (
    <form
      className="filters"
      onSubmit={(e) => {
        e.preventDefault();
        onApply({
          status: (status || undefined) as Filters['status'],
          origin: (origin || undefined) as Filters['origin'],
          transactionId: transactionId.trim() || undefined,
          startDate: startDate || undefined,
          endDate: endDate || undefined,
        });
      }}
    >
      <ChoiceFilter label={t('status')} value={status} choices={DISPUTE_STATUSES} family="DisputeStatus" onChange={setStatus} />
      <ChoiceFilter label={t('origin')} value={origin} choices={DISPUTE_ORIGINS} family="DisputeOrigin" onChange={setOrigin} />
      <Field label={t('chargeId')}>{(id) => <input id={id} value={transactionId} onChange={(e) => setTransactionId(e.target.value)} />}</Field>
      <Field label={t('from')}>{(id) => <input id={id} type="date" value={startDate} onChange={(e) => setStart(e.target.value)} />}</Field>
      <Field label={t('until')}>{(id) => <input id={id} type="date" value={endDate} onChange={(e) => setEnd(e.target.value)} />}</Field>
      <button type="submit" className="secondary">
        {t('filter')}
      </button>
    </form>
  );
}
