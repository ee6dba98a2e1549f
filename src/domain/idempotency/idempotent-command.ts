import type { Tx } from '../shared/unit-of-work';
import type { IdempotencyService } from './idempotency.service';
import type { IdempotentOperation } from './idempotency.types';

export type View = Record<string, unknown>;

/** What a write command answers, whichever door asked: the domain view, and whether it is an earlier request's stored answer. */
export interface CommandResult<V extends View = View> {
  view: V;
  replayed: boolean;
}

/** The answer of a write that takes no idempotency key (it is never a replay). */
export const answered = <V extends View>(view: V): CommandResult<V> => ({ view, replayed: false });

/**
 * The view held in a stored answer. Answers stored before the commands existed hold
 * either the REST envelope `{ status: true, data }` or the bare view (GraphQL); a view's
 * own `status` is a word, never `true`, so the envelope is recognisable.
 */
export function storedView(body: unknown): View {
  const b = (body ?? {}) as View;
  return b.status === true && b.data !== null && typeof b.data === 'object' ? (b.data as View) : b;
}

export interface IdempotentCommandRun {
  sellerId: string;
  operation: IdempotentOperation;
  key: unknown;
  /** What identifies the request (same key with another identity is a conflict). */
  identity: unknown;
  /** How records stored before this identity existed identified the same request, one per door. */
  formerIdentities: unknown[];
  claimAtCommit?: boolean;
  /** The status number kept with the answer (the store's column; the doors choose their own). */
  storedStatus: number;
  /** Reads a stored answer as the view (default `storedView`), for answers stored in another shape before. */
  readStored?: (body: unknown) => View;
  /** Runs the use case, which calls `record` inside its transaction, and returns the view. */
  execute(record: (tx: Tx, resourceId: string, view: View) => Promise<void>): Promise<View>;
}

/** Runs a create through the one idempotency mechanism; the stored answer is the view itself. */
export async function runIdempotentCommand(idempotency: IdempotencyService, c: IdempotentCommandRun): Promise<CommandResult> {
  const result = await idempotency.run({
    sellerId: c.sellerId,
    operation: c.operation,
    key: c.key,
    body: c.identity,
    formerBodies: c.formerIdentities,
    claimAtCommit: c.claimAtCommit,
    execute: async (run) => ({
      status: c.storedStatus,
      body: await c.execute((tx, resourceId, view) => run.record(tx, resourceId, { status: c.storedStatus, body: view })),
    }),
  });
  return { view: (c.readStored ?? storedView)(result.body), replayed: result.replayed };
}
