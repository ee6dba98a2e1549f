import { DomainError, validationError } from '../shared/errors';
import type { Clock } from '../shared/clock';
import { inBatches } from '../shared/in-batches';
import type { Tx } from '../shared/unit-of-work';
import { requestFingerprint } from './fingerprint';
import type { IdempotencyStore } from './idempotency.ports';
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_RETENTION_MS, type IdempotentOperation, type KeyState, type StoredResponse } from './idempotency.types';

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

/** What became of an idempotent request (for metrics). */
export type IdempotencyOutcome = 'created' | 'replayed' | 'conflict' | 'in_flight';

/** A create's key, checked, and the fingerprint of what the request asks. */
export interface KeyedRequest {
  sellerId: string;
  operation: IdempotentOperation;
  key: string;
  fingerprint: string;
}

/**
 * Handed to a create: inside its own unit of work it stores the answer with the resource
 * it created, so the key, the resource and the answer commit together.
 */
export interface AnswerRecorder {
  record(tx: Tx, resourceId: string, response: StoredResponse): Promise<void>;
}

/** The ordinary claim's outcome: the key is held for this request, or it holds an earlier answer. */
export type Claim = { claimId: string } | { replay: StoredResponse };

/**
 * The one idempotency mechanism behind every create, over its store: same key and body
 * replay the stored answer; another body is a conflict; a running original answers
 * in-flight; a holder that died before committing leaves a lease that lets a retry take
 * over. Only successes are stored; failures free the key. `idempotentCommand` composes
 * these steps around a create.
 */
export class IdempotencyService {
  constructor(
    private readonly store: IdempotencyStore,
    private readonly clock: Clock,
    private readonly observe: (operation: IdempotentOperation, outcome: IdempotencyOutcome) => void = () => undefined,
  ) {}

  /** Checks the key and fingerprints the request's identity (no I/O). */
  request(r: { sellerId: string; operation: IdempotentOperation; key: unknown; identity: unknown }): KeyedRequest {
    const key = validateIdempotencyKey(r.key);
    return { sellerId: r.sellerId, operation: r.operation, key, fingerprint: requestFingerprint(r.operation, r.identity) };
  }

  /** Claims the key before the create runs; an earlier answer is replayed, a conflict or a running original refused. */
  async claim(req: KeyedRequest): Promise<Claim> {
    const claim = await this.store.claim({ ...req, now: this.clock.now(), leaseMs: IDEMPOTENCY_LEASE_MS, retentionMs: IDEMPOTENCY_RETENTION_MS[req.operation] });
    if (claim.state === 'ACQUIRED') return { claimId: claim.claimId };
    return { replay: this.answerOf(req, claim) };
  }

  /**
   * What the key says without claiming it: the earlier answer to replay (a conflict or a
   * running original are refused), or null when the key is free for this request.
   */
  async earlierAnswer(req: KeyedRequest): Promise<StoredResponse | null> {
    const state = await this.store.find({ ...req, now: this.clock.now() });
    return state && this.answerOf(req, state);
  }

  /** The answer is recorded under the claim held since `claim`. */
  recorderOf(claimId: string): AnswerRecorder {
    return { record: (tx, resourceId, response) => this.store.record(tx, claimId, resourceId, response) };
  }

  /** The key is claimed by the create's own commit, with the answer (no claim beforehand). */
  recorderAtCommit(req: KeyedRequest): AnswerRecorder {
    const retentionMs = IDEMPOTENCY_RETENTION_MS[req.operation];
    return { record: (tx, resourceId, response) => this.store.recordNew(tx, { ...req, now: this.clock.now(), retentionMs }, resourceId, response) };
  }

  /** A claimed create failed and created nothing: the key is freed for a corrected retry. */
  async release(claimId: string, error: unknown): Promise<never> {
    await this.store.release(claimId);
    throw this.store.claimLost(error) ? idempotencyTakenOver() : error;
  }

  /** Whether a create that claimed at its commit failed because the key exists already. */
  keyTaken(error: unknown): boolean {
    return this.store.keyTaken(error);
  }

  created(req: KeyedRequest): void {
    this.observe(req.operation, 'created');
  }

  /** Deletes every key past its retention, in batches of `batchSize`. */
  purgeExpired(batchSize = 1_000): Promise<number> {
    const now = this.clock.now();
    return inBatches(batchSize, (limit) => this.store.purgeExpired(now, limit));
  }

  private answerOf(req: KeyedRequest, state: KeyState): StoredResponse {
    switch (state.state) {
      case 'DONE':
        this.observe(req.operation, 'replayed');
        return state.response;
      case 'IN_FLIGHT':
        this.observe(req.operation, 'in_flight');
        throw idempotencyInFlight();
      case 'CONFLICT':
        this.observe(req.operation, 'conflict');
        throw idempotencyConflict();
    }
  }
}
