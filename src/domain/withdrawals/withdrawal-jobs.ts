import { jobKind, jobSet, stringField, type JobSet } from '../jobs/job-kinds';

/** The durable jobs of withdrawals. */
export const WITHDRAWAL_JOBS = {
  /** A created withdrawal is submitted to the institution. */
  submit: jobKind('withdrawal.submit', (p) => ({ withdrawalId: stringField(p, 'withdrawalId') })),
};

export function withdrawalJobs(d: { submit(withdrawalId: string): Promise<void> }): JobSet<typeof WITHDRAWAL_JOBS> {
  return jobSet(WITHDRAWAL_JOBS, { submit: ({ withdrawalId }) => d.submit(withdrawalId) });
}
