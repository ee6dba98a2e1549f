import type { AggregateType, DeliveryStatus, NewDelivery, Page, WebhookAttempt, WebhookDelivery } from '../../domain/webhooks/webhook.types';
import type {
  AttemptFilter,
  AttemptRecord,
  ClaimedDelivery,
  ClaimResult,
  DeliveryFilter,
  DeliveryRepository,
  DeliveryWorkStore,
  FanOutPlan,
  StoredEvent,
} from '../../domain/webhooks/webhooks.ports';
import type { Tx } from '../../domain/shared/unit-of-work';
import type { Sql } from '../db/sql';
import { isDatabaseUnavailable } from '../health/database-errors';
import { MicroBatcher } from './micro-batcher';
import { WEBHOOK_JOBS } from '../../domain/webhooks/webhook-jobs';

const NEXT_CYCLE_JOB = WEBHOOK_JOBS.nextCycle.kind;
import { sqlRunner, type QueryRunner } from './worker-db';

interface DeliveryRow {
  id: string;
  event_id: string;
  event_type: string;
  seller_id: string;
  aggregate_type: AggregateType | 'TEST';
  aggregate_id: string;
  target: 'ENDPOINT' | 'POSTBACK';
  endpoint_id: string | null;
  url: string;
  trigger: WebhookDelivery['trigger'];
  status: DeliveryStatus;
  attempts: number;
  cycle: number;
  attempt_in_cycle: number;
  next_attempt_at: Date | null;
  expires_at: Date;
  last_attempt_at: Date | null;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: Date | null;
  replay_of: string | null;
  created_at: Date;
  updated_at: Date;
}

const date = (v: Date | string | null): Date | null => (v === null ? null : new Date(v));

const toDelivery = (r: DeliveryRow): WebhookDelivery => ({
  id: r.id,
  eventId: r.event_id,
  eventType: r.event_type,
  sellerId: r.seller_id,
  aggregateType: r.aggregate_type,
  aggregateId: r.aggregate_id,
  target: r.target,
  endpointId: r.endpoint_id,
  url: r.url,
  trigger: r.trigger,
  status: r.status,
  attempts: r.attempts,
  cycle: r.cycle,
  attemptInCycle: r.attempt_in_cycle,
  nextAttemptAt: date(r.next_attempt_at),
  expiresAt: new Date(r.expires_at),
  lastAttemptAt: date(r.last_attempt_at),
  lastStatusCode: r.last_status_code,
  lastError: r.last_error,
  deliveredAt: date(r.delivered_at),
  replayOf: r.replay_of,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

interface AttemptRow {
  id: string;
  delivery_id: string;
  event_id: string;
  endpoint_id: string | null;
  number: number;
  cycle: number;
  attempt_in_cycle: number;
  attempted_at: Date;
  url: string;
  success: boolean;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
  response_excerpt: string | null;
}

const toAttempt = (r: AttemptRow): WebhookAttempt => ({
  id: String(r.id),
  deliveryId: r.delivery_id,
  eventId: r.event_id,
  endpointId: r.endpoint_id,
  number: r.number,
  cycle: r.cycle,
  attemptInCycle: r.attempt_in_cycle,
  attemptedAt: new Date(r.attempted_at),
  url: r.url,
  success: r.success,
  statusCode: r.status_code,
  latencyMs: r.latency_ms,
  error: r.error,
  responseExcerpt: r.response_excerpt,
});

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
}

/** Columns returned by a claim: the delivery, the current URL and sealed secret of its target. */
const CLAIM_RETURNING = `
  d.id, d.event_id, d.seller_id, d.endpoint_id, d.target, d.payload, d.attempts, d.cycle, d.attempt_in_cycle, d.expires_at,
  case when d.target = 'ENDPOINT'
       then coalesce((select e.url from webhook_endpoints e where e.id = d.endpoint_id and e.deleted_at is null), d.url)
       else d.url end as url,
  case when d.target = 'ENDPOINT'
       then (select e.secret_enc from webhook_endpoints e where e.id = d.endpoint_id and e.deleted_at is null)
       else (select s.secret_enc from webhook_postback_secrets s where s.seller_id = d.seller_id) end as secret_enc`;

const NEW_ID = `'dlv_' || replace(gen_random_uuid()::text, '-', '')`;

/**
 * An attempt made while the database is unreachable is recorded once it is back: the
 * record is retried this long (within the delivery's 60 s lease, so no other worker
 * attempts it meanwhile). A longer outage drops the record; the delivery is attempted
 * again after its lease (same X-Webhook-Id).
 */
const RECORD_RETRY_MS = 45_000;
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

/** Deliveries and attempts in PostgreSQL: the delivery log, fan-out, and the workers' claims. */
export class PgWebhookDeliveries implements DeliveryRepository, DeliveryWorkStore {
  private readonly opened = new Map<string, string>();
  /** Durable statements of the hot path (fan-out outside a tx, attempt records). */
  private readonly durable: QueryRunner;
  /** Statements whose loss in a database crash is harmless (leases, rescue marks). */
  private readonly relaxed: QueryRunner;
  /** RabbitMQ backend: a failed cycle also writes its next-cycle job (see recordBatch). */
  private readonly scheduleNextCycles: boolean;
  /** Each attempt record once written, and whether the delivery moved on (metrics). */
  private readonly onRecorded: (r: AttemptRecord, moved: boolean) => void;

  constructor(
    private readonly sql: Sql,
    private readonly box: SecretOpener,
    /** A fresh sealed postback secret, used when a seller's first postback is fanned out. */
    private readonly newSealedSecret: () => { secretEnc: string; last4: string },
    runners: { durable?: QueryRunner; relaxed?: QueryRunner; scheduleNextCycles?: boolean; onRecorded?: (r: AttemptRecord, moved: boolean) => void } = {},
  ) {
    this.durable = runners.durable ?? sqlRunner(sql);
    this.relaxed = runners.relaxed ?? this.durable;
    this.scheduleNextCycles = runners.scheduleNextCycles ?? false;
    this.onRecorded = runners.onRecorded ?? (() => undefined);
  }

  private run<T>(runner: QueryRunner, text: string, params: unknown[], tx?: Tx): Promise<T[]> {
    return tx ? this.sql.query<T>(text, params, tx) : runner.query<T>(text, params);
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

  async insert(d: NewDelivery): Promise<void> {
    await this.sql.query(
      `insert into webhook_deliveries (id, dedupe_key, event_id, event_type, seller_id, aggregate_type, aggregate_id, target, endpoint_id, url,
         payload, trigger, status, last_error, next_attempt_at, expires_at, replay_of, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [d.id, d.dedupeKey, d.eventId, d.eventType, d.sellerId, d.aggregateType, d.aggregateId, d.target, d.endpointId, d.url,
        JSON.stringify(d.payload), d.trigger, d.status, d.lastError, d.status === 'PENDING' ? d.nextAttemptAt : null, d.expiresAt, d.replayOf, d.createdAt, d.createdAt],
    );
  }

  fanOut(plan: FanOutPlan, tx?: Tx): Promise<{ id: string; attempts: number }[]> {
    return this.fanOutMany([plan], tx);
  }

  /**
   * The deliveries of many events in ONE statement (the relay's batch): for each event
   * the matching registrations of its seller and its postback, plus the seller's
   * postback secret on first use. Idempotent per dedupe key. In tx when given.
   */
  async fanOutMany(plans: FanOutPlan[], tx?: Tx): Promise<{ id: string; attempts: number }[]> {
    if (plans.length === 0) return [];
    const secrets = new Map<string, { secretEnc: string; last4: string }>();
    const events = plans.map((p) => {
      const pb = p.postback;
      if (pb?.status === 'PENDING' && !secrets.has(p.event.sellerId)) secrets.set(p.event.sellerId, this.newSealedSecret());
      return {
        event_id: p.event.eventId,
        event_type: p.event.eventType,
        seller_id: p.event.sellerId,
        aggregate_type: p.event.aggregateType,
        aggregate_id: p.event.aggregateId,
        c1: p.categories[0] ?? '-',
        c2: p.categories[1] ?? '-',
        body: p.body,
        pb_url: pb?.url ?? null,
        pb_status: pb?.status ?? null,
        pb_error: pb?.error ?? null,
        dedupe: p.dedupePrefix,
        trigger: p.trigger,
        now: p.now.toISOString(),
        expires_at: p.expiresAt.toISOString(),
      };
    });
    const sellerSecrets = [...secrets].map(([seller_id, s]) => ({ seller_id, secret_enc: s.secretEnc, secret_last4: s.last4 }));
    const rows = await this.run<{ id: string; status: string }>(
      this.durable,
      `with ev as (
         select * from jsonb_to_recordset(?::jsonb) as x(event_id text, event_type text, seller_id text, aggregate_type text, aggregate_id text,
           c1 text, c2 text, body jsonb, pb_url text, pb_status text, pb_error text, dedupe text, trigger text, now timestamptz, expires_at timestamptz)
       ), targets as (
         select ev.*, 'ENDPOINT'::text as target, e.id as endpoint_id, e.url as url, 'PENDING'::text as status, null::text as last_error
           from ev join webhook_endpoints e on e.seller_id = ev.seller_id and e.deleted_at is null and e.category in (ev.c1, ev.c2)
         union all
         select ev.*, 'POSTBACK', null, ev.pb_url, ev.pb_status, ev.pb_error from ev where ev.pb_url is not null
       ), secret as (
         insert into webhook_postback_secrets (seller_id, secret_enc, secret_last4, created_at)
         select s.seller_id, s.secret_enc, s.secret_last4, ?::timestamptz
           from jsonb_to_recordset(?::jsonb) as s(seller_id text, secret_enc text, secret_last4 text)
         on conflict (seller_id) do nothing
       )
       insert into webhook_deliveries (id, dedupe_key, event_id, event_type, seller_id, aggregate_type, aggregate_id, target, endpoint_id, url,
         payload, trigger, status, last_error, next_attempt_at, expires_at, created_at, updated_at)
       select ${NEW_ID}, t.dedupe || ':' || coalesce(t.endpoint_id, 'postback'), t.event_id, t.event_type, t.seller_id, t.aggregate_type, t.aggregate_id,
         t.target, t.endpoint_id, t.url, t.body, t.trigger, t.status, t.last_error, case when t.status = 'PENDING' then t.now end, t.expires_at, t.now, t.now
       from targets t
       on conflict (dedupe_key) do nothing
       returning id, status`,
      [JSON.stringify(events), plans[0]!.now, JSON.stringify(sellerSecrets)],
      tx,
    );
    return rows.filter((r) => r.status === 'PENDING').map((r) => ({ id: r.id, attempts: 0 }));
  }

  async latestEvent(sellerId: string, aggregateType: AggregateType, aggregateId: string): Promise<StoredEvent | null> {
    const row = await this.sql.one<{
      event_id: string; event_type: string; seller_id: string; aggregate_type: AggregateType; aggregate_id: string;
      payload: Record<string, unknown>; occurred_at: Date;
    }>(
      `select event_id, event_type, seller_id, aggregate_type, aggregate_id, payload, occurred_at from outbox
       where seller_id = ? and aggregate_type = ? and aggregate_id = ? order by id desc limit 1`,
      [sellerId, aggregateType, aggregateId],
    );
    if (!row) return null;
    return {
      eventId: row.event_id,
      eventType: row.event_type,
      sellerId: row.seller_id,
      aggregateType: row.aggregate_type,
      aggregateId: row.aggregate_id,
      payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
      occurredAt: new Date(row.occurred_at),
    };
  }

  async replayFailed(input: { sellerId: string; from: Date; to: Date; endpointId?: string; now: Date; expiresAt: Date; limit: number }) {
    const byEndpoint = input.endpointId !== undefined;
    return this.sql.query<{ id: string; attempts: number }>(
      `with src as (
         select d.id, d.dedupe_key, d.event_id, d.event_type, d.seller_id, d.aggregate_type, d.aggregate_id, d.target, d.endpoint_id,
                coalesce(e.url, d.url) as url, d.payload
         from webhook_deliveries d left join webhook_endpoints e on e.id = d.endpoint_id
         where d.seller_id = ? and d.status = 'EXPIRED' and d.replayed_at is null
           and d.created_at >= ? and d.created_at <= ?
           and (d.endpoint_id is null or e.deleted_at is null)
           and (not ?::boolean or d.endpoint_id = ?)
         order by d.created_at
         limit ?
         for update of d skip locked
       ), marked as (
         update webhook_deliveries d set replayed_at = ?, updated_at = ? from src where d.id = src.id
       )
       insert into webhook_deliveries (id, dedupe_key, event_id, event_type, seller_id, aggregate_type, aggregate_id, target, endpoint_id, url,
         payload, trigger, status, next_attempt_at, expires_at, replay_of, created_at, updated_at)
       select ${NEW_ID}, src.dedupe_key || ':replay:' || src.id, src.event_id, src.event_type, src.seller_id, src.aggregate_type, src.aggregate_id,
         src.target, src.endpoint_id, src.url, src.payload, 'REPLAY', 'PENDING', ?::timestamptz, ?::timestamptz, src.id, ?::timestamptz, ?::timestamptz
       from src
       returning id, attempts`,
      [input.sellerId, input.from, input.to, byEndpoint, input.endpointId ?? null, input.limit, input.now, input.now, input.now, input.expiresAt, input.now, input.now],
    );
  }

  async listDeliveries(f: DeliveryFilter): Promise<Page<WebhookDelivery>> {
    const where: string[] = ['seller_id = ?'];
    const params: unknown[] = [f.sellerId];
    if (f.endpointId !== undefined) (where.push('endpoint_id = ?'), params.push(f.endpointId));
    if (f.eventId !== undefined) (where.push('event_id = ?'), params.push(f.eventId));
    if (f.status !== undefined) (where.push('status = ?'), params.push(f.status));
    const clause = where.join(' and ');
    const [rows, count] = await Promise.all([
      this.sql.query<DeliveryRow>(`select * from webhook_deliveries where ${clause} order by created_at desc, id desc limit ? offset ?`, [...params, f.take, f.skip]),
      this.sql.one<{ n: string }>(`select count(*) as n from webhook_deliveries where ${clause}`, params),
    ]);
    return { items: rows.map(toDelivery), total: Number(count?.n ?? 0), take: f.take, skip: f.skip };
  }

  async getDelivery(sellerId: string, id: string): Promise<WebhookDelivery | null> {
    const row = await this.sql.one<DeliveryRow>(`select * from webhook_deliveries where id = ? and seller_id = ?`, [id, sellerId]);
    return row ? toDelivery(row) : null;
  }

  async listAttempts(f: AttemptFilter): Promise<Page<WebhookAttempt>> {
    const where: string[] = ['seller_id = ?'];
    const params: unknown[] = [f.sellerId];
    if (f.endpointId !== undefined) (where.push('endpoint_id = ?'), params.push(f.endpointId));
    if (f.eventId !== undefined) (where.push('event_id = ?'), params.push(f.eventId));
    if (f.deliveryId !== undefined) (where.push('delivery_id = ?'), params.push(f.deliveryId));
    const clause = where.join(' and ');
    const order = f.deliveryId !== undefined ? 'id asc' : 'id desc';
    const [rows, count] = await Promise.all([
      this.sql.query<AttemptRow>(`select * from webhook_attempts where ${clause} order by ${order} limit ? offset ?`, [...params, f.take, f.skip]),
      this.sql.one<{ n: string }>(`select count(*) as n from webhook_attempts where ${clause}`, params),
    ]);
    return { items: rows.map(toAttempt), total: Number(count?.n ?? 0), take: f.take, skip: f.skip };
  }

  // ---- the workers' side ----

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
        `update webhook_deliveries d set lease_until = ?
         from jsonb_to_recordset(?::jsonb) as x(id text, n int, anyn boolean)
         where d.id = x.id and d.status = 'PENDING' and (x.anyn or d.attempts = x.n) and (d.lease_until is null or d.lease_until <= ?)
         returning ${CLAIM_RETURNING}`,
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
    { maxBatch: 200, maxInFlight: 2 },
  );

  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
    const rows = await this.relaxed.query<ClaimRow>(
      `update webhook_deliveries d set lease_until = ?
       where d.id in (
         select id from webhook_deliveries
         where status = 'PENDING' and next_attempt_at <= ? and (lease_until is null or lease_until <= ?)
         order by next_attempt_at limit ? for update skip locked)
       returning ${CLAIM_RETURNING}`,
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
           last_error = r.last_error, delivered_at = r.delivered_at, updated_at = r.now
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
    { maxBatch: 200, maxInFlight: 4 },
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

  /** For the parking consumer: where a delivery waiting for its next cycle stands. */
  async scheduleOf(id: string): Promise<{ status: DeliveryStatus; attempts: number; nextAttemptAt: Date | null } | null> {
    const [row] = await this.durable.query<{ status: DeliveryStatus; attempts: number; next_attempt_at: Date | null }>(
      `select status, attempts, next_attempt_at from webhook_deliveries where id = ?`,
      [id],
    );
    return row ? { status: row.status, attempts: row.attempts, nextAttemptAt: date(row.next_attempt_at) } : null;
  }
}
