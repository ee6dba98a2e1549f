import { Fragment, useState } from 'react';
import { graphql, type ResultOf } from '../lib/graphql';
import { useQuery } from '../lib/hooks';
import { useI18n } from '../lib/i18n';
import { DataTable, Loadable, StatusBadge } from './ui';

export const DeliveryFields = graphql(`
  fragment DeliveryFields on WebhookDelivery {
    id eventId eventType resourceId resourceType status target trigger url attempts createdAt lastAttemptAt lastStatusCode lastError nextAttemptAt webhookId
  }
`);

const DeliveryAttempts = graphql(`
  query DeliveryAttempts($id: ID!) {
    webhookDelivery(id: $id) { id attemptLog { id number attemptedAt statusCode success latencyMs error responseExcerpt } }
  }
`);

type Delivery = ResultOf<typeof DeliveryFields>;

/** Deliveries with their attempts on demand; optional actions per row. */
export function DeliveryTable({ deliveries, actions }: { deliveries: readonly Delivery[]; actions?: (d: Delivery) => React.ReactNode }) {
  const { t, dateTime, label } = useI18n();
  const [open, setOpen] = useState<string>();
  if (deliveries.length === 0) return <p className="muted">{t('empty')}</p>;
  return (
    <DataTable columns={[t('createdAt'), t('event'), t('status'), t('attempts'), { label: t('details'), hidden: true }]}>
          {deliveries.map((d) => (
            <Fragment key={d.id}>
              <tr data-delivery={d.id}>
                <td>{dateTime(d.createdAt)}</td>
                <td>
                  <span data-event={d.eventType}>{label('Event', d.eventType)}</span> <code>{d.eventType}</code>
                  <br />
                  <small className="muted">{d.url}</small>
                </td>
                <td>
                  <StatusBadge status={d.status} family="WebhookDeliveryStatus" /> {d.lastStatusCode ? <small>HTTP {d.lastStatusCode}</small> : null}
                </td>
                <td>{d.attempts}</td>
                <td className="row-actions">
                  <button type="button" className="secondary small" aria-expanded={open === d.id} onClick={() => setOpen(open === d.id ? undefined : d.id)}>
                    {t('attempts')}
                  </button>
                  {actions?.(d)}
                </td>
              </tr>
              {open === d.id && (
                <tr>
                  <td colSpan={5}>
                    <Attempts id={d.id} />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
    </DataTable>
  );
}

function Attempts({ id }: { id: string }) {
  const { t, dateTime } = useI18n();
  const q = useQuery(DeliveryAttempts, { id });
  const log = q.data?.webhookDelivery.attemptLog ?? [];
  return (
    <Loadable loading={q.loading} error={q.error} empty={!q.loading && log.length === 0} reload={q.reload}>
      <ul className="attempts">
        {log.map((a) => (
          <li key={a.id}>
            {t('attempt')} {a.number} · {dateTime(a.attemptedAt)} · <StatusBadge status={a.success ? 'DELIVERED' : 'FAILED'} family="WebhookDeliveryStatus" /> {a.statusCode ?? '—'} · {t('latency')} {a.latencyMs} ms
            {a.error && <span className="error"> · {a.error}</span>}
            {a.responseExcerpt && (
              <>
                {' '}
                · {t('response')}: <code>{a.responseExcerpt.slice(0, 200)}</code>
              </>
            )}
          </li>
        ))}
      </ul>
    </Loadable>
  );
}
