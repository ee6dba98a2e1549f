import type { Tx } from './unit-of-work';

/**
 * Lets a caller add its own writes to a use case's transaction, after the use case's
 * own (e.g. the idempotency record of the request that created the resource).
 */
export type WithinTransaction<T> = (tx: Tx, result: T) => Promise<void>;
