import { jobKind, jobSet, stringField, type JobSet } from '../jobs/job-kinds';

/** The durable jobs of endpoint health: the e-mail telling the seller a registration changed state. */
export const ENDPOINT_HEALTH_JOBS = {
  notice: jobKind('webhooks.endpoint-notice', (p) => ({ changeId: stringField(p, 'changeId') })),
};

export function endpointHealthJobs(d: { sendNotice(changeId: string): Promise<void> }): JobSet<typeof ENDPOINT_HEALTH_JOBS> {
  return jobSet(ENDPOINT_HEALTH_JOBS, { notice: ({ changeId }) => d.sendNotice(changeId) });
}
