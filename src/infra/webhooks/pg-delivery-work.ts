import type { AttemptRecord, ClaimedDelivery, ClaimResult, DeliveryWorkStore } from '../../domain/webhooks/webhooks.ports';
import { WEBHOOK_JOBS } from '../../domain/webhooks/webhook-jobs';
import type { Sql } from '../db/sql';
import { isDatabaseUnavailable } from '../health/database-errors';
import { MicroBatcher } from '../db/micro-batcher';
import { sqlRunner, type QueryRunner } from './query-runners';

const NEXT_CYCLE_JOB = WEBHOOK_JOBS.nextCycle.kind;

interface ClaimRow {
  id: string;
  event_id: string;
  seller_id: string;
  endpoint_id: string | null;
  target: 'ENDPOINT' | 'POSTBACK';
  url: string;
  payload: Record<string, unknown> | string;
  attempts: number;
  cycle: number;
  attempt_in_cycle: number;
  expires_at: Date;
  secret_enc: string | null;
  max_per_second: number | null;
}

/**
 * A claim: `update` (the lease, `... returning d.*`) wrapped so that each claimed delivery
 * gets the current URL and sealed secret of its target with one look-up of its
 * registration (a deleted one keeps the delivery's URL and gives no secret) or, for a
 * postback, of its seller's secret.
 */
const claimStatement = (update: string) => `
  with claimed as (${update} returning d.*)
  select c.id, c.event_id, c.seller_id, c.endpoint_id, c.target, c.payload, c.attempts, c.cycle, c.attempt_in_cycle, c.expires_at,
    case when c.target = 'ENDPOINT' then coalesce(e.live_url, c.url) else c.url end as url,
    case when c.target = 'ENDPOINT' then e.live_secret_enc
         else (select s.secret_enc from webhook_postback_secrets s where s.seller_id = c.seller_id) end as secret_enc,
    case when c.target = 'ENDPOINT' then e.max_per_second end as max_per_second
  from claimed c
  left join lateral (
    select case when r.deleted_at is null then r.url end as live_url, case when r.deleted_at is null then r.secret_enc end as live_secret_enc, r.max_per_second
    from webhook_endpoints r where r.id = c.endpoint_id
  ) e on true`;

/**
 * An attempt made while the database is unreachable is recorded once it is back: the
 * record is retried this long (within the delivery's 60 s lease, so no other worker
 * attempts it meanwhile). A longer outage drops the record; the delivery is attempted
 * again after its lease (same X-Webhook-Id).
 */
const RECORD_RETRY_MS = 45_000;

/** Claim batches (leases) in flight at once, each on its own connection. */
export const CLAIM_BATCHES_IN_FLIGHT = 2;
/** Attempt-record batches in flight at once, each on its own connection. */
export const RECORD_BATCHES_IN_FLIGHT = 4;
const RECORD_RETRY_PAUSE_MS = 500;

async function retryWhileDatabaseUnavailable<T>(work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + RECORD_RETRY_MS;
  for (;;) {
    try {
      return await work();
    } catch (err) {
      if (!isDatabaseUnavailable(err) || Date.now() + RECORD_RETRY_PAUSE_MS > deadline) throw err;
      await new Promise((r) => setTimeout(r, RECORD_RETRY_PAUSE_MS));
    }
  }
}

export interface SecretOpener {
  open(sealed: string): string;
}

/** The delivery workers' side: claims (leases), attempt records, and the sweeper's expiry and rescue. */
export class PgDeliveryWork implements DeliveryWorkStore {
  private readonly opened = new Map<string, string>();
  /** Durable statements of the hot path (attempt records). */
  private readonly durable: QueryRunner;
  /** Statements whose loss in a database crash is harmless (leases, rescue marks). */
  private readonly relaxed: QueryRunner;
  /** RabbitMQ backend: a failed cycle also writes its next-cycle job (see records). */
  private readonly scheduleNextCycles: boolean;
  /** Each attempt record once written, and whether the delivery moved on (metrics). */
  private readonly onRecorded: (r: AttemptRecord, moved: boolean) => void;

  constructor(
    private readonly sql: Sql,
    private readonly box: SecretOpener,
    runners: { durable?: QueryRunner; relaxed?: QueryRunner; scheduleNextCycles?: boolean; onRecorded?: (r: AttemptRecord, moved: boolean) => void } = {},
  ) {
    this.durable = runners.durable ?? sqlRunner(sql);
    this.relaxed = runners.relaxed ?? this.durable;
    this.scheduleNextCycles = runners.scheduleNextCycles ?? false;
    this.onRecorded = runners.onRecorded ?? (() => undefined);
  }

  private open(sealed: string): string {
    let plain = this.opened.get(sealed);
    if (plain === undefined) {
      plain = this.box.open(sealed);
      if (this.opened.size > 10_000) this.opened.clear();
      this.opened.set(sealed, plain);
    }
    return plain;
  }

  private toClaimed(r: ClaimRow): ClaimedDelivery {
    return {
      id: r.id,
      eventId: r.event_id,
      sellerId: r.seller_id,
      endpointId: r.endpoint_id,
      target: r.target,
      url: r.url,
      payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
      attempts: r.attempts,
      cycle: r.cycle,
      attemptInCycle: r.attempt_in_cycle,
      expiresAt: new Date(r.expires_at),
      secret: r.secret_enc === null ? null : this.open(r.secret_enc),
      maxPerSecond: r.max_per_second ?? null,
    };
  }

  async claim(id: string, expectedAttempts: number | undefined, now: Date, leaseUntil: Date): Promise<ClaimResult> {
    const claimed = await this.claims.add({ id, n: expectedAttempts ?? -1, anyn: expectedAttempts === undefined, now, leaseUntil });
    if (claimed) return { kind: 'CLAIMED', delivery: this.toClaimed(claimed) };
    const [row] = await this.durable.query<{ status: string; attempts: number; lease_until: Date | null }>(
      `select status, attempts, lease_until from webhook_deliveries where id = ?`,
      [id],
    );
    if (!row || row.status !== 'PENDING' || (expectedAttempts !== undefined && row.attempts !== expectedAttempts)) return { kind: 'STALE' };
    const until = row.lease_until ? new Date(Math.max(new Date(row.lease_until).getTime(), now.getTime())) : now;
    return { kind: 'LEASED', until };
  }

  /** Claims of concurrent workers, one UPDATE per batch (leases: relaxed durability). */
  private readonly claims = new MicroBatcher<{ id: string; n: number; anyn: boolean; now: Date; leaseUntil: Date }, ClaimRow | null>(
    async (items) => {
      const rows = await this.relaxed.query<ClaimRow>(
        claimStatement(`update webhook_deliveries d set lease_until = ?
         from jsonb_to_recordset(?::jsonb) as x(id text, n int, anyn boolean)
         where d.id = x.id and d.status = 'PENDING' and (x.anyn or d.attempts = x.n) and (d.lease_until is null or d.lease_until <= ?)`),
        [items[0]!.leaseUntil, JSON.stringify(items.map(({ id, n, anyn }) => ({ id, n, anyn }))), items[0]!.now],
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      // A delivery named twice in one batch is claimed once: the second caller sees it leased.
      return items.map((i) => {
        const r = byId.get(i.id) ?? null;
        byId.delete(i.id);
        return r;
      });
    },
    { maxBatch: 200, maxInFlight: CLAIM_BATCHES_IN_FLIGHT },
  );

  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
    const rows = await this.relaxed.query<ClaimRow>(
      claimStatement(`update webhook_deliveries d set lease_until = ?
       where d.id in (
         select id from webhook_deliveries
         where status = 'PENDING' and next_attempt_at <= ? and (lease_until is null or lease_until <= ?)
         order by next_attempt_at limit ? for update skip locked)`),
      [leaseUntil, now, now, limit],
    );
    return rows.map((r) => this.toClaimed(r));
  }

  /** When the next delivery of the embedded queue falls due (null: none pending). */
  async nextDueAt(): Promise<Date | null> {
    const row = await this.sql.one<{ at: Date | null }>(`select min(next_attempt_at) as at from webhook_deliveries where status = 'PENDING'`);
    return row?.at ? new Date(row.at) : null;
  }

  async record(r: AttemptRecord): Promise<boolean> {
    const moved = await this.records.add(r);
    this.onRecorded(r, moved);
    return moved;
  }

  /**
   * Attempt records of concurrent workers in one statement: every attempt row is
   * inserted; each delivery moves on only if it is still at its expected attempt count
   * (the fence that makes a duplicate message harmless). With `scheduleNextCycles`, a
   * delivery that moved to its next cycle gets its durable wake-up job in the same
   * statement: once the failure is recorded, the next cycle is scheduled, whatever
   * happens to the broker (a closed channel can no longer lose it).
   */
  private readonly records = new MicroBatcher<AttemptRecord, boolean>(
    async (items) => {
      const rows = items.map((r) => {
        const a = r.attempt;
        return {
          delivery_id: r.deliveryId,
          event_id: r.eventId,
          seller_id: r.sellerId,
          endpoint_id: r.endpointId,
          expected: r.expectedAttempts,
          has_attempt: a !== null,
          a_cycle: a?.cycle ?? 0,
          a_aic: a?.attemptInCycle ?? 0,
          attempted_at: a ? a.attemptedAt.toISOString() : null,
          url: a?.url ?? '',
          success: a?.success ?? false,
          status_code: a?.statusCode ?? null,
          latency_ms: a?.latencyMs ?? 0,
          error: a?.error ?? null,
          excerpt: a?.responseExcerpt ?? null,
          status: r.next.status,
          cycle: r.next.cycle,
          aic: r.next.attemptInCycle,
          next_at: r.next.nextAttemptAt?.toISOString() ?? null,
          last_status_code: r.next.lastStatusCode,
          last_error: r.next.lastError,
          delivered_at: r.next.deliveredAt?.toISOString() ?? null,
          now: r.now.toISOString(),
          next_cycle: a !== null && r.next.status === 'PENDING' && r.next.cycle > a.cycle,
        };
      });
      const moved = await retryWhileDatabaseUnavailable(() => this.durable.query<{ id: string; attempts: number }>(
        `with r as (
           select * from jsonb_to_recordset(?::jsonb) as r(delivery_id text, event_id text, seller_id text, endpoint_id text, expected int,
             has_attempt boolean, a_cycle int, a_aic int, attempted_at timestamptz, url text, success boolean, status_code int, latency_ms int,
             error text, excerpt text, status text, cycle int, aic int, next_at timestamptz, last_status_code int, last_error text,
             delivered_at timestamptz, now timestamptz, next_cycle boolean)
         ), att as (
           insert into webhook_attempts (delivery_id, event_id, seller_id, endpoint_id, number, cycle, attempt_in_cycle, attempted_at, url, success,
             status_code, latency_ms, error, response_excerpt)
           select delivery_id, event_id, seller_id, endpoint_id, expected + 1, a_cycle, a_aic, attempted_at, url, success,
             status_code, latency_ms, error, excerpt
           from r where has_attempt
         ), moved as (
         update webhook_deliveries d set attempts = d.attempts + (case when r.has_attempt then 1 else 0 end), status = r.status, cycle = r.cycle,
           attempt_in_cycle = r.aic, next_attempt_at = r.next_at, lease_until = null,
           last_attempt_at = coalesce(r.attempted_at, d.last_attempt_at), last_status_code = case when r.has_attempt then r.last_status_code else d.last_status_code end,
           last_error = case when r.has_attempt or r.status <> 'PENDING' then r.last_error else d.last_error end, delivered_at = r.delivered_at, updated_at = r.now
         from r
         where d.id = r.delivery_id and d.attempts = r.expected and d.status = 'PENDING'
         returning d.id, r.expected as attempts, d.attempts as now_attempts, d.next_attempt_at, r.next_cycle
         ), job as (
           insert into jobs (kind, key, run_at, payload)
           select ?, ? || ':' || m.id || ':' || m.now_attempts, m.next_attempt_at, jsonb_build_object('d', m.id, 'n', m.now_attempts)
           from moved m where ?::boolean and m.next_cycle and m.next_attempt_at is not null
           on conflict (key) do nothing
         )
         select id, attempts from moved`,
        [JSON.stringify(rows), NEXT_CYCLE_JOB, NEXT_CYCLE_JOB, this.scheduleNextCycles],
      ));
      const ok = new Set(moved.map((m) => `${m.id}:${m.attempts}`));
      return items.map((i) => ok.delete(`${i.deliveryId}:${i.expectedAttempts}`));
    },
    { maxBatch: 200, maxInFlight: RECORD_BATCHES_IN_FLIGHT },
  );

  /** Marks PENDING deliveries past expires_at EXPIRED (those no message or poll would reach). */
  async expireOverdue(now: Date): Promise<number> {
    const rows = await this.sql.query<{ id: string }>(
      `update webhook_deliveries set status = 'EXPIRED', next_attempt_at = null, lease_until = null,
         last_error = coalesce(last_error, 'expired'), updated_at = ?
       where status = 'PENDING' and expires_at <= ? and (lease_until is null or lease_until <= ?)
       returning id`,
      [now, now, now],
    );
    return rows.length;
  }

  /**
   * RabbitMQ safety net: PENDING deliveries whose next attempt is overdue by more than
   * `graceMs` and that nobody holds had their message lost (a crash between commit and
   * publish); returns them to be enqueued again, with next_attempt_at moved to now so
   * they are not picked again before another grace period.
   */
  async takeOverdue(now: Date, graceMs: number, limit: number): Promise<{ id: string; attempts: number }[]> {
    return this.relaxed.query<{ id: string; attempts: number }>(
      `update webhook_deliveries d set next_attempt_at = ?
       where d.id in (
         select id from webhook_deliveries
         where status = 'PENDING' and next_attempt_at <= ? and (lease_until is null or lease_until <= ?) and expires_at > ?
         order by next_attempt_at limit ? for update skip locked)
       returning d.id, d.attempts`,
      [now, new Date(now.getTime() - graceMs), now, now, limit],
    );
  }
}
