import type { LiveEvent, LiveEvents } from '../shared/live-events';
import type { Tx } from '../shared/unit-of-work';
import type { DomainEvent } from './event-payloads';
import type { Outbox, OutboxResource } from './outbox';

export interface ResourceChange<R extends OutboxResource> {
  aggregateType: R;
  aggregateId: string;
  sellerId: string;
  occurredAt: Date;
  /** The durable events, in order (the webhook payload of each): catalogue events of this resource only. */
  events: DomainEvent<R>[];
  /** The live notification pushed to dashboards after commit. */
  live: { topic: LiveEvent['topic']; payload: Record<string, unknown> };
}

/** Writes a change's events to the outbox in tx, and pushes its live update once tx commits. */
export async function recordChange<R extends OutboxResource>(deps: { outbox: Outbox; live: LiveEvents }, tx: Tx, c: ResourceChange<R>): Promise<void> {
  for (const e of c.events) {
    await deps.outbox.append(tx, {
      eventType: e.eventType,
      sellerId: c.sellerId,
      aggregateType: c.aggregateType,
      aggregateId: c.aggregateId,
      payload: e.payload,
      occurredAt: c.occurredAt,
    });
  }
  tx.afterCommit(() => deps.live.publish({ topic: c.live.topic, sellerId: c.sellerId, resourceId: c.aggregateId, payload: c.live.payload }));
}
