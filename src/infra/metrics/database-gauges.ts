import { performance } from 'node:perf_hooks';
import { Counter } from 'prom-client';
import type { Clock } from '../../domain/shared/clock';
import type { Sql } from '../db/sql';
import type { Metrics } from './metrics';

type AcquireEvent = 'acquireRequest' | 'acquireSuccess' | 'acquireFail';

/** The slice of the ORM's connection pool (tarn) that the pool gauges and the wait counters read. */
export interface PoolStats {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  /** tarn's events: each acquire emits `acquireRequest`, then `acquireSuccess` or `acquireFail`, with the same id. */
  on?(event: AcquireEvent, listener: (eventId: number) => void): void;
}

const seconds = (v: unknown) => (v === null || v === undefined ? 0 : Math.max(0, Number(v)));

/** The backlog figures of one scrape. */
interface Backlog {
  outbox_age: string | null;
  outbox_parked: string;
  /** Pending webhook deliveries by state, e.g. {"due": 3}. */
  webhooks: Record<string, number> | null;
  jobs_age: string | null;
}

/**
 * Gauges read from PostgreSQL at scrape time: backlog of the outbox, of the webhook
 * deliveries and of the job runner, and the connection pool. Each instance reports the
 * same backlog figures: aggregate them with max(), not sum().
 *
 * The backlog is one statement per scrape, shared by its gauges (prom-client collects them
 * all at once): one pooled connection for one round trip, not one connection per gauge,
 * so that a scrape takes no sizeable share of the pool from the requests it measures.
 */
export function registerDatabaseGauges(metrics: Metrics, sql: Sql, clock: Clock, pool: () => PoolStats | undefined): void {
  let reading: Promise<Backlog> | null = null;
  const backlog = () =>
    (reading ??= readBacklog(sql, clock.now()).finally(() => {
      reading = null;
    }));
  metrics.gauge('pixpay_outbox_oldest_unpublished_age_seconds', 'Age of the oldest event not yet relayed (0 when none): the outbox lag', [], async () => [
    { value: seconds((await backlog()).outbox_age) },
  ]);
  metrics.gauge('pixpay_outbox_parked_rows', 'Outbox rows set aside after repeated failures of their own', [], async () => [{ value: Number((await backlog()).outbox_parked) }]);
  metrics.gauge('pixpay_webhook_deliveries_waiting', 'Pending webhook deliveries by state (due, scheduled, in_flight)', ['state'], async () => {
    const states = (await backlog()).webhooks ?? {};
    return ['due', 'scheduled', 'in_flight'].map((state) => ({ labels: { state }, value: Number(states[state] ?? 0) }));
  });
  metrics.gauge('pixpay_jobs_oldest_due_age_seconds', 'How long the oldest due, unclaimed durable job has waited (0 when none): the job runner lag', [], async () => [
    { value: seconds((await backlog()).jobs_age) },
  ]);
  metrics.gauge('pixpay_db_pool_connections', 'Connections of the main database pool by state (in_use, idle)', ['state'], async () => {
    const p = pool();
    return p ? [{ labels: { state: 'in_use' }, value: p.numUsed() }, { labels: { state: 'idle' }, value: p.numFree() }] : [];
  });
  metrics.gauge('pixpay_db_pool_waiting_requests', 'Callers waiting for a connection of the main database pool', [], async () => {
    const p = pool();
    return p ? [{ value: p.numPendingAcquires() }] : [];
  });
  countPoolWaits(metrics, pool);
}

/**
 * Every acquire of a main-pool connection that found none idle and had to wait (for one
 * to be released, or for a new one to connect), counted exactly with the time waited: the
 * waiting gauge shows only the waits a scrape happens to see.
 *
 * tarn hands an idle connection to the oldest waiter at once, so an acquire waits exactly
 * when, as it is asked, there are no more idle connections than callers already waiting.
 */
function countPoolWaits(metrics: Metrics, pool: () => PoolStats | undefined): void {
  const waits = new Counter({
    name: 'pixpay_db_pool_waits_total',
    help: 'Acquires of a main database pool connection that found none idle and waited (for a release or a new connection)',
    registers: [metrics.registry],
    // The ORM may open its pool after the metrics are set up: a scrape then starts watching it.
    collect: () => watch(),
  });
  const waited = new Counter({
    name: 'pixpay_db_pool_wait_seconds_total',
    help: 'Time those acquires waited for their connection, in seconds',
    registers: [metrics.registry],
  });
  /** The acquires waiting, by tarn's event id: when each asked. */
  const since = new Map<number, number>();
  let watched: PoolStats | undefined;
  const watch = () => {
    const p = pool();
    if (!p?.on || p === watched) return;
    watched = p;
    p.on('acquireRequest', (id) => {
      if (p.numFree() > p.numPendingAcquires()) return;
      waits.inc();
      since.set(id, performance.now());
    });
    const settled = (id: number) => {
      const at = since.get(id);
      if (at === undefined) return;
      since.delete(id);
      waited.inc((performance.now() - at) / 1_000);
    };
    p.on('acquireSuccess', settled);
    p.on('acquireFail', settled);
  };
  watch();
}

async function readBacklog(sql: Sql, now: Date): Promise<Backlog> {
  const row = await sql.one<Backlog>(
    `select
       (select extract(epoch from (?::timestamptz - min(occurred_at))) from outbox where published_at is null and parked_at is null) as outbox_age,
       (select count(*) from outbox where parked_at is not null and published_at is null) as outbox_parked,
       (select json_object_agg(state, n) from (
          select case when lease_until > ? then 'in_flight' when next_attempt_at <= ? then 'due' else 'scheduled' end as state, count(*) as n
          from webhook_deliveries where status = 'PENDING' group by 1) w) as webhooks,
       (select extract(epoch from (?::timestamptz - min(run_at))) from jobs where run_at <= ? and (locked_until is null or locked_until <= ?)) as jobs_age`,
    [now, now, now, now, now, now],
  );
  if (!row) throw new Error('the backlog query answered no row');
  return row;
}
