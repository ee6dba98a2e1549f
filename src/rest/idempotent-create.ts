import type { Request, Response } from 'express';
import type { Services } from '../app/services';
import type { IdempotentRun } from '../domain/idempotency/idempotency.service';
import type { IdempotentOperation, StoredResponse } from '../domain/idempotency/idempotency.types';

/**
 * Runs a create through the shared idempotency mechanism and sends the answer: the
 * stored one (same status) on a replay, the fresh one otherwise. `execute` records its
 * resource and answer with `run.record` inside the use case's transaction.
 */
export async function sendIdempotent(
  services: Services,
  req: Request,
  res: Response,
  o: {
    sellerId: string;
    operation: IdempotentOperation;
    execute(run: IdempotentRun): Promise<StoredResponse>;
    claimAtCommit?: boolean;
    /** What identifies the request instead of the raw body (e.g. card data replaced by keyed hashes). */
    fingerprintBody?: unknown;
  },
): Promise<void> {
  const result = await services.platform.idempotency.run({
    sellerId: o.sellerId,
    operation: o.operation,
    key: req.header('idempotency-key'),
    // The path is part of the request's identity: one key cannot serve two resources.
    body: { path: req.path, body: (o.fingerprintBody !== undefined ? o.fingerprintBody : req.body) ?? null },
    execute: o.execute,
    claimAtCommit: o.claimAtCommit,
  });
  if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
  res.status(result.status).json(result.body);
}
