import { type FormEvent, useState } from 'react';
import { DeliveryFields, DeliveryTable } from '../components/Deliveries';
import { ChoiceFilter, CodeOptions, CopyButton, ErrorMessage, Field, Loadable, Notice, Section } from '../components/ui';
import { graphql, readFragment } from '../lib/graphql';
import { useMutation, useQuery } from '../lib/hooks';
import { useI18n } from '../lib/i18n';
import { Pager } from './ChargesPage';

const Webhooks = graphql(`query Webhooks { webhooks { id url eventType description secretLast4 createdAt state stateChangedAt } }`);
const EnableWebhook = graphql(`mutation EnableWebhook($id: ID!, $since: DateTimeISO) { enableWebhook(id: $id, recoverSince: $since) { recovered } }`);
const CreateWebhook = graphql(`
  mutation CreateWebhook($url: String!, $eventType: WebhookEventCategory!, $description: String) {
    createWebhook(url: $url, eventType: $eventType, description: $description) { secret webhook { id } }
  }
`);
const DeleteWebhook = graphql(`mutation DeleteWebhook($id: ID!) { deleteWebhook(id: $id) }`);
const TestWebhook = graphql(`mutation TestWebhook($id: ID!) { sendWebhookTestEvent(id: $id) { id } }`);
const Deliveries = graphql(
  `query Deliveries($take: Int, $skip: Int, $status: WebhookDeliveryStatus) { webhookDeliveries(take: $take, skip: $skip, status: $status) { total items { ...DeliveryFields } } }`,
  [DeliveryFields],
);
const ResendTx = graphql(`mutation ResendTx($ids: [ID!]!) { resendTransactionEvents(transactionIds: $ids) { id deliveries } }`);
const ResendW = graphql(`mutation ResendW($ids: [ID!]!) { resendWithdrawalEvents(withdrawalIds: $ids) { id deliveries } }`);
const Replay = graphql(`mutation Replay($from: DateTimeISO!) { replayFailedWebhookDeliveries(from: $from) }`);

const CATEGORIES = ['ALL', 'TRANSACTION', 'WITHDRAWAL', 'DISPUTE', 'RECURRENCE', 'SPLIT_SHARE'] as const;
const DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED', 'EXPIRED', 'CANCELED', 'HELD'] as const;
const PAGE = 20;

export function WebhooksPage() {
  const { t, dateTime, label } = useI18n();
  const hooks = useQuery(Webhooks, {});
  const remove = useMutation(DeleteWebhook);
  const test = useMutation(TestWebhook);
  const enable = useMutation(EnableWebhook);
  const [notice, setNotice] = useState<string>();
  const [skip, setSkip] = useState(0);
  const [status, setStatus] = useState<(typeof DELIVERY_STATUSES)[number]>();
  const deliveries = useQuery(Deliveries, { take: PAGE, skip, status });
  const list = hooks.data?.webhooks ?? [];

  const enableAgain = async (id: string, since: string | null) => {
    const r = await enable.run({ id, since });
    if (r) {
      setNotice(`${t('webhookEnabled')} ${r.enableWebhook.recovered}`);
      hooks.reload();
      deliveries.reload();
    }
  };
  const sendTest = async (id: string) => {
    if (await test.run({ id })) {
      setNotice(t('testSent'));
      deliveries.reload();
    }
  };
  return (
    <>
      <h1 tabIndex={-1}>{t('webhooksTitle')}</h1>
      <NewWebhook onCreated={hooks.reload} />
      <Section title={t('webhooksTitle')}>
        {notice && <Notice>{notice}</Notice>}
        <ErrorMessage error={remove.error ?? test.error ?? enable.error} />
        <Loadable loading={hooks.loading} error={hooks.error} empty={!hooks.loading && list.length === 0} reload={hooks.reload}>
          <ul className="hooks">
            {list.map((h) => (
              <li key={h.id} className="hook" data-webhook={h.id}>
                <div>
                  <code>{h.url}</code> <span className="badge badge-info">{label('WebhookEventCategory', h.eventType)}</span>{' '}
                  <span className={`badge badge-${h.state === 'ACTIVE' ? 'ok' : h.state === 'FAILING' ? 'wait' : 'bad'}`} data-webhook-state={h.state}>
                    {label('WebhookState', h.state)}
                  </span>
                  {h.state !== 'ACTIVE' && (
                    <p className="webhook-notice" role="status">
                      {t(h.state === 'FAILING' ? 'webhookFailingNotice' : 'webhookDisabledNotice')} {dateTime(h.stateChangedAt)}
                    </p>
                  )}
                  <br />
                  <small className="muted">
                    {h.description ? `${h.description} · ` : ''}…{h.secretLast4} · {dateTime(h.createdAt)}
                  </small>
                </div>
                <div className="actions">
                  {h.state === 'DISABLED' && (
                    <button type="button" className="small" onClick={() => void enableAgain(h.id, h.stateChangedAt)}>
                      {t('enableWebhook')}
                    </button>
                  )}
                  <button type="button" className="secondary small" onClick={() => void sendTest(h.id)}>
                    {t('sendTest')}
                  </button>
                  <button type="button" className="danger small" onClick={() => void remove.run({ id: h.id }).then((r) => r && hooks.reload())}>
                    {t('delete')}
                  </button>
                </div>
                <WebhookStatsPanel id={h.id} />
              </li>
            ))}
          </ul>
        </Loadable>
      </Section>
      <Section
        title={t('deliveries')}
        actions={
          <button type="button" className="secondary small" onClick={deliveries.reload}>
            ↻
            <span className="sr-only">{t('retry')}</span>
          </button>
        }
      >
        <div className="filters">
          <ChoiceFilter
            label={t('status')}
            value={status ?? ''}
            choices={DELIVERY_STATUSES}
            family="WebhookDeliveryStatus"
            onChange={(v) => {
              setSkip(0);
              setStatus((v || undefined) as typeof status);
            }}
          />
        </div>
        <Loadable loading={deliveries.loading} error={deliveries.error} empty={false} reload={deliveries.reload}>
          <DeliveryTable
            deliveries={(deliveries.data?.webhookDeliveries.items ?? []).map((d) => readFragment(DeliveryFields, d))}
            actions={(d) => (d.resourceType === 'TRANSACTION' || d.resourceType === 'WITHDRAWAL' ? <ResendButton type={d.resourceType} id={d.resourceId} onDone={deliveries.reload} /> : null)}
          />
          <Pager offset={skip} total={deliveries.data?.webhookDeliveries.total ?? 0} size={PAGE} onChange={setSkip} />
        </Loadable>
        <ReplayForm onDone={deliveries.reload} />
      </Section>
    </>
  );
}

function ResendButton({ type, id, onDone }: { type: 'TRANSACTION' | 'WITHDRAWAL'; id: string; onDone(): void }) {
  const { t } = useI18n();
  const tx = useMutation(ResendTx);
  const w = useMutation(ResendW);
  const run = async () => {
    const r = type === 'TRANSACTION' ? await tx.run({ ids: [id] }) : await w.run({ ids: [id] });
    if (r) onDone();
  };
  return (
    <>
      <button type="button" className="secondary small" onClick={() => void run()} disabled={tx.busy || w.busy}>
        {t('resend')}
      </button>
      <ErrorMessage error={tx.error ?? w.error} />
    </>
  );
}

function ReplayForm({ onDone }: { onDone(): void }) {
  const { t } = useI18n();
  const replay = useMutation(Replay);
  const [from, setFrom] = useState('');
  const [count, setCount] = useState<number>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = await replay.run({ from: new Date(from).toISOString() });
    if (r) {
      setCount(r.replayFailedWebhookDeliveries);
      onDone();
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="inline-form">
      <Field label={t('replayFrom')}>{(id) => <input id={id} type="datetime-local" required value={from} onChange={(e) => setFrom(e.target.value)} />}</Field>
      <button type="submit" className="secondary" disabled={replay.busy}>
        {t('replay')}
      </button>
      <ErrorMessage error={replay.error} />
      {count !== undefined && (
        <Notice>
          {count} {t('replayed')}
        </Notice>
      )}
    </form>
  );
}

function NewWebhook({ onCreated }: { onCreated(): void }) {
  const { t } = useI18n();
  const create = useMutation(CreateWebhook);
  const [url, setUrl] = useState('https://');
  const [eventType, setEventType] = useState<(typeof CATEGORIES)[number]>('ALL');
  const [description, setDescription] = useState('');
  const [secret, setSecret] = useState<string>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = await create.run({ url, eventType, description: description || undefined });
    if (!r) return;
    setSecret(r.createWebhook.secret);
    setUrl('https://');
    setDescription('');
    onCreated();
  };
  return (
    <Section title={t('newWebhook')}>
      <form onSubmit={(e) => void submit(e)} className="grid-form">
        <Field label={t('url')}>{(id) => <input id={id} type="url" required value={url} onChange={(e) => setUrl(e.target.value)} />}</Field>
        <Field label={t('eventType')}>
          {(id) => (
            <select id={id} value={eventType} onChange={(e) => setEventType(e.target.value as typeof eventType)}>
              <CodeOptions family="WebhookEventCategory" codes={CATEGORIES} />
            </select>
          )}
        </Field>
        <Field label={t('description')}>{(id) => <input id={id} value={description} onChange={(e) => setDescription(e.target.value)} />}</Field>
        <ErrorMessage error={create.error} />
        <button type="submit" disabled={create.busy}>
          {t('create')}
        </button>
      </form>
      {secret && (
        <div className="secret" role="status">
          <p>{t('secretShownOnce')}</p>
          <code data-testid="webhook-secret">{secret}</code> <CopyButton text={secret} label={t('secretShownOnce')} />
        </div>
      )}
    </Section>
  );
}

const Stats = graphql(`
  query WebhookStats($id: ID!) {
    webhookStats(webhookId: $id) {
      last24h { attempts successRate p50LatencyMs p95LatencyMs }
      last7d { attempts successRate p50LatencyMs p95LatencyMs }
      daily { day attempts successes }
      lastError { error at }
    }
  }
`);

/** Attempts and success over 24 h and 7 days, and a bar per day (successes dark, failures light). */
function WebhookStatsPanel({ id }: { id: string }) {
  const { t, dateTime } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <details className="webhook-stats" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>{t('webhookStats')}</summary>
      {open && <StatsBody id={id} t={t} dateTime={dateTime} />}
    </details>
  );
}

function StatsBody({ id, t, dateTime }: { id: string; t: ReturnType<typeof useI18n>['t']; dateTime: ReturnType<typeof useI18n>['dateTime'] }) {
  const stats = useQuery(Stats, { id });
  const s = stats.data?.webhookStats;
  const rate = (r: number | null | undefined) => (r === null || r === undefined ? '—' : `${(r * 100).toFixed(1)} %`);
  const ms = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${v} ms`);
  const top = Math.max(1, ...(s?.daily ?? []).map((d) => d.attempts));
  return (
    <Loadable loading={stats.loading} error={stats.error} empty={false} reload={stats.reload}>
      {s && (
        <div className="stats">
          <table>
            <thead>
              <tr>
                <th />
                <th>{t('attempts')}</th>
                <th>{t('successRate')}</th>
                <th>{t('latencyP50P95')}</th>
              </tr>
            </thead>
            <tbody>
              {([['last24h', s.last24h], ['last7d', s.last7d]] as const).map(([key, w]) => (
                <tr key={key}>
                  <th scope="row">{t(key)}</th>
                  <td>{w.attempts}</td>
                  <td>{rate(w.successRate)}</td>
                  <td>
                    {ms(w.p50LatencyMs)} / {ms(w.p95LatencyMs)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <svg className="stats-chart" viewBox="0 0 140 40" role="img" aria-label={t('last7d')}>
            {s.daily.map((d, i) => {
              const h = (d.attempts / top) * 38;
              const ok = (d.successes / top) * 38;
              return (
                <g key={d.day}>
                  <title>{`${d.day}: ${d.successes}/${d.attempts}`}</title>
                  <rect x={i * 20 + 2} y={40 - h} width={16} height={h} fill="#fbdcd9" />
                  <rect x={i * 20 + 2} y={40 - ok} width={16} height={ok} fill="#05452e" />
                </g>
              );
            })}
          </svg>
          {s.lastError && (
            <p className="muted">
              {t('lastError')}: <code>{s.lastError.error}</code> · {dateTime(s.lastError.at)}
            </p>
          )}
        </div>
      )}
    </Loadable>
  );
}
