import type { Clock } from '../../domain/shared/clock';
import type { Sql } from '../db/sql';
import type { Metrics } from './metrics';

/** The slice of the ORM's connection pool (tarn) that the pool gauges read. */
export interface PoolStats {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

const seconds = (v: unknown) => (v === null || v === undefined ? 0 : Math.max(0, Number(v)));

/**
 * Gauges read from PostgreSQL at scrape time: backlog of the outbox, of the webhook
 * deliveries and of the job runner, and the connection pool. Each instance reports the
 * same backlog figures: aggregate them with max(), not sum().
 */
export function registerDatabaseGauges(metrics: Metrics, sql: Sql, clock: Clock, pool: () => PoolStats | undefined): void {
  metrics.gauge('pixpay_outbox_oldest_unpublished_age_seconds', 'Age of the oldest event not yet relayed (0 when none): the outbox lag', [], async () => {
    const row = await sql.one<{ age: string | null }>(
      `select extract(epoch from (?::timestamptz - min(occurred_at))) as age from outbox where published_at is null and parked_at is null`,
      [clock.now()],
    );
    return [{ value: seconds(row?.age) }];
  });
  metrics.gauge('pixpay_outbox_parked_rows', 'Outbox rows set aside after repeated failures of their own', [], async () => {
    const row = await sql.one<{ n: string }>(`select count(*) as n from outbox where parked_at is not null and published_at is null`);
    return [{ value: Number(row?.n ?? 0) }];
  });
  metrics.gauge('pixpay_webhook_deliveries_waiting', 'Pending webhook deliveries by state (due, scheduled, in_flight)', ['state'], async () => {
    const now = clock.now();
    const rows = await sql.query<{ state: string; n: string }>(
      `select case when lease_until > ? then 'in_flight' when next_attempt_at <= ? then 'due' else 'scheduled' end as state, count(*) as n
       from webhook_deliveries where status = 'PENDING' group by 1`,
      [now, now],
    );
    return ['due', 'scheduled', 'in_flight'].map((state) => ({ labels: { state }, value: Number(rows.find((r) => r.state === state)?.n ?? 0) }));
  });
  metrics.gauge('pixpay_jobs_oldest_due_age_seconds', 'How long the oldest due, unclaimed durable job has waited (0 when none): the job runner lag', [], async () => {
    const now = clock.now();
    const row = await sql.one<{ age: string | null }>(
      `select extract(epoch from (?::timestamptz - min(run_at))) as age from jobs where run_at <= ? and (locked_until is null or locked_until <= ?)`,
      [now, now, now],
    );
    return [{ value: seconds(row?.age) }];
  });
  metrics.gauge('pixpay_db_pool_connections', 'Connections of the main database pool by state (in_use, idle)', ['state'], async () => {
    const p = pool();
    return p ? [{ labels: { state: 'in_use' }, value: p.numUsed() }, { labels: { state: 'idle' }, value: p.numFree() }] : [];
  });
  metrics.gauge('pixpay_db_pool_waiting_requests', 'Callers waiting for a connection of the main database pool', [], async () => {
    const p = pool();
    return p ? [{ value: p.numPendingAcquires() }] : [];
  });
}
