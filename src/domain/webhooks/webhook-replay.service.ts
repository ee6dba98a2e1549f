import type { Clock } from '../shared/clock';
import { notFound, validationError } from '../shared/errors';
import { deliveryExpiresAt } from './delivery-policy';
import { planFanOut } from './fan-out';
import type { AggregateType, Page, WebhookAttempt, WebhookDelivery } from './webhook.types';
import { parseDeliveryList, parsePage } from './webhook-list-query';
import type { DeliveryQueue, DeliveryLog, DeliveryWrites } from './webhooks.ports';

export const MAX_RESEND_IDS = 100;
export const MAX_REPLAY = 10_000;

export interface ResendResult {
  id: string;
  /** The event resent (the latest of that resource), or null when none was found. */
  eventId: string | null;
  eventType: string | null;
  deliveries: number;
}

function parseIds(value: unknown, field: string): string[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_RESEND_IDS || !value.every((v) => typeof v === 'string' && v.length > 0 && v.length <= 200)) {
    throw validationError('INVALID_RESEND_IDS', `${field} must be a non-empty array of at most ${MAX_RESEND_IDS} ids`, { field });
  }
  return [...new Set(value as string[])];
}

function parseInstant(value: unknown, field: string): Date {
  const d = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? new Date(value) : value instanceof Date ? value : new Date(Number.NaN);
  if (Number.isNaN(d.getTime())) throw validationError('INVALID_DATE', `${field} must be an ISO 8601 date-time`, { field });
  return d;
}

/** Delivery log, manual resend of the latest event of a resource, and replay of failures. */
export class WebhookReplayService {
  constructor(private readonly deps: { log: DeliveryLog; deliveries: DeliveryWrites; queue: DeliveryQueue; clock: Clock; newNonce: () => string }) {}

  /** Resends the latest event of each resource to every current target (SPEC resend-withdrawal-event). */
  async resendLatest(sellerId: string, aggregateType: AggregateType, ids: unknown, field: string): Promise<ResendResult[]> {
    const list = parseIds(ids, field);
    const results: ResendResult[] = [];
    for (const id of list) {
      const event = await this.deps.log.latestEvent(sellerId, aggregateType, id);
      if (!event) {
        results.push({ id, eventId: null, eventType: null, deliveries: 0 });
        continue;
      }
      const now = this.deps.clock.now();
      const plan = planFanOut(event, { trigger: 'MANUAL', nonce: this.deps.newNonce(), now, expiresAt: deliveryExpiresAt(now) });
      const created = await this.deps.deliveries.fanOut(plan);
      await this.deps.queue.enqueue(created);
      results.push({ id, eventId: event.eventId, eventType: event.eventType, deliveries: created.length });
    }
    return results;
  }

  /** New deliveries for every EXPIRED or FAILED delivery created in [from, to]. */
  async replayFailed(sellerId: string, input: { from?: unknown; to?: unknown; webhookId?: unknown }): Promise<{ replayed: number }> {
    const from = parseInstant(input.from, 'from');
    const to = input.to === undefined || input.to === null ? this.deps.clock.now() : parseInstant(input.to, 'to');
    if (from.getTime() > to.getTime()) throw validationError('INVALID_DATE_RANGE', 'from must not be after to', { field: 'from' });
    const endpointId = input.webhookId === undefined || input.webhookId === null ? undefined : String(input.webhookId);
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
