import { resourceOfEvent } from '../events/event-catalogue';
import type { AggregateType, WebhookCategory } from './webhook.types';

/**
 * The registration category an event belongs to: its resource in the event catalogue
 * (MED_* events, the PIX special return, are DISPUTE events there). A name outside the
 * catalogue (stored by a newer version) goes by its aggregate. The WEBHOOK_TEST event
 * has no category: it is sent to its registration only.
 */
export function categoryOfEvent(aggregateType: string, eventType: string): AggregateType | null {
  const resource = resourceOfEvent(eventType);
  if (resource === 'WEBHOOK') return null;
  if (resource !== null) return resource;
  const stored: readonly string[] = ['TRANSACTION', 'WITHDRAWAL', 'DISPUTE', 'RECURRENCE', 'SPLIT_SHARE'] satisfies AggregateType[];
  return stored.includes(aggregateType) ? (aggregateType as AggregateType) : null;
}

/** WEBHOOK_ENDPOINT_FAILING / _DISABLED: told to the seller's other registrations. */
export const isEndpointStateEvent = (eventType: string): boolean => eventType === 'WEBHOOK_ENDPOINT_FAILING' || eventType === 'WEBHOOK_ENDPOINT_DISABLED';

/** Whether a registration of this category receives an event of this category: the one matching rule. */
export function categoryMatches(registered: WebhookCategory, eventCategory: AggregateType | null): boolean {
  return eventCategory !== null && (registered === 'ALL' || registered === eventCategory);
}

/** The transaction's own `postbackUrl` also receives its TRANSACTION events. */
export function postbackUrlOf(aggregateType: string, payload: Record<string, unknown>): string | null {
  if (aggregateType !== 'TRANSACTION') return null;
  const url = payload['postbackUrl'];
  return typeof url === 'string' && url.length > 0 ? url : null;
}
