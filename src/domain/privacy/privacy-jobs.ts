import { jobKind, jobSet, stringField, type JobSet } from '../jobs/job-kinds';

const requestId = (p: Record<string, unknown>) => ({ requestId: stringField(p, 'requestId') });

/** The durable jobs of data-subject requests. */
export const PRIVACY_JOBS = {
  /** A queued export is built, stored and mailed. */
  buildExport: jobKind('privacy.build-export', requestId),
  /** An erasure's retention period ended: what was kept for the law goes too. */
  finishRetention: jobKind('privacy.finish-retention', requestId),
};

export function privacyJobs(d: { buildExport(requestId: string): Promise<void>; finishRetention(requestId: string): Promise<void> }): JobSet<typeof PRIVACY_JOBS> {
  return jobSet(PRIVACY_JOBS, {
    buildExport: ({ requestId }) => d.buildExport(requestId),
    finishRetention: ({ requestId }) => d.finishRetention(requestId),
  });
}
