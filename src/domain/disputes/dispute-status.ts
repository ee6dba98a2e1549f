/**
 * Our dispute statuses (SPEC names only UNDER_REVIEW; the rest is ours):
 * - OPEN: created (automatically with a chargeback, or when a contestation arrives);
 * - UNDER_REVIEW: the seller appealed with a justification and evidence;
 * - WON: decided in the seller's favour, balance restored (event DISPUTE_RESOLVED);
 * - LOST: decided in the buyer's favour, value debited permanently (DISPUTE_REJECTED).
 */
export const DISPUTE_STATUSES = ['OPEN', 'UNDER_REVIEW', 'WON', 'LOST'] as const;

export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

const KNOWN = new Set<string>(DISPUTE_STATUSES);

export const isDisputeStatus = (value: unknown): value is DisputeStatus => typeof value === 'string' && KNOWN.has(value);

/** Where the dispute comes from: the PIX special return mechanism, or another contestation. */
export type DisputeOrigin = 'MED' | 'CONTESTATION';
