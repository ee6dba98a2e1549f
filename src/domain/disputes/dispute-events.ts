import type { DisputeEventName } from '../events/event-catalogue';
import type { DisputeOrigin, DisputeStatus } from './dispute-status';


/**
 * The event for entering a status, mapped onto SPEC's dispute events:
 * OPEN -> DISPUTE_CREATED, WON -> DISPUTE_RESOLVED, LOST -> DISPUTE_REJECTED.
 * SPEC names no event for the appeal; since new statuses create `<RESOURCE>_<STATUS>`
 * events, UNDER_REVIEW emits DISPUTE_UNDER_REVIEW (receivers have a fallback for
 * unknown names).
 */
const EVENT: Readonly<Record<DisputeStatus, DisputeEventName>> = {
  OPEN: 'DISPUTE_CREATED',
  UNDER_REVIEW: 'DISPUTE_UNDER_REVIEW',
  WON: 'DISPUTE_RESOLVED',
  LOST: 'DISPUTE_REJECTED',
};

export const disputeEventName = (status: DisputeStatus): DisputeEventName => EVENT[status];

/**
 * Every event to emit on entering a status. A MED dispute also emits the MED events:
 * MED_DISPUTE_CREATED when it opens, MED_DISPUTE_REFUND_COMPLETED when it is lost
 * (our model debits the seller at the chargeback, so the return is complete by the
 * time the buyer's favour is decided). The generic event comes first.
 */
export function disputeEventNames(status: DisputeStatus, origin: DisputeOrigin): readonly DisputeEventName[] {
  const events: DisputeEventName[] = [EVENT[status]];
  if (origin === 'MED' && status === 'OPEN') events.push('MED_DISPUTE_CREATED');
  if (origin === 'MED' && status === 'LOST') events.push('MED_DISPUTE_REFUND_COMPLETED');
  return events;
}
