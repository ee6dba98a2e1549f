import type { LiveEvent, LiveEvents } from '../shared/live-events';
import type { Tx } from '../shared/unit-of-work';
import type { EventNameOf } from './event-catalogue';
import type { ResourcePayloads } from './event-payloads';
import type { Outbox, OutboxResource } from './outbox';

/** The resources a seller's dashboard follows live (a webhook's state change is not one). */
type LiveResource = Exclude<OutboxResource, 'WEBHOOK'>;

/** The dashboards' live topic of each resource that emits events. */
const LIVE_TOPIC: Record<LiveResource, LiveEvent['topic']> = {
  TRANSACTION: 'TRANSACTION_UPDATED',
  WITHDRAWAL: 'WITHDRAWAL_UPDATED',
  DISPUTE: 'DISPUTE_UPDATED',
  RECURRENCE: 'RECURRENCE_UPDATED',
  SPLIT_SHARE: 'SPLIT_SHARE_UPDATED',
};

/** What every changed resource carries: whose it is and when it changed. */
export interface ChangedResource {
  id: string;
  sellerId: string;
  updatedAt: Date;
}

/** One change of a resource: its events (catalogue names of that resource only), in order, and its view as GET answers it. */
export interface ResourceChange<R extends LiveResource> {
  type: R;
  resource: ChangedResource;
  view: ResourcePayloads[R];
  events: readonly EventNameOf<R>[];
  /** An event whose webhook body differs from the view (TRANSACTION_PARTIALLY_REFUNDED adds its refund type). */
  payloadOf?: (event: EventNameOf<R>, view: ResourcePayloads[R]) => ResourcePayloads[R];
}

/**
 * Writes a change's events to the outbox in tx (each carries the view, the webhook body) and
 * pushes the view to the seller's live subscribers once tx commits.
 */
export async function recordChange<R extends LiveResource>(deps: { outbox: Outbox; live: LiveEvents }, tx: Tx, c: ResourceChange<R>): Promise<void> {
  const { id, sellerId, updatedAt } = c.resource;
  for (const eventType of c.events) {
    await deps.outbox.append(tx, {
      eventType,
      sellerId,
      aggregateType: c.type,
      aggregateId: id,
      payload: c.payloadOf ? c.payloadOf(eventType, c.view) : c.view,
      occurredAt: updatedAt,
    });
  }
  tx.afterCommit(() => deps.live.publish({ topic: LIVE_TOPIC[c.type], sellerId, resourceId: id, payload: c.view }));
}
