import type { Response } from 'express';
import type { CommandResult } from '../domain/idempotency/idempotent-command';

/**
 * Sends a write command's answer in the REST envelope: the same status whether fresh
 * or replayed, and `Idempotent-Replayed: true` on a replay.
 */
export function sendCommandResult(res: Response, status: number, result: CommandResult, view: (v: CommandResult['view']) => unknown = (v) => v): void {
  if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
  res.status(status).json({ status: true, data: view(result.view) });
}
