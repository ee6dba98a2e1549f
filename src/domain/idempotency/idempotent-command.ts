import type { Tx } from '../shared/unit-of-work';
import type { AnswerRecorder, IdempotencyService, KeyedRequest } from './idempotency.service';
import type { IdempotentOperation } from './idempotency.types';

export type View = Record<string, unknown>;

/** What a write command answers, whichever door asked: the domain view, and whether it is an earlier request's stored answer. */
export interface CommandResult<V extends View = View> {
  view: V;
  replayed: boolean;
}

/** The answer of a write that takes no idempotency key (it is never a replay). */
export const answered = <V extends View>(view: V): CommandResult<V> => ({ view, replayed: false });

/** Handed to a create: in its unit of work, stores its view as the answer to replay, with the resource it created. */
export interface Answer<V extends View> {
  record(tx: Tx, resourceId: string, view: V): Promise<void>;
}

/** A create request: the seller it acts for and the key the client sent. */
export interface KeyedCreate {
  seller: { id: string };
  idempotencyKey: unknown;
}

export interface IdempotentCreate<R extends KeyedCreate> {
  operation: IdempotentOperation;
  /** The status number kept with the answer (the store's column; the doors choose their own). */
  storedStatus: number;
  /** What identifies the request: the same key with another identity is a conflict. */
  identity(r: R): unknown;
  /**
   * Whether the create changes nothing outside its transaction (no TOTP step spent, no call
   * out), so it may run before the key is claimed: the claim then travels with its commit,
   * saving a round trip.
   */
  claimsAtCommit?(r: R): boolean;
}

/**
 * Wraps a create in the one idempotency mechanism: the key is checked, then claimed (or
 * claimed by the create's own commit), and the create runs only when no earlier request
 * answered already; it records its view in its own unit of work through `answer`.
 *
 * A create that claims at its commit and fails runs no second time unless the key it met
 * is free again (its holder died, or it expired): when the key holds an earlier answer,
 * a conflict or a running original, that is the answer, whatever the new run said (a
 * seller blocked since, a rule changed); otherwise its own refusal is.
 */
export function idempotentCommand<R extends KeyedCreate, V extends View>(
  idempotency: IdempotencyService,
  spec: IdempotentCreate<R>,
  create: (r: R, answer: Answer<V>) => Promise<V>,
): (r: R) => Promise<CommandResult<V>> {
  const createdBy = async (r: R, req: KeyedRequest, recorder: AnswerRecorder): Promise<CommandResult<V>> => {
    let recorded = false;
    const view = await create(r, {
      record: async (tx, resourceId, v) => {
        await recorder.record(tx, resourceId, { status: spec.storedStatus, body: v });
        recorded = true;
      },
    });
    if (!recorded) throw new Error(`${spec.operation} did not record its answer`);
    idempotency.created(req);
    return { view, replayed: false };
  };

  const underClaim = async (r: R, req: KeyedRequest): Promise<CommandResult<V>> => {
    const claim = await idempotency.claim(req);
    if ('replay' in claim) return { view: claim.replay.body as V, replayed: true };
    try {
      return await createdBy(r, req, idempotency.recorderOf(claim.claimId));
    } catch (error) {
      return idempotency.release(claim.claimId, error);
    }
  };

  return async (r) => {
    const req = idempotency.request({ sellerId: r.seller.id, operation: spec.operation, key: r.idempotencyKey, identity: spec.identity(r) });
    if (!spec.claimsAtCommit?.(r)) return underClaim(r, req);
    try {
      return await createdBy(r, req, idempotency.recorderAtCommit(req));
    } catch (error) {
      const earlier = await idempotency.earlierAnswer(req);
      if (earlier) return { view: earlier.body as V, replayed: true };
      if (idempotency.keyTaken(error)) return underClaim(r, req);
      throw error;
    }
  };
}
