import type { Tx } from '../../domain/shared/unit-of-work';
import type { Sql } from '../db/sql';

/** The webhook tables' purge statements, each bounded by its LIMIT and skipping rows others hold. */
export class PgWebhookRetention {
  constructor(private readonly sql: Sql) {}

  /** Finished deliveries (not PENDING) created before `before`, oldest first, with their attempts. */
  async purgeDeliveries(before: Date, limit: number, tx?: Tx): Promise<{ deliveries: number; attempts: number }> {
    // One statement: the attempts and their deliveries go together (the foreign key is
    // checked at the end of the statement), and SKIP LOCKED leaves rows being worked on.
    const row = await this.sql.one<{ deliveries: string; attempts: string }>(
      `with doomed as (
         select id from webhook_deliveries where status <> 'PENDING' and created_at < ?
         order by created_at limit ? for update skip locked
       ), attempts as (
         delete from webhook_attempts where delivery_id in (select id from doomed) returning 1
       ), deliveries as (
         delete from webhook_deliveries where id in (select id from doomed) returning 1
       )
       select (select count(*) from deliveries) as deliveries, (select count(*) from attempts) as attempts`,
      [before, limit],
      tx,
    );
    return { deliveries: Number(row?.deliveries ?? 0), attempts: Number(row?.attempts ?? 0) };
  }

  /**
   * Published outbox events that occurred before `before` and are not the latest event
   * of their resource (the latest stays: resend-*-event sends it).
   */
  async purgeSupersededEvents(before: Date, limit: number, tx?: Tx): Promise<number> {
    const rows = await this.sql.query(
      `delete from outbox where id in (
         select o.id from outbox o
         where o.published_at is not null and o.occurred_at < ?
           and exists (select 1 from outbox n where n.aggregate_type = o.aggregate_type and n.aggregate_id = o.aggregate_id and n.id > o.id)
         order by o.id limit ? for update skip locked
       ) returning id`,
      [before, limit],
      tx,
    );
    return rows.length;
  }
}
