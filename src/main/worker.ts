import { PeriodicLoop } from '../infra/shared/periodic-loop';
import type { AppServices } from './app-services';

const JOB_POLL_MS = 1_000;
const PURGE_EVERY_MS = 10 * 60_000;

export interface BackgroundWork {
  stop(): Promise<void>;
}

/** The worker role: durable jobs, maintenance, and what each feature adds to `platform.workerHooks`. */
export function startWorker(services: AppServices): BackgroundWork {
  const { jobs, idempotency, logger } = services.platform;
  jobs.start(JOB_POLL_MS);
  // Maintenance, one pass at a time: what is past its retention goes.
  const purge = new PeriodicLoop(async () => {
    await idempotency.purgeExpired().catch((err) => logger.error({ err }, 'idempotency purge failed'));
    await services.identity.purgeExpiredSessions().catch((err) => logger.error({ err }, 'session purge failed'));
    const purged = await services.webhookRetention.purge().catch((err) => logger.error({ err }, 'webhook retention purge failed; retried at the next run'));
    if (purged && purged.deliveries + purged.events > 0) logger.info(purged, 'webhook retention purge');
    const masked = await services.retainedEventMasking.run().catch((err) => logger.error({ err }, 'masking of retained events failed; retried at the next run'));
    if (masked) logger.info({ masked }, 'retained events masked');
    await services.dataExport.removeExpiredFiles().catch((err) => logger.error({ err }, 'removal of expired export files failed'));
  }, (err) => logger.error({ err }, 'maintenance failed'));
  purge.start(PURGE_EVERY_MS);
  const extra = services.platform.workerHooks.map((start) => start());
  return {
    stop: async () => {
      await purge.stop();
      await Promise.all(extra.map((w) => w.stop()));
      await jobs.stop();
    },
  };
}
