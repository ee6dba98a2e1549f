import type { AttemptTotals, DailyTotals, WebhookStatsStore } from '../../domain/webhooks/webhook-stats';
import type { Sql } from '../db/sql';

const msOrNull = (v: number | string | null) => (v === null ? null : Math.round(Number(v)));

/** Sums of a registration's attempts over a time range (index webhook_attempts (endpoint_id, attempted_at)). */
export class PgWebhookStats implements WebhookStatsStore {
  constructor(private readonly sql: Sql) {}

  async totals(sellerId: string, endpointId: string, from: Date, to: Date): Promise<AttemptTotals> {
    const row = await this.sql.one<{ attempts: number; successes: number; p50: number | null; p95: number | null }>(
      `select count(*)::int as attempts, count(*) filter (where success)::int as successes,
              percentile_cont(0.5) within group (order by latency_ms) as p50,
              percentile_cont(0.95) within group (order by latency_ms) as p95
       from webhook_attempts where endpoint_id = ? and seller_id = ? and attempted_at >= ? and attempted_at <= ?`,
      [endpointId, sellerId, from, to],
    );
    return { attempts: row?.attempts ?? 0, successes: row?.successes ?? 0, p50LatencyMs: msOrNull(row?.p50 ?? null), p95LatencyMs: msOrNull(row?.p95 ?? null) };
  }

  async daily(sellerId: string, endpointId: string, from: Date, to: Date): Promise<DailyTotals[]> {
    return this.sql.query<DailyTotals>(
      `select to_char(attempted_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as attempts, count(*) filter (where success)::int as successes
       from webhook_attempts where endpoint_id = ? and seller_id = ? and attempted_at >= ? and attempted_at <= ?
       group by 1 order by 1`,
      [endpointId, sellerId, from, to],
    );
  }

  async lastError(sellerId: string, endpointId: string) {
    const row = await this.sql.one<{ error: string | null; status_code: number | null; attempted_at: Date }>(
      `select error, status_code, attempted_at from webhook_attempts
       where endpoint_id = ? and seller_id = ? and not success order by attempted_at desc limit 1`,
      [endpointId, sellerId],
    );
    return row ? { error: row.error ?? 'UNKNOWN', statusCode: row.status_code, at: new Date(row.attempted_at) } : null;
  }
}
