import { jobKind, jobSet, type JobSet } from '../jobs/job-kinds';

/** The durable jobs of disputes. */
export const DISPUTE_JOBS = {
  /** Decides an OPEN dispute whose appeal window ended (a payload without a dispute id is dropped). */
  appealDeadline: jobKind('dispute.appeal-deadline', (p) => ({ disputeId: typeof p.disputeId === 'string' ? p.disputeId : null })),
  /** Deletes stored evidence objects that no committed appeal confirmed, and those an erasure released. */
  sweepEvidenceObjects: jobKind('disputes.sweep-evidence-objects', () => ({})),
};

export function disputeJobs(d: { closeAppealWindow(disputeId: string): Promise<void>; sweepEvidenceObjects(): Promise<unknown> }): JobSet<typeof DISPUTE_JOBS> {
  return jobSet(DISPUTE_JOBS, {
    appealDeadline: async ({ disputeId }) => {
      if (disputeId) await d.closeAppealWindow(disputeId);
    },
    sweepEvidenceObjects: async () => {
      await d.sweepEvidenceObjects();
    },
  });
}
