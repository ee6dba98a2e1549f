import { DomainError } from '../shared/errors';
import type { TransactionCommand } from '../transactions/transaction-machine';
import type { DisputeStatus } from './dispute-status';

/**
 * Allowed dispute transitions (ours; SPEC only fixes "appeal -> UNDER_REVIEW"):
 *   OPEN         -> UNDER_REVIEW  the seller appealed
 *                -> WON | LOST    decided without an appeal (e.g. the institution
 *                                 rejects the MED infraction, or the appeal deadline passed)
 *   UNDER_REVIEW -> WON | LOST    decision on the appeal
 * WON and LOST are final; a second appeal of the same dispute is a conflict.
 */
export const DISPUTE_TRANSITIONS: Readonly<Record<DisputeStatus, readonly DisputeStatus[]>> = {
  OPEN: ['UNDER_REVIEW', 'WON', 'LOST'],
  UNDER_REVIEW: ['WON', 'LOST'],
  WON: [],
  LOST: [],
};

export const canTransitionDispute = (current: DisputeStatus, to: DisputeStatus): boolean =>
  DISPUTE_TRANSITIONS[current].includes(to);

/** Checks a status change against the table, or throws INVALID_DISPUTE_TRANSITION (409). */
export function applyDisputeTransition(current: DisputeStatus, to: DisputeStatus): { to: DisputeStatus } {
  if (!canTransitionDispute(current, to)) {
    throw new DomainError('INVALID_DISPUTE_TRANSITION', `a dispute in status ${current} cannot become ${to}`, 'CONFLICT', {
      from: current,
      to,
    });
  }
  return { to };
}

export const isDisputeFinal = (status: DisputeStatus): boolean => DISPUTE_TRANSITIONS[status].length === 0;

/** The command a decision applies to the disputed transaction (DISPUTE -> PAID | CHARGEDBACK). */
export const TRANSACTION_COMMAND_FOR_DECISION: Readonly<Record<'WON' | 'LOST', TransactionCommand>> = {
  WON: 'DISPUTE_WON',
  LOST: 'DISPUTE_LOST',
};
