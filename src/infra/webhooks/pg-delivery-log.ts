import type { AggregateType, Page, WebhookAttempt, WebhookDelivery } from '../../domain/webhooks/webhook.types';
import type { AttemptFilter, DeliveryFilter, DeliveryLog, StoredEvent } from '../../domain/webhooks/webhooks.ports';
import type { Sql } from '../db/sql';
import { toAttempt, toDelivery, type AttemptRow, type DeliveryRow } from './delivery-rows';

/** The delivery log as sellers read it: deliveries, their attempts, and the latest event of an aggregate (for a resend). */
export class PgDeliveryLog implements DeliveryLog {
  constructor(private readonly sql: Sql) {}

  async listDeliveries(f: DeliveryFilter): Promise<Page<WebhookDelivery>> {
    const where: string[] = ['seller_id = ?'];
    const params: unknown[] = [f.sellerId];
    if (f.endpointId !== undefined) (where.push('endpoint_id = ?'), params.push(f.endpointId));
    if (f.eventId !== undefined) (where.push('event_id = ?'), params.push(f.eventId));
    if (f.status !== undefined) (where.push('status = ?'), params.push(f.status));
    const clause = where.join(' and ');
    const { rows, total } = await this.pageWithTotal<DeliveryRow>('webhook_deliveries', clause, params, 'created_at desc, id desc', f);
    return { items: rows.map(toDelivery), total, take: f.take, skip: f.skip };
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
    const { rows, total } = await this.pageWithTotal<AttemptRow>('webhook_attempts', clause, params, order, f);
    return { items: rows.map(toAttempt), total, take: f.take, skip: f.skip };
  }

  /**
   * A page and the total in one statement, so both see the same snapshot (two statements on
   * two pool connections could count a row the page missed). The count side always answers a
   * row, so a page past the end still gives the total.
   */
  private async pageWithTotal<R extends { id: unknown }>(
    table: 'webhook_deliveries' | 'webhook_attempts', clause: string, params: unknown[], order: string, f: { take: number; skip: number },
  ): Promise<{ rows: R[]; total: number }> {
    const found = await this.sql.query<R & { page_total: string }>(
      `select t.page_total, p.* from (select count(*) as page_total from ${table} where ${clause}) t
       left join lateral (select * from ${table} where ${clause} order by ${order} limit ? offset ?) p on true
       order by ${order.replace(/(^|, )/g, '$1p.')}`,
      [...params, ...params, f.take, f.skip],
    );
    return { rows: found.filter((r) => r.id !== null), total: Number(found[0]?.page_total ?? 0) };
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
}
