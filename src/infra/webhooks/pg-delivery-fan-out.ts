import type { EndpointState } from '../../domain/webhooks/endpoint-health';
import type { NewDelivery, WebhookCategory } from '../../domain/webhooks/webhook.types';
import type { DeliveryWrites, FanOutStore, FanOutTarget, PlannedDelivery } from '../../domain/webhooks/webhooks.ports';
import type { Tx } from '../../domain/shared/unit-of-work';
import type { Sql } from '../db/sql';
import { NEW_ID } from './delivery-rows';
import { sqlRunner, type QueryRunner } from './query-runners';

/** Creates deliveries: the fan-out's reads and writes (the relay's batches and manual resends), test deliveries, and replays. */
export class PgDeliveryFanOut implements DeliveryWrites, FanOutStore {
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

  async endpointsOf(sellerIds: string[], tx?: Tx): Promise<FanOutTarget[]> {
    if (sellerIds.length === 0) return [];
    const rows = await this.run<{ id: string; seller_id: string; category: WebhookCategory; url: string; state: EndpointState }>(
      this.durable,
      `select id, seller_id, category, url, state from webhook_endpoints
       where seller_id in (select jsonb_array_elements_text(?::jsonb)) and deleted_at is null`,
      [JSON.stringify(sellerIds)],
      tx,
    );
    return rows.map((r) => ({ id: r.id, sellerId: r.seller_id, category: r.category, url: r.url, state: r.state }));
  }

  /**
   * The planned deliveries of many events in ONE statement (the relay's batch), each
   * event's body sent once, plus the postback secret of a seller's first postback.
   * Idempotent per dedupe key; a registration deleted since it was read gets nothing.
   */
  async save(planned: PlannedDelivery[], o: { now: Date; expiresAt: Date }, tx?: Tx): Promise<{ id: string; attempts: number }[]> {
    if (planned.length === 0) return [];
    const eventIndex = new Map<string, number>();
    const events: Record<string, unknown>[] = [];
    const secrets = new Map<string, { secretEnc: string; last4: string }>();
    const targets = planned.map((p) => {
      let ev = eventIndex.get(p.event.eventId);
      if (ev === undefined) {
        ev = events.length;
        eventIndex.set(p.event.eventId, ev);
        const e = p.event;
        events.push({ ev, event_id: e.eventId, event_type: e.eventType, seller_id: e.sellerId, aggregate_type: e.aggregateType, aggregate_id: e.aggregateId, body: p.body });
      }
      if (p.target === 'POSTBACK' && p.status === 'PENDING' && !secrets.has(p.event.sellerId)) secrets.set(p.event.sellerId, this.newSealedSecret());
      return { ev, dedupe_key: p.dedupeKey, target: p.target, endpoint_id: p.endpointId, url: p.url, trigger: p.trigger, status: p.status, last_error: p.lastError };
    });
    const sellerSecrets = [...secrets].map(([seller_id, s]) => ({ seller_id, secret_enc: s.secretEnc, secret_last4: s.last4 }));
    const rows = await this.run<{ id: string; status: string }>(
      this.durable,
      `with ev as (
         select * from jsonb_to_recordset(?::jsonb) as x(ev int, event_id text, event_type text, seller_id text, aggregate_type text, aggregate_id text, body jsonb)
       ), t as (
         select * from jsonb_to_recordset(?::jsonb) as x(ev int, dedupe_key text, target text, endpoint_id text, url text, trigger text, status text, last_error text)
       ), secret as (
         insert into webhook_postback_secrets (seller_id, secret_enc, secret_last4, created_at)
         select s.seller_id, s.secret_enc, s.secret_last4, ?::timestamptz
           from jsonb_to_recordset(?::jsonb) as s(seller_id text, secret_enc text, secret_last4 text)
         on conflict (seller_id) do nothing
       )
       insert into webhook_deliveries (id, dedupe_key, event_id, event_type, seller_id, aggregate_type, aggregate_id, target, endpoint_id, url,
         payload, trigger, status, last_error, next_attempt_at, expires_at, created_at, updated_at)
       select ${NEW_ID}, t.dedupe_key, ev.event_id, ev.event_type, ev.seller_id, ev.aggregate_type, ev.aggregate_id,
         t.target, t.endpoint_id, t.url, ev.body, t.trigger, t.status, t.last_error,
         case when t.status = 'PENDING' then ?::timestamptz end, ?::timestamptz, ?::timestamptz, ?::timestamptz
       from t join ev on ev.ev = t.ev
       where t.endpoint_id is null or exists (select 1 from webhook_endpoints e where e.id = t.endpoint_id and e.deleted_at is null)
       on conflict (dedupe_key) do nothing
       returning id, status`,
      [JSON.stringify(events), JSON.stringify(targets), o.now, JSON.stringify(sellerSecrets), o.now, o.expiresAt, o.now, o.now],
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
         where d.seller_id = ? and d.status in ('EXPIRED', 'HELD') and d.replayed_at is null
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
