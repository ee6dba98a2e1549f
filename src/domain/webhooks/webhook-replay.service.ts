import type { Clock } from '../shared/clock';
import { notFound, validationError } from '../shared/errors';
import { deliveryExpiresAt } from './delivery-policy';
import type { EventFanOut } from './event-fan-out';
import type { AggregateType, Page, WebhookAttempt, WebhookDelivery } from './webhook.types';
import { parseDeliveryList, parsePage } from './webhook-list-query';
import type { ReplayRange } from './webhook-replay-input';
import type { DeliveryQueue, DeliveryLog, DeliveryWrites } from './webhooks.ports';

export const MAX_REPLAY = 10_000;

export interface ResendResult {
  id: string;
  /** The event resent (the latest of that resource), or null when none was found. */
  eventId: string | null;
  eventType: string | null;
  deliveries: number;
}

/** Delivery log, manual resend of the latest event of a resource, and replay of failures. */
export class WebhookReplayService {
  constructor(
    private readonly deps: { log: DeliveryLog; deliveries: DeliveryWrites; fanOut: Pick<EventFanOut, 'resend'>; queue: DeliveryQueue; clock: Clock; newNonce: () => string },
  ) {}

  /** Resends the latest event of each resource (ids parsed, without repeats) to every current target (SPEC resend-withdrawal-event). */
  async resendLatest(sellerId: string, aggregateType: AggregateType, ids: string[]): Promise<ResendResult[]> {
    const results: ResendResult[] = [];
    for (const id of ids) {
      const event = await this.deps.log.latestEvent(sellerId, aggregateType, id);
      if (!event) {
        results.push({ id, eventId: null, eventType: null, deliveries: 0 });
        continue;
      }
      const deliveries = await this.deps.fanOut.resend(event, this.deps.newNonce());
      results.push({ id, eventId: event.eventId, eventType: event.eventType, deliveries });
    }
    return results;
  }

  /** New deliveries for every EXPIRED or FAILED delivery created in [from, to] (parsed by `parseReplayFailed`; `to` absent is now). */
  async replayFailed(sellerId: string, range: ReplayRange): Promise<{ replayed: number }> {
    const { from, webhookId: endpointId } = range;
    const to = range.to ?? this.deps.clock.now();
    if (from.getTime() > to.getTime()) throw validationError('INVALID_DATE_RANGE', 'from must not be after to', { field: 'from' });
    const now = this.deps.clock.now();
    const created = await this.deps.deliveries.replayFailed({ sellerId, from, to, endpointId, now, expiresAt: deliveryExpiresAt(now), limit: MAX_REPLAY });
    await this.deps.queue.enqueue(created);
    return { replayed: created.length };
  }

  listDeliveries(sellerId: string, q: { webhookId?: string; eventId?: string; status?: unknown; take?: unknown; skip?: unknown }): Promise<Page<WebhookDelivery>> {
    return this.deps.log.listDeliveries({
      sellerId,
      endpointId: q.webhookId,
      eventId: q.eventId,
      ...parseDeliveryList(q),
    });
  }

  async getDelivery(sellerId: string, id: string): Promise<{ delivery: WebhookDelivery; attempts: WebhookAttempt[] }> {
    const delivery = await this.deps.log.getDelivery(sellerId, id);
    if (!delivery) throw notFound('DELIVERY_NOT_FOUND', 'no delivery with this id');
    const attempts = await this.deps.log.listAttempts({ sellerId, deliveryId: id, take: 1_000, skip: 0 });
    return { delivery, attempts: attempts.items };
  }

  listAttempts(sellerId: string, q: { webhookId?: string; eventId?: string; take?: unknown; skip?: unknown }): Promise<Page<WebhookAttempt>> {
    return this.deps.log.listAttempts({
      sellerId,
      endpointId: q.webhookId,
      eventId: q.eventId,
      ...parsePage(q),
    });
  }
}
