import type { RetainedEventStore } from '../../domain/privacy/retained-event-masking';
import type { Sql } from '../db/sql';

export class PgRetainedEvents implements RetainedEventStore {
  constructor(private readonly sql: Sql) {}

  async unmaskedBefore(before: Date, limit: number) {
    const rows = await this.sql.query<{ id: string; payload: Record<string, unknown> }>(
      `select id::text as id, payload from outbox
        where payload_masked_at is null and published_at is not null and occurred_at < ?
        order by occurred_at limit ?`,
      [before, limit],
    );
    return rows;
  }

  async saveMasked(rows: { id: string; payload: Record<string, unknown> }[]) {
    await this.sql.query(
      `update outbox o set payload = v.payload::jsonb, payload_masked_at = now()
         from unnest(?::bigint[], ?::text[]) as v(id, payload) where o.id = v.id`,
      [rows.map((r) => r.id), rows.map((r) => JSON.stringify(r.payload))],
    );
  }
}
