import { jobKind, jobSet, stringField, type JobSet } from '../jobs/job-kinds';
import type { JobRerun } from '../jobs/scheduler';

function cycleNumberField(p: Record<string, unknown>): number {
  const n = p.number;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) throw new Error('job payload is missing the cycle number');
  return n;
}

/** The durable jobs of recurrences. */
export const RECURRENCE_JOBS = {
  /** An approved recurrence's cycles: each sent inside its window, then this job waits for the next one. */
  cycles: jobKind('recurrence.cycles', (p) => ({ recurrenceId: stringField(p, 'recurrenceId') })),
  /** A cycle that ended unpaid (failed, or cancelled): its charge is closed as refused. */
  closeCycleCharge: jobKind('recurrence.close-cycle-charge', (p) => ({ transactionId: stringField(p, 'transactionId'), reason: stringField(p, 'reason') })),
  /** With a PSP: a cycle made in our database is sent as its recurring charge (`PUT /cobr/{txid}`), after the cycle's commit. */
  sendCycleCharge: jobKind('recurrence.send-cycle-charge', (p) => ({ recurrenceId: stringField(p, 'recurrenceId'), number: cycleNumberField(p) })),
  /** With a PSP: the retry the policy allows is asked (`POST /cobr/{txid}/retentativa/{data}`), after the failure's commit. */
  askCycleRetry: jobKind('recurrence.ask-cycle-retry', (p) => ({ txid: stringField(p, 'txid'), on: stringField(p, 'on') })),
};

export const cyclesJobKey = (recurrenceId: string) => `recurrence-cycles:${recurrenceId}`;
export const sendCycleChargeJobKey = (recurrenceId: string, number: number) => `recurrence-cycle-send:${recurrenceId}:${number}`;
export const askCycleRetryJobKey = (txid: string, on: string) => `recurrence-cycle-retry:${txid}:${on}`;

export function recurrenceJobs(d: {
  runCycles(recurrenceId: string): Promise<void | JobRerun>;
  closeCharge(transactionId: string, reason: string): Promise<void>;
  sendCycleCharge(recurrenceId: string, number: number): Promise<void>;
  askRetry(txid: string, on: string): Promise<void>;
}): JobSet<typeof RECURRENCE_JOBS> {
  return jobSet(RECURRENCE_JOBS, {
    cycles: ({ recurrenceId }) => d.runCycles(recurrenceId),
    closeCycleCharge: ({ transactionId, reason }) => d.closeCharge(transactionId, reason),
    sendCycleCharge: ({ recurrenceId, number }) => d.sendCycleCharge(recurrenceId, number),
    askCycleRetry: ({ txid, on }) => d.askRetry(txid, on),
  });
}
