/**
 * Transaction statuses (SPEC "Transaction statuses") and the priority rule that decides
 * whether a status report from the payment institution is applied.
 *
 * The rule (SPEC): a status of higher priority is never overwritten by one of lower
 * priority, so late or reordered webhooks cannot undo payments, refunds or blocks.
 * Commands of our own (refund, dispute decision...) do not use this rule: they follow
 * the transition table in `transaction-machine.ts`.
 */
export const TRANSACTION_STATUSES = [
  'PENDING',
  'WAITING_PAYMENT',
  'PROCESSING',
  'AUTHORIZED',
  'PAID',
  'REFUSED',
  'FAILED',
  'EXPIRED',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
  'CHARGEDBACK',
  'DISPUTE',
  'BLOCKED',
  'PENDING_REVIEW',
] as const;

export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/**
 * Priority of each status; a report is applied only when it ranks strictly higher than
 * the current status. Every rank is distinct (a strict total order), so the outcome of
 * any set of reports is simply the highest one, whatever order they arrive in.
 *
 * From low to high:
 *  0-3  Not yet paid, in the order the institution moves through them:
 *       PENDING < WAITING_PAYMENT < PROCESSING < AUTHORIZED. A late "waiting" or
 *       "processing" never reopens anything that is further along.
 *  4-6  Ended without money: FAILED < EXPIRED < REFUSED. They close the in-flight
 *       states, but all rank BELOW PAID on purpose: a payer who pays in the last second
 *       (PAID after EXPIRED), or an institution that reports a glitch before the
 *       settlement (PAID after FAILED), still gets the payment recorded, because the
 *       money did arrive; and a late EXPIRED/FAILED never undoes PAID. FAILED is the
 *       lowest of the three because it is also the fallback for unknown institution
 *       statuses: an unrecognised report must not overwrite a meaningful EXPIRED or
 *       REFUSED. An explicit REFUSED by the institution outranks our own timer.
 *  7    PAID.
 *  8-9  Seller refunds: PARTIALLY_REFUNDED < REFUNDED. A late PAID cannot undo a
 *       refund, and a late partial refund cannot undo the total one.
 * 10-13 Protective states, above everything else: PENDING_REVIEW < BLOCKED < DISPUTE <
 *       CHARGEDBACK. Balance is blocked (or gone) in all of them, so no late report of
 *       a lower status may release it. A contestation (DISPUTE) outranks our internal
 *       holds because it is an external process with its own deadlines; CHARGEDBACK
 *       (the central bank took the money back) is final for reports.
 *
 * Leaving a protective state (dispute won: DISPUTE -> PAID) is a command, never a report.
 */
export const TRANSACTION_STATUS_PRIORITY: Readonly<Record<TransactionStatus, number>> = {
  PENDING: 0,
  WAITING_PAYMENT: 1,
  PROCESSING: 2,
  AUTHORIZED: 3,
  FAILED: 4,
  EXPIRED: 5,
  REFUSED: 6,
  PAID: 7,
  PARTIALLY_REFUNDED: 8,
  REFUNDED: 9,
  PENDING_REVIEW: 10,
  BLOCKED: 11,
  DISPUTE: 12,
  CHARGEDBACK: 13,
};

/** Statuses that hold or have taken back the money; no lower report changes them. */
export const PROTECTIVE_TRANSACTION_STATUSES: readonly TransactionStatus[] = [
  'REFUNDED',
  'PENDING_REVIEW',
  'BLOCKED',
  'DISPUTE',
  'CHARGEDBACK',
];

const KNOWN = new Set<string>(TRANSACTION_STATUSES);

export const isTransactionStatus = (value: unknown): value is TransactionStatus =>
  typeof value === 'string' && KNOWN.has(value);

/**
 * Maps a status reported by the payment institution to ours. Surrounding blanks and
 * case are ignored; anything without a known mapping becomes FAILED (SPEC: FAILED is
 * the universal fallback).
 */
export function mapInstitutionStatus(raw: string): TransactionStatus {
  const normalised = typeof raw === 'string' ? raw.trim().toUpperCase() : '';
  return isTransactionStatus(normalised) ? normalised : 'FAILED';
}

/** True when a reported status outranks the current one (strictly). */
export function shouldApplyReport(current: TransactionStatus, reported: TransactionStatus): boolean {
  return TRANSACTION_STATUS_PRIORITY[reported] > TRANSACTION_STATUS_PRIORITY[current];
}

/** Paid, or past it (refunded, disputed...): no payment, expiry or other lower report can apply any more. */
export const isPaidOrBeyond = (status: TransactionStatus): boolean => TRANSACTION_STATUS_PRIORITY[status] >= TRANSACTION_STATUS_PRIORITY.PAID;

/** The event every status change emits (SPEC: `TRANSACTION_<STATUS>`). */
export const transactionEventName = (status: TransactionStatus): `TRANSACTION_${TransactionStatus}` =>
  `TRANSACTION_${status}`;

/** Emitted once, after the provider confirms the charge; it is not a status. */
export const TRANSACTION_CREATED_EVENT = 'TRANSACTION_CREATED' as const;
