import type { WebhookRetentionStore } from '../../domain/webhooks/webhook-retention';
import type { Sql } from '../db/sql';

export class PgWebhookRetention implements WebhookRetentionStore {
  constructor(private readonly sql: Sql) {}

  async purgeDeliveries(before: Date, limit: number): Promise<number> {
    // One statement: the attempts and their deliveries go together (the foreign key is
    // checked at the end of the statement), and SKIP LOCKED leaves rows being worked on.
    const rows = await this.sql.query(
      `with doomed as (
         select id from webhook_deliveries where status <> 'PENDING' and created_at < ?
         order by created_at limit ? for update skip locked
       ), attempts as (
         delete from webhook_attempts where delivery_id in (select id from doomed)
       )
       delete from webhook_deliveries where id in (select id from doomed) returning id`,
      [before, limit],
    );
    return rows.length;
  }

  async purgeSupersededEvents(before: Date, limit: number): Promise<number> {
    const rows = await this.sql.query(
      `delete from outbox where id in (
         select o.id from outbox o
         where o.published_at is not null and o.occurred_at < ?
           and exists (select 1 from outbox n where n.aggregate_type = o.aggregate_type and n.aggregate_id = o.aggregate_id and n.id > o.id)
         order by o.id limit ? for update skip locked
       ) returning id`,
      [before, limit],
    );
    return rows.length;
  }
}
