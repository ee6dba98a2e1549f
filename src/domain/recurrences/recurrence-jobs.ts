import { jobKind, jobSet, stringField, type JobSet } from '../jobs/job-kinds';
import type { JobRerun } from '../jobs/scheduler';

/** The durable jobs of recurrences. */
export const RECURRENCE_JOBS = {
  /** An approved recurrence's cycles: each sent inside its window, then this job waits for the next one. */
  cycles: jobKind('recurrence.cycles', (p) => ({ recurrenceId: stringField(p, 'recurrenceId') })),
  /** A cycle that ended unpaid (failed, or cancelled): its charge is closed as refused. */
  closeCycleCharge: jobKind('recurrence.close-cycle-charge', (p) => ({ transactionId: stringField(p, 'transactionId'), reason: stringField(p, 'reason') })),
};

export const cyclesJobKey = (recurrenceId: string) => `recurrence-cycles:${recurrenceId}`;

export function recurrenceJobs(d: {
  runCycles(recurrenceId: string): Promise<void | JobRerun>;
  closeCharge(transactionId: string, reason: string): Promise<void>;
}): JobSet<typeof RECURRENCE_JOBS> {
  return jobSet(RECURRENCE_JOBS, {
    cycles: ({ recurrenceId }) => d.runCycles(recurrenceId),
    closeCycleCharge: ({ transactionId, reason }) => d.closeCharge(transactionId, reason),
  });
}
