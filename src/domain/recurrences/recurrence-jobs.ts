import { jobKind, jobSet, stringField, type JobSet } from '../jobs/job-kinds';
import type { JobRerun } from '../jobs/scheduler';

/** The durable jobs of recurrences. */
export const RECURRENCE_JOBS = {
  /** An approved recurrence's cycles: each sent inside its window, then this job waits for the next one. */
  cycles: jobKind('recurrence.cycles', (p) => ({ recurrenceId: stringField(p, 'recurrenceId') })),
  /**
   * A cycle that ended unpaid: its charge is closed, REFUSED when the payer's side failed it
   * or the recurrence was cancelled, EXPIRED when no attempt was settled in time (stored jobs
   * without `closeAs` are refusals).
   */
  closeCycleCharge: jobKind('recurrence.close-cycle-charge', (p) => ({
    transactionId: stringField(p, 'transactionId'),
    reason: stringField(p, 'reason'),
    closeAs: p.closeAs === 'EXPIRED' ? ('EXPIRED' as const) : ('REFUSED' as const),
  })),
  /** The end of the day of a cycle's attempt: still unanswered, the attempt failed (the policy decides the retry). */
  attemptDayEnded: jobKind('recurrence.cycle-attempt-day-ended', (p) => ({
    recurrenceId: stringField(p, 'recurrenceId'),
    number: positiveInteger(p, 'number'),
    attempt: positiveInteger(p, 'attempt'),
  })),
  /** With a PSP: a cycle made in our database is sent as its recurring charge (`PUT /cobr/{txid}`), after the cycle's commit. */
  sendCycleCharge: jobKind('recurrence.send-cycle-charge', (p) => ({ recurrenceId: stringField(p, 'recurrenceId'), number: positiveInteger(p, 'number') })),
  /** With a PSP: the retry the policy allows is asked (`POST /cobr/{txid}/retentativa/{data}`), after the failure's commit. */
  askCycleRetry: jobKind('recurrence.ask-cycle-retry', (p) => ({ txid: stringField(p, 'txid'), on: stringField(p, 'on') })),
};

function positiveInteger(p: Record<string, unknown>, name: string): number {
  const n = p[name];
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) throw new Error(`job payload is missing the positive integer ${name}`);
  return n;
}

/** One per attempt of a cycle: a job run twice, or scheduled twice, ends the attempt once. */
export const attemptDayEndedKey = (recurrenceId: string, number: number, attempt: number) => `recurrence-cycle-attempt:${recurrenceId}:${number}:${attempt}`;

export const cyclesJobKey = (recurrenceId: string) => `recurrence-cycles:${recurrenceId}`;
export const sendCycleChargeJobKey = (recurrenceId: string, number: number) => `recurrence-cycle-send:${recurrenceId}:${number}`;
export const askCycleRetryJobKey = (txid: string, on: string) => `recurrence-cycle-retry:${txid}:${on}`;

export function recurrenceJobs(d: {
  runCycles(recurrenceId: string): Promise<void | JobRerun>;
  closeCharge(transactionId: string, reason: string, status: 'REFUSED' | 'EXPIRED'): Promise<void>;
  attemptDayEnded(recurrenceId: string, number: number, attempt: number): Promise<void | JobRerun>;
  sendCycleCharge(recurrenceId: string, number: number): Promise<void>;
  askRetry(txid: string, on: string): Promise<void>;
}): JobSet<typeof RECURRENCE_JOBS> {
  return jobSet(RECURRENCE_JOBS, {
    cycles: ({ recurrenceId }) => d.runCycles(recurrenceId),
    closeCycleCharge: ({ transactionId, reason, closeAs }) => d.closeCharge(transactionId, reason, closeAs),
    attemptDayEnded: ({ recurrenceId, number, attempt }) => d.attemptDayEnded(recurrenceId, number, attempt),
    sendCycleCharge: ({ recurrenceId, number }) => d.sendCycleCharge(recurrenceId, number),
    askCycleRetry: ({ txid, on }) => d.askRetry(txid, on),
  });
}
