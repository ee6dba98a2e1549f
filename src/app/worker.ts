import type { Services } from './services';

const JOB_POLL_MS = 1_000;
const PURGE_EVERY_MS = 10 * 60_000;

export interface BackgroundWork {
  stop(): Promise<void>;
}

/** The worker role: durable jobs, maintenance, and whatever each feature adds via `onWorkerStart`. */
export function startWorker(services: Services): BackgroundWork {
  const { jobs, idempotency, logger } = services.platform;
  jobs.start(JOB_POLL_MS);
  const purge = setInterval(() => {
    idempotency.purgeExpired().catch((err) => logger.error({ err }, 'idempotency purge failed'));
    services.identity.purgeExpiredSessions().catch((err) => logger.error({ err }, 'session purge failed'));
  }, PURGE_EVERY_MS);
  purge.unref();
  const extra = services.platform.workerHooks.map((start) => start());
  return {
    stop: async () => {
      clearInterval(purge);
      await Promise.all(extra.map((w) => w.stop()));
      await jobs.stop();
    },
  };
}
