import type { Cents } from '../shared/money';
import { DomainError, validationError } from '../shared/errors';
import type { TransactionCommand } from './transaction-machine';

export interface RefundDecision {
  readonly command: Extract<TransactionCommand, 'REFUND_TOTAL' | 'REFUND_PARTIAL'>;
  /** SPEC `refundType`: FULL once the whole amount has been refunded. */
  readonly refundType: 'FULL' | 'PARTIAL';
  readonly refundedAfter: Cents;
}

/**
 * Picks the refund command from the amounts: REFUND_TOTAL when this refund brings the
 * refunded total to the transaction amount (status REFUNDED), REFUND_PARTIAL otherwise
 * (status PARTIALLY_REFUNDED).
 */
export function refundCommandFor(input: { amount: Cents; refundedSoFar: Cents; refund: Cents }): RefundDecision {
  const { amount, refundedSoFar, refund } = input;
  if (!Number.isSafeInteger(refund) || refund <= 0) {
    throw validationError('INVALID_REFUND_AMOUNT', 'refund must be a positive integer number of cents', { refund });
  }
  if (!Number.isSafeInteger(amount) || !Number.isSafeInteger(refundedSoFar) || refundedSoFar < 0 || refundedSoFar > amount) {
    throw new Error('refundCommandFor: inconsistent transaction amounts');
  }
  const remaining = amount - refundedSoFar;
  if (refund > remaining) {
    throw new DomainError('REFUND_EXCEEDS_REMAINING', 'refund is larger than the amount still refundable', 'UNPROCESSABLE', {
      remaining,
      refund,
    });
  }
  const refundedAfter = refundedSoFar + refund;
  return refundedAfter === amount
    ? { command: 'REFUND_TOTAL', refundType: 'FULL', refundedAfter }
    : { command: 'REFUND_PARTIAL', refundType: 'PARTIAL', refundedAfter };
}
