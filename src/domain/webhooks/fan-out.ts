import { categoryMatches, categoryOfEvent, isEndpointStateEvent, postbackUrlOf } from './event-routing';
import { deliveryBody } from './webhook-body';
import { parseWebhookUrl } from './webhook-url';
import type { FanOutTarget, PlannedDelivery, StoredEvent } from './webhooks.ports';
import { isDomainError } from '../shared/errors';

/**
 * The deliveries of one event: every live registration of its seller whose category
 * matches the event's (categoryMatches, the one rule), plus the transaction's own
 * postbackUrl; a registration's state event goes to the seller's other registrations,
 * whatever their category. A disabled registration's delivery is saved HELD. The body is computed once (masked) and shared by its deliveries. A
 * postbackUrl that is not a valid HTTPS URL gets a FAILED delivery, so the seller sees
 * why nothing arrived. Dedupe keys: the event id for the automatic fan-out, plus a
 * nonce for a manual resend; then the registration (or `postback`).
 */
export function planFanOut(event: StoredEvent, endpoints: readonly FanOutTarget[], o: { trigger: 'EVENT' | 'MANUAL'; nonce?: string }): PlannedDelivery[] {
  const category = categoryOfEvent(event.aggregateType, event.eventType);
  const body = deliveryBody(event.payload, event.eventType);
  const prefix = o.trigger === 'EVENT' ? event.eventId : `${event.eventId}:resend:${o.nonce ?? ''}`;
  const base = { event, body, trigger: o.trigger };
  const receives = isEndpointStateEvent(event.eventType)
    ? (e: FanOutTarget) => e.id !== event.aggregateId
    : (e: FanOutTarget) => categoryMatches(e.category, category);
  const planned: PlannedDelivery[] = endpoints
    .filter((e) => e.sellerId === event.sellerId && receives(e))
    .map((e) => ({
      ...base,
      dedupeKey: `${prefix}:${e.id}`,
      target: 'ENDPOINT',
      endpointId: e.id,
      url: e.url,
      status: e.state === 'DISABLED' ? 'HELD' : 'PENDING',
      lastError: e.state === 'DISABLED' ? 'registration disabled' : null,
    }));
  const postbackUrl = postbackUrlOf(event.aggregateType, event.payload);
  if (postbackUrl !== null) {
    const postback = { ...base, dedupeKey: `${prefix}:postback`, target: 'POSTBACK', endpointId: null } as const;
    try {
      planned.push({ ...postback, url: parseWebhookUrl(postbackUrl, 'postbackUrl').toString(), status: 'PENDING', lastError: null });
    } catch (e) {
      if (!isDomainError(e)) throw e;
      planned.push({ ...postback, url: postbackUrl, status: 'FAILED', lastError: e.code });
    }
  }
  return planned;
}
