import type { EventName } from '../../domain/events/event-catalogue';
import type { Outbox, OutboxEvent } from '../../domain/events/outbox';
import type { Tx } from '../../domain/shared/unit-of-work';
import type { Sql } from '../db/sql';
import { randomId } from '../shared/random-id';

export const OUTBOX_CHANNEL = 'pixpay_outbox';

/**
 * Writes events in the caller's transaction and signals `onCommitted` after it commits.
 * No NOTIFY inside the transaction: PostgreSQL serialises the commits of transactions
 * that notify, which would cap every business write. `CoalescedNotifier` sends one
 * NOTIFY after commit for however many transactions committed meanwhile.
 */
export class PgOutbox implements Outbox {
  constructor(
    private readonly sql: Sql,
    private readonly onCommitted: () => void = () => undefined,
    /** Each event once its transaction committed (metrics). */
    private readonly onEventCommitted: (eventType: EventName) => void = () => undefined,
  ) {}

  async append(tx: Tx, event: OutboxEvent): Promise<string> {
    const eventId = `evt_${randomId()}`;
    this.sql.defer(
      `insert into outbox (event_id, event_type, seller_id, aggregate_type, aggregate_id, payload, occurred_at)
       values (?, ?, ?, ?, ?, ?, ?)`,
      [eventId, event.eventType, event.sellerId, event.aggregateType, event.aggregateId, JSON.stringify(event.payload), event.occurredAt],
      tx,
    );
    tx.afterCommit(this.onCommitted);
    tx.afterCommit(() => this.onEventCommitted(event.eventType));
    return eventId;
  }
}

/**
 * Wakes relays in other processes (LISTEN on OUTBOX_CHANNEL) with at most one NOTIFY
 * in flight: commits signalled while one is being sent are covered by one more NOTIFY
 * sent once it is answered (it may have left before they committed), however many they
 * are. Under load a NOTIFY then covers many commits instead of one per event-loop turn,
 * each a round trip to PostgreSQL. A NOTIFY lost to a crash only delays relays until
 * their poll.
 */
export class CoalescedNotifier {
  private state: 'idle' | 'scheduled' | 'sending' = 'idle';
  /** Signalled while a NOTIFY was in flight: one more is due once it is answered. */
  private again = false;

  constructor(
    private readonly sql: Pick<Sql, 'query'>,
    private readonly onError: (err: unknown) => void,
  ) {}

  notify(): void {
    if (this.state === 'sending') this.again = true;
    else if (this.state === 'idle') this.schedule();
  }

  private schedule(): void {
    this.state = 'scheduled';
    setImmediate(() => {
      this.state = 'sending';
      this.sql
        .query(`select pg_notify(?, '')`, [OUTBOX_CHANNEL])
        .catch(this.onError)
        .finally(() => {
          this.state = 'idle';
          if (this.again) {
            this.again = false;
            this.schedule();
          }
        });
    });
  }
}
