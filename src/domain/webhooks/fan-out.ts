import { categoryOfEvent, postbackUrlOf } from './event-routing';
import { deliveryBody } from './webhook-body';
import { parseWebhookUrl } from './webhook-url';
import type { WebhookCategory } from './webhook.types';
import type { FanOutPlan, StoredEvent } from './webhooks.ports';
import { isDomainError } from '../shared/errors';

/**
 * The deliveries of one event: every registration of its seller whose category is the
 * event's (or ALL), plus the transaction's own postbackUrl. The body is computed once
 * (masked) and saved with each delivery. A postbackUrl that is not a valid HTTPS URL
 * gets a FAILED delivery, so the seller sees why nothing arrived.
 */
export function planFanOut(
  event: StoredEvent,
  o: { trigger: 'EVENT' | 'MANUAL'; nonce?: string; now: Date; expiresAt: Date },
): FanOutPlan {
  const category = categoryOfEvent(event.aggregateType, event.eventType);
  const categories: WebhookCategory[] = category ? [category, 'ALL'] : [];
  const postbackUrl = postbackUrlOf(event.aggregateType, event.payload);
  let postback: FanOutPlan['postback'] = null;
  if (postbackUrl !== null) {
    try {
      postback = { url: parseWebhookUrl(postbackUrl, 'postbackUrl').toString(), status: 'PENDING', error: null };
    } catch (e) {
      if (!isDomainError(e)) throw e;
      postback = { url: postbackUrl, status: 'FAILED', error: e.code };
    }
  }
  return {
    event,
    categories,
    body: deliveryBody(event.payload, event.eventType),
    postback,
    trigger: o.trigger,
    dedupePrefix: o.trigger === 'EVENT' ? event.eventId : `${event.eventId}:resend:${o.nonce ?? ''}`,
    now: o.now,
    expiresAt: o.expiresAt,
  };
}
