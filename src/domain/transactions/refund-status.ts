/**
 * A refund's life: REQUESTED when the seller asks (the money is debited then), PROCESSING
 * once the PSP took the devolução (API Pix `EM_PROCESSAMENTO`), then RETURNED (`DEVOLVIDO`:
 * the payer has the money) or FAILED (`NAO_REALIZADO`: the money comes back to the seller).
 * RETURNED and FAILED are final.
 */
export const REFUND_STATUSES = ['REQUESTED', 'PROCESSING', 'RETURNED', 'FAILED'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const isFinalRefundStatus = (s: RefundStatus): boolean => s === 'RETURNED' || s === 'FAILED';

/** The API Pix `Devolucao.status` words, as ours. */
const API_PIX_WORDS: Readonly<Record<string, RefundStatus>> = {
  EM_PROCESSAMENTO: 'PROCESSING',
  DEVOLVIDO: 'RETURNED',
  NAO_REALIZADO: 'FAILED',
};

/** Our status for an API Pix devolução status word; null for a word API Pix does not define (changes nothing). */
export function refundStatusOfPsp(word: string): RefundStatus | null {
  const normalised = typeof word === 'string' ? word.trim().toUpperCase() : '';
  return Object.hasOwn(API_PIX_WORDS, normalised) ? API_PIX_WORDS[normalised]! : null;
}

const RANK: Readonly<Record<RefundStatus, number>> = { REQUESTED: 0, PROCESSING: 1, RETURNED: 2, FAILED: 2 };

/**
 * The status a refund moves to when the PSP reports `reported`, or null when nothing changes:
 * a final status is final, and a report never moves a refund backwards (a late
 * `EM_PROCESSAMENTO` after `DEVOLVIDO`, a repeated callback, a poll answering what a
 * callback already applied).
 */
export function refundTransition(current: RefundStatus, reported: RefundStatus): RefundStatus | null {
  if (isFinalRefundStatus(current)) return null;
  return RANK[reported] > RANK[current] ? reported : null;
}
