import type { AggregateType, WebhookCategory } from './webhook.types';

/**
 * Which registrations receive an event: those of its seller whose category is the
 * event's aggregate type, or ALL. MED_* events (PIX special return) are disputes.
 */
export function categoryOfEvent(aggregateType: string, eventType: string): AggregateType | null {
  if (eventType.startsWith('MED_') || eventType.startsWith('DISPUTE_')) return 'DISPUTE';
  if (aggregateType === 'TRANSACTION' || aggregateType === 'WITHDRAWAL' || aggregateType === 'DISPUTE') return aggregateType;
  if (eventType.startsWith('TRANSACTION_')) return 'TRANSACTION';
  if (eventType.startsWith('WITHDRAWAL_')) return 'WITHDRAWAL';
  return null;
}

export function categoryMatches(registered: WebhookCategory, eventCategory: AggregateType | null): boolean {
  return eventCategory !== null && (registered === 'ALL' || registered === eventCategory);
}

/** The transaction's own `postbackUrl` also receives its TRANSACTION events. */
export function postbackUrlOf(aggregateType: string, payload: Record<string, unknown>): string | null {
  if (aggregateType !== 'TRANSACTION') return null;
  const url = payload['postbackUrl'];
  return typeof url === 'string' && url.length > 0 ? url : null;
}
