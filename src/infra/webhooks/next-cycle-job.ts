/**
 * RabbitMQ backend: the durable job that wakes a delivery at its next cycle. It is
 * written by the statement that records the cycle's last failure (so it exists whatever
 * happens to the broker afterwards); the job only publishes the wake-up message.
 */
export const NEXT_CYCLE_JOB = 'webhooks.next-cycle';

/** One job per delivery and attempt count: rescheduling the same wait is a no-op. */
export const nextCycleJobKey = (deliveryId: string, attempts: number) => `${NEXT_CYCLE_JOB}:${deliveryId}:${attempts}`;
