import { canTransitionWithdrawal, WITHDRAWAL_TRANSITIONS } from './withdrawal-machine';
import { isWithdrawalStatus, type WithdrawalStatus } from './withdrawal-status';

/** Unknown institution words become FAILED (ARCHITECTURE, State machines). */
export function mapPayoutStatus(raw: string): WithdrawalStatus {
  const s = raw.trim().toUpperCase();
  return isWithdrawalStatus(s) ? s : 'FAILED';
}

/**
 * Steps of the forward path that a report may imply when the institution skips them:
 * a PAID report on a PENDING withdrawal means it was approved and processed first.
 */
export const IMPLIED_STEPS: readonly WithdrawalStatus[] = ['APPROVED', 'PROCESSING'];

/**
 * The transitions that applying `reported` to a withdrawal in `current` takes, in
 * order, each allowed by WITHDRAWAL_TRANSITIONS; empty when the report changes nothing:
 * a repeat of the current status, or a status the table cannot reach from here (late
 * or out-of-order reports never move a withdrawal backwards or out of a terminal
 * status). The shortest path through IMPLIED_STEPS is taken when no direct transition
 * exists: PENDING + PAID gives APPROVED, PROCESSING, PAID; PROCESSING + REFUNDED gives
 * nothing (a return needs a settled payout).
 */
export function reportPath(current: WithdrawalStatus, reported: WithdrawalStatus): WithdrawalStatus[] {
  if (current === reported) return [];
  if (canTransitionWithdrawal(current, reported)) return [reported];
  const previous = new Map<WithdrawalStatus, WithdrawalStatus>();
  const queue: WithdrawalStatus[] = [current];
  const seen = new Set<WithdrawalStatus>([current]);
  while (queue.length > 0) {
    const at = queue.shift()!;
    for (const next of WITHDRAWAL_TRANSITIONS[at]) {
      if (seen.has(next)) continue;
      if (next === reported) {
        const path: WithdrawalStatus[] = [reported];
        for (let s: WithdrawalStatus | undefined = at; s !== undefined && s !== current; s = previous.get(s)) path.unshift(s);
        return path;
      }
      if (!IMPLIED_STEPS.includes(next)) continue;
      seen.add(next);
      previous.set(next, at);
      queue.push(next);
    }
  }
  return [];
}
