import type { Tx } from '../shared/unit-of-work';
import type { ClaimResult, IdempotencyScope, KeyState, StoredResponse } from './idempotency.types';

export interface IdempotencyStore {
  /** Atomically claims the key, or reports what the earlier request with that key became. */
  claim(input: IdempotencyScope & { fingerprint: string; now: Date; leaseMs: number; retentionMs: number }): Promise<ClaimResult>;
  /**
   * What the key says to a request with this fingerprint, without claiming it; null when
   * the key is free (absent, past its retention, or left by a holder whose lease ran out).
   */
  find(input: IdempotencyScope & { fingerprint: string; now: Date }): Promise<KeyState | null>;
  /**
   * Inside the operation's own transaction: links the resource and stores the answer,
   * so both exist exactly when the resource does. When another request has taken the
   * key over, the transaction fails (here or at its commit) and the operation rolls
   * back; `claimLost` recognises that failure.
   */
  record(tx: Tx, claimId: string, resourceId: string, response: StoredResponse): Promise<void>;
  /**
   * Inside the operation's transaction: claims the key, links the resource and stores the
   * answer at once (no claim beforehand). When the key exists already the transaction
   * fails (here or at its commit) and has created nothing; `keyTaken` recognises that failure.
   */
  recordNew(tx: Tx, input: IdempotencyScope & { fingerprint: string; now: Date; retentionMs: number }, resourceId: string, response: StoredResponse): Promise<void>;
  /** Whether an operation's failure is `record` finding the claim taken over. */
  claimLost(error: unknown): boolean;
  /** Whether an operation's failure is `recordNew` finding the key taken. */
  keyTaken(error: unknown): boolean;
  /** The operation failed unexpectedly and created nothing: the key may be used again at once. */
  release(claimId: string): Promise<void>;
  /** Deletes keys past their retention; returns how many. */
  purgeExpired(now: Date, limit: number): Promise<number>;
}
