import { jobKind, jobSet, type JobSet } from '../jobs/job-kinds';

/**
 * The durable jobs of webhook deliveries. With the RabbitMQ backend a delivery's next
 * cycle is a job, written by the statement that records the cycle's last failure (so it
 * exists whatever happens to the broker afterwards); the job only wakes the delivery.
 * The payload's short names (`d`, `n`) are what stored rows carry.
 */
export const WEBHOOK_JOBS = {
  nextCycle: jobKind('webhooks.next-cycle', (p) => ({ d: String(p.d), n: Number(p.n) }), { sideBySide: true }),
};

/** One job per delivery and attempt count: rescheduling the same wait is a no-op. */
export const nextCycleJobKey = (deliveryId: string, attempts: number) => `${WEBHOOK_JOBS.nextCycle.kind}:${deliveryId}:${attempts}`;

export function webhookJobs(d: { wake(delivery: { id: string; attempts: number }): Promise<void> }): JobSet<typeof WEBHOOK_JOBS> {
  return jobSet(WEBHOOK_JOBS, { nextCycle: ({ d: id, n }) => d.wake({ id, attempts: n }) });
}
