import { createId } from '@paralleldrive/cuid2';
import type { Outbox, OutboxEvent } from '../../domain/events/outbox';
import type { Tx } from '../../domain/shared/unit-of-work';
import type { Sql } from '../db/sql';

export const OUTBOX_CHANNEL = 'pixpay_outbox';

/** Writes events in the caller's transaction; NOTIFY is delivered only if it commits. */
export class PgOutbox implements Outbox {
  constructor(
    private readonly sql: Sql,
    private readonly onCommitted: () => void = () => undefined,
  ) {}

  async append(tx: Tx, event: OutboxEvent): Promise<string> {
    const eventId = `evt_${createId()}`;
    await this.sql.query(
      `insert into outbox (event_id, event_type, seller_id, aggregate_type, aggregate_id, payload, occurred_at)
       values (?, ?, ?, ?, ?, ?, ?)`,
      [eventId, event.eventType, event.sellerId, event.aggregateType, event.aggregateId, JSON.stringify(event.payload), event.occurredAt],
      tx,
    );
    await this.sql.query(`select pg_notify(?, '')`, [OUTBOX_CHANNEL], tx);
    tx.afterCommit(this.onCommitted);
    return eventId;
  }
}
