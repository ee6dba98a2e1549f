/** What a create call's Idempotency-Key is scoped to. */
export interface IdempotencyScope {
  sellerId: string;
  /** e.g. `transactions.create`, `withdrawals.create`, `disputes.appeal`. */
  operation: string;
  key: string;
}

export interface StoredResponse {
  status: number;
  body: unknown;
}

/** What a key held by an earlier request says to this one. */
export type KeyState =
  /** Same key and body, finished: answer what was answered. */
  | { state: 'DONE'; response: StoredResponse }
  | { state: 'IN_FLIGHT' }
  | { state: 'CONFLICT' };

export type ClaimResult =
  /** First time (or a dead holder's lease ran out): run the operation. */
  | { state: 'ACQUIRED'; claimId: string }
  | KeyState;

export const IDEMPOTENCY_RETENTION_MS = {
  'transactions.create': 24 * 3_600_000,
  'transactions.refund': 72 * 3_600_000,
  'withdrawals.create': 72 * 3_600_000,
  'disputes.appeal': 72 * 3_600_000,
  'recurrences.create': 24 * 3_600_000,
} as const;

export type IdempotentOperation = keyof typeof IDEMPOTENCY_RETENTION_MS;

/** A holder that has not finished within this time is presumed dead. */
export const IDEMPOTENCY_LEASE_MS = 30_000;
export const IDEMPOTENCY_KEY_MAX = 128;
