import type { Response } from 'express';
import type { CommandResult, View } from '../domain/idempotency/idempotent-command';

/**
 * Sends a write command's answer as `answer` builds it from the view: the same status
 * whether fresh or replayed, and `Idempotent-Replayed: true` on a replay.
 *
 * Written directly rather than with `res.json`, which would hash every answer into an
 * ETag: the answer of a write is never revalidated (and is `no-store`), so the hash of
 * each create's body would be CPU spent for nothing.
 */
export function sendCommandAnswer<V extends View>(res: Response, status: number, result: CommandResult<V>, answer: (v: V) => unknown): void {
  if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
  res.status(status).type('json').end(JSON.stringify(answer(result.view)));
}

/** The same in the REST envelope `{ status: true, data }`. */
export function sendCommandResult(res: Response, status: number, result: CommandResult, view: (v: CommandResult['view']) => unknown = (v) => v): void {
  sendCommandAnswer(res, status, result, (v) => ({ status: true, data: view(v) }));
}
