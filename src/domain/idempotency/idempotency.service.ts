import { DomainError, validationError } from '../shared/errors';
import type { Clock } from '../shared/clock';
import { inBatches } from '../shared/in-batches';
import type { Tx } from '../shared/unit-of-work';
import { requestFingerprint } from './fingerprint';
import type { IdempotencyStore } from './idempotency.ports';
import { type ClaimResult, IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_RETENTION_MS, type IdempotentOperation, type StoredResponse } from './idempotency.types';

export const idempotencyInFlight = () =>
  new DomainError('IDEMPOTENCY_IN_FLIGHT', 'a request with this Idempotency-Key is still being processed; retry later', 'CONFLICT', { retryAfterSeconds: 5 });
/** A request outlived its lease and a retry took the key over: the retry's answer is the one. */
export const idempotencyTakenOver = () =>
  new DomainError('IDEMPOTENCY_IN_FLIGHT', 'this Idempotency-Key was taken over by a retry', 'CONFLICT', { retryAfterSeconds: 5 });
export const idempotencyConflict = () =>
  new DomainError('IDEMPOTENCY_KEY_CONFLICT', 'this Idempotency-Key was used with a different request body', 'UNPROCESSABLE');

export function validateIdempotencyKey(key: unknown): string {
  if (typeof key !== 'string' || key.trim() === '') {
    throw validationError('IDEMPOTENCY_KEY_REQUIRED', 'the Idempotency-Key header is required (UUID v4 recommended)');
  }
  if (key.length > IDEMPOTENCY_KEY_MAX) {
    throw validationError('IDEMPOTENCY_KEY_TOO_LONG', `Idempotency-Key must have at most ${IDEMPOTENCY_KEY_MAX} characters`);
  }
  if (!/^[\x21-\x7e]+$/.test(key)) {
    throw validationError('IDEMPOTENCY_KEY_INVALID', 'Idempotency-Key must be printable ASCII without spaces');
  }
  return key;
}

/**
 * Handed to the operation: inside its own transaction it records the resource it
 * created and the answer to replay (typically through a use case's `withinTransaction`
 * hook), so the key, the resource and the answer commit together.
 */
export interface IdempotentRun {
  record(tx: Tx, resourceId: string, response: StoredResponse): Promise<void>;
}

export interface IdempotentRequest {
  sellerId: string;
  operation: IdempotentOperation;
  key: unknown;
  body: unknown;
  /** Runs the operation, which must call `run.record` in its transaction, and returns its answer. */
  execute(run: IdempotentRun): Promise<StoredResponse>;
  /**
   * The operation changes nothing outside its transaction (no TOTP step spent, no call
   * out), so it may run before the key is claimed: the claim then travels with its
   * commit, saving a round trip. Only when the key exists already does the ordinary
   * claim decide (replay, conflict, in-flight, takeover), and the operation runs again
   * only if that claim is acquired; the first run created nothing.
   */
  claimAtCommit?: boolean;
  /**
   * Earlier ways this same request was identified (records stored before its identity
   * changed): when `body` conflicts with the stored key, each is tried in turn, so a
   * retry of such a record still replays it instead of being refused as a conflict.
   */
  formerBodies?: unknown[];
}

/**
 * The one idempotency mechanism behind every create: same key and body replay the
 * stored answer; another body is a conflict; a running original answers in-flight;
 * a holder that died before committing leaves a lease that lets a retry take over.
 * Only successes are stored; failures free the key.
 */
/** What became of an idempotent request (for metrics). */
export type IdempotencyOutcome = 'created' | 'replayed' | 'conflict' | 'in_flight';

export class IdempotencyService {
  constructor(
    private readonly store: IdempotencyStore,
    private readonly clock: Clock,
    private readonly observe: (operation: IdempotentOperation, outcome: IdempotencyOutcome) => void = () => undefined,
  ) {}

  async run(req: IdempotentRequest): Promise<StoredResponse & { replayed: boolean }> {
    const key = validateIdempotencyKey(req.key);
    const fingerprint = requestFingerprint(req.operation, req.body);
    if (req.claimAtCommit) {
      const fresh = await this.runClaimingAtCommit(req, key, fingerprint);
      if (fresh) return fresh;
    }
    const claim = await this.claim(req, key, [fingerprint, ...(req.formerBodies ?? []).map((b) => requestFingerprint(req.operation, b))]);
    switch (claim.state) {
      case 'DONE':
        this.observe(req.operation, 'replayed');
        return { ...claim.response, replayed: true };
      case 'IN_FLIGHT':
        this.observe(req.operation, 'in_flight');
        throw idempotencyInFlight();
      case 'CONFLICT':
        this.observe(req.operation, 'conflict');
        throw idempotencyConflict();
    }
    let recorded = false;
    const run: IdempotentRun = {
      record: async (tx, resourceId, response) => {
        await this.store.record(tx, claim.claimId, resourceId, response);
        recorded = true;
      },
    };
    let response: StoredResponse;
    try {
      response = await req.execute(run);
      if (!recorded) throw new Error(`${req.operation} did not record its resource for idempotency`);
    } catch (error) {
      // A failed request created nothing (its transaction rolled back), so the key is
      // freed: the client may fix the cause (balance, 2FA code) and retry with it.
      await this.store.release(claim.claimId);
      if (this.store.claimLost(error)) throw idempotencyTakenOver();
      throw error;
    }
    this.observe(req.operation, 'created');
    return { ...response, replayed: false };
  }

  /** The first claim that does not conflict, trying the fingerprints in order. */
  private async claim(req: IdempotentRequest, key: string, fingerprints: string[]): Promise<ClaimResult> {
    let claim: ClaimResult = { state: 'CONFLICT' };
    for (const fingerprint of fingerprints) {
      claim = await this.store.claim({
        sellerId: req.sellerId,
        operation: req.operation,
        key,
        fingerprint,
        now: this.clock.now(),
        leaseMs: IDEMPOTENCY_LEASE_MS,
        retentionMs: IDEMPOTENCY_RETENTION_MS[req.operation],
      });
      if (claim.state !== 'CONFLICT') return claim;
    }
    return claim;
  }

  /**
   * The key is claimed by the operation's own commit. Null sends the caller to the
   * ordinary claim: when the key exists already (that transaction failed and created
   * nothing), and after any other failure too, since the key may belong to an earlier
   * request whose stored answer must be replayed whatever a new run would say now (a
   * seller blocked since, a rule changed). A failure frees nothing: nothing was held.
   */
  private async runClaimingAtCommit(req: IdempotentRequest, key: string, fingerprint: string): Promise<(StoredResponse & { replayed: boolean }) | null> {
    let recorded = false;
    const run: IdempotentRun = {
      record: async (tx, resourceId, response) => {
        const scope = { sellerId: req.sellerId, operation: req.operation, key, fingerprint };
        await this.store.recordNew(tx, { ...scope, now: this.clock.now(), retentionMs: IDEMPOTENCY_RETENTION_MS[req.operation] }, resourceId, response);
        recorded = true;
      },
    };
    try {
      const response = await req.execute(run);
      if (!recorded) throw new Error(`${req.operation} did not record its resource for idempotency`);
      this.observe(req.operation, 'created');
      return { ...response, replayed: false };
    } catch {
      return null;
    }
  }

  /** Deletes every key past its retention, in batches of `batchSize`. */
  purgeExpired(batchSize = 1_000): Promise<number> {
    const now = this.clock.now();
    return inBatches(batchSize, (limit) => this.store.purgeExpired(now, limit));
  }
}
