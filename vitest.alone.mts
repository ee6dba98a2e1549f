/**
 * Files that run one at a time, after the others, with the fault files (`npm run test:faults`):
 * they measure something the rest of the suite would disturb if it ran beside them (a burst
 * of 1,000 deliveries with a deadline, the live heap of a 100,000-charge export).
 */
export const RUN_ALONE = ['test/webhooks/amqp-delivery.test.ts', 'test/privacy/export-queued.test.ts'];
