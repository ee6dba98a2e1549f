import { jobKind, jobSet, stringField, type JobSet } from '../jobs/job-kinds';
import type { JobRerun } from '../jobs/scheduler';

/** The durable jobs of withdrawals. */
export const WITHDRAWAL_JOBS = {
  /** A created withdrawal is submitted to the institution. */
  submit: jobKind('withdrawal.submit', (p) => ({ withdrawalId: stringField(p, 'withdrawalId') })),
  /** A payout sent to a PSP is followed by our identifier until the PSP's record is final. */
  followPayout: jobKind('withdrawal.follow-payout', (p) => ({ withdrawalId: stringField(p, 'withdrawalId') })),
};

export function withdrawalJobs(d: {
  submit(withdrawalId: string): Promise<void | JobRerun>;
  /** Absent without a PSP: a follow job left by a PSP that is no longer configured then ends. */
  followPayout?(withdrawalId: string): Promise<void | JobRerun>;
}): JobSet<typeof WITHDRAWAL_JOBS> {
  return jobSet(WITHDRAWAL_JOBS, {
    submit: ({ withdrawalId }) => d.submit(withdrawalId),
    followPayout: async ({ withdrawalId }) => (d.followPayout ? d.followPayout(withdrawalId) : undefined),
  });
}
