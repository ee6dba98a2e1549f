/** The first poll of a devolução, after the PSP took it: a PSP usually settles within seconds. */
export const REFUND_POLL_FIRST_MS = 10_000;
/** Polls never wait longer than this between two reads of a devolução still EM_PROCESSAMENTO. */
export const REFUND_POLL_MAX_MS = 60 * 60_000;

/**
 * How long after poll `attempt` (0 the first) the next one runs: 10 s, doubling each time,
 * then hourly from the ninth poll on. Polling stops only at a final status, so a lost
 * callback never leaves a refund pending; the callback, when it comes, usually ends it first.
 */
export function refundPollDelayMs(attempt: number): number {
  const n = Number.isSafeInteger(attempt) && attempt > 0 ? Math.min(attempt, 30) : 0;
  return Math.min(REFUND_POLL_MAX_MS, REFUND_POLL_FIRST_MS * 2 ** n);
}
