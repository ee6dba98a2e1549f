/**
 * The dispute events, SPEC's names: DISPUTE_CREATED, DISPUTE_RESOLVED, DISPUTE_REJECTED
 * and the MED (PIX special return) events; DISPUTE_UNDER_REVIEW for the appeal (new
 * statuses create `<RESOURCE>_<STATUS>` events).
 */
export const DISPUTE_EVENT_NAMES = [
  'DISPUTE_CREATED',
  'DISPUTE_UNDER_REVIEW',
  'DISPUTE_RESOLVED',
  'DISPUTE_REJECTED',
  'MED_DISPUTE_CREATED',
  'MED_DISPUTE_REFUND_COMPLETED',
] as const;
