import { DomainError } from '../shared/errors';
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from './withdrawal-status';

/**
 * Allowed withdrawal transitions (SPEC leaves them to us):
 *
 *   PENDING    -> APPROVED    risk/compliance checks passed
 *              -> REJECTED    refused by a rule or by an operator
 *              -> CANCELED    the seller (or we) cancelled before anything was sent
 *              -> BLOCKED     held for a fraud or compliance review
 *   BLOCKED    -> APPROVED | REJECTED   the review concluded
 *   APPROVED   -> PROCESSING  handed to the payment institution
 *              -> CANCELED    cancelled before being handed over
 *              -> FAILED      the institution refused it outright (bad key, ...)
 *   PROCESSING -> PAID        settled (end-to-end id known)
 *              -> FAILED      the institution could not settle it
 *   PAID       -> REFUNDED    the receiving bank returned the transfer (PIX devolução)
 *
 * REJECTED, FAILED, CANCELED and REFUNDED have no way out: they are terminal. PAID is
 * not terminal because the receiving bank can still return the money.
 * A BLOCKED withdrawal cannot be cancelled by the seller: the review decides.
 */
export const WITHDRAWAL_TRANSITIONS: Readonly<Record<WithdrawalStatus, readonly WithdrawalStatus[]>> = {
  PENDING: ['APPROVED', 'REJECTED', 'CANCELED', 'BLOCKED'],
  BLOCKED: ['APPROVED', 'REJECTED'],
  APPROVED: ['PROCESSING', 'CANCELED', 'FAILED'],
  PROCESSING: ['PAID', 'FAILED'],
  PAID: ['REFUNDED'],
  REJECTED: [],
  FAILED: [],
  REFUNDED: [],
  CANCELED: [],
};

export const canTransitionWithdrawal = (current: WithdrawalStatus, to: WithdrawalStatus): boolean =>
  WITHDRAWAL_TRANSITIONS[current].includes(to);

/**
 * Checks a status change against the table, or throws INVALID_WITHDRAWAL_TRANSITION (409).
 * A repeated status (PAID -> PAID) is not a transition: callers that receive duplicated
 * institution callbacks compare first and treat the repeat as a no-op.
 */
export function applyWithdrawalTransition(current: WithdrawalStatus, to: WithdrawalStatus): { to: WithdrawalStatus } {
  if (!canTransitionWithdrawal(current, to)) {
    throw new DomainError(
      'INVALID_WITHDRAWAL_TRANSITION',
      `a withdrawal in status ${current} cannot become ${to}`,
      'CONFLICT',
      { from: current, to },
    );
  }
  return { to };
}

/** No transition leaves a terminal status (derived from the table). */
export const isTerminal = (status: WithdrawalStatus): boolean => WITHDRAWAL_TRANSITIONS[status].length === 0;

export const TERMINAL_WITHDRAWAL_STATUSES: readonly WithdrawalStatus[] = WITHDRAWAL_STATUSES.filter(isTerminal);

/**
 * Entering these statuses gives the seller the money back: the whole debit, amount plus
 * fee, reversed as one entry. SPEC requires it for REJECTED and FAILED; we extend it to
 * every case where the payout did not, or no longer, reach the recipient:
 * - CANCELED: nothing was sent;
 * - REFUNDED: the receiving bank returned the transfer, so the money is back with us.
 * Returning the fee too keeps the rule uniform (a reversal of the original debit) and
 * the seller whole when the payout did not happen through no act of theirs.
 */
const REFUNDING: ReadonlySet<WithdrawalStatus> = new Set<WithdrawalStatus>(['REJECTED', 'FAILED', 'CANCELED', 'REFUNDED']);

export const refundsDebit = (to: WithdrawalStatus): boolean => REFUNDING.has(to);
