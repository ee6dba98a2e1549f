import type { NewDelivery } from '../../domain/webhooks/webhook.types';
import type { DeliveryWrites, FanOutPlan } from '../../domain/webhooks/webhooks.ports';
import type { Tx } from '../../domain/shared/unit-of-work';
import type { Sql } from '../db/sql';
import { NEW_ID } from './delivery-rows';
import { sqlRunner, type QueryRunner } from './query-runners';

/** Creates deliveries: the fan-out of events (the relay's batches and manual resends), test deliveries, and replays. */
export class PgDeliveryFanOut implements DeliveryWrites {
  /** Durable statements of the hot path (a fan-out outside a transaction). */
  private readonly durable: QueryRunner;

  constructor(
    private readonly sql: Sql,
    /** A fresh sealed postback secret, used when a seller's first postback is fanned out. */
    private readonly newSealedSecret: () => { secretEnc: string; last4: string },
    durable?: QueryRunner,
  ) {
    this.durable = durable ?? sqlRunner(sql);
  }

  private run<T>(runner: QueryRunner, text: string, params: unknown[], tx?: Tx): Promise<T[]> {
    return tx ? this.sql.query<T>(text, params, tx) : runner.query<T>(text, params);
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
}
