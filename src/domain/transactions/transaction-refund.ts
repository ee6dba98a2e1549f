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

/** A devolução may be asked within 90 days of the payment (Central Bank rule for Pix). */
export const PIX_REFUND_WINDOW_MS = 90 * 86_400_000;

/**
 * Refuses a PIX refund asked more than 90 days after the payment, before anything is
 * booked or sent (the PSP would refuse it anyway). Other methods have their own rules.
 */
export function assertRefundWindow(input: { method: string; paidAt: Date | null; now: Date }): void {
  if (input.method !== 'PIX' || !input.paidAt) return;
  if (input.now.getTime() - input.paidAt.getTime() <= PIX_REFUND_WINDOW_MS) return;
  throw new DomainError('REFUND_WINDOW_CLOSED', 'a PIX payment can be refunded only within 90 days of its payment', 'UNPROCESSABLE', {
    paidAt: input.paidAt.toISOString(),
  });
}

export interface FailedRefundDecision {
  readonly command: Extract<TransactionCommand, 'REFUND_UNDONE' | 'REFUND_UNDONE_PARTIAL'>;
  readonly refundType: 'PARTIAL' | null;
  readonly refundedAfter: Cents;
}

/**
 * A refund the PSP could not make (NAO_REALIZADO): its amount stops counting as refunded.
 * REFUND_UNDONE when nothing stays refunded (status PAID, no refund type), REFUND_UNDONE_PARTIAL
 * when other refunds stand (PARTIALLY_REFUNDED).
 */
export function failedRefundFor(input: { refundedSoFar: Cents; failed: Cents }): FailedRefundDecision {
  const { refundedSoFar, failed } = input;
  if (!Number.isSafeInteger(failed) || failed <= 0 || !Number.isSafeInteger(refundedSoFar) || failed > refundedSoFar) {
    throw new Error('failedRefundFor: the failed refund is not part of what was refunded');
  }
  const refundedAfter = refundedSoFar - failed;
  return refundedAfter === 0 ? { command: 'REFUND_UNDONE', refundType: null, refundedAfter } : { command: 'REFUND_UNDONE_PARTIAL', refundType: 'PARTIAL', refundedAfter };
}
