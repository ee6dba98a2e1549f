import { PeriodicLoop } from '../infra/shared/periodic-loop';
import type { AppServices } from './app-services';

const JOB_POLL_MS = 1_000;

export interface BackgroundWork {
  stop(): Promise<void>;
}

/** The worker role: durable jobs, maintenance, and what each feature adds to `platform.workerHooks`. */
export function startWorker(services: AppServices): BackgroundWork {
  const { jobs, logger, metrics, config } = services.platform;
  jobs.start(JOB_POLL_MS);
  // Maintenance, one pass at a time: what is past its retention goes.
  const purge = new PeriodicLoop(async () => {
    const run = await services.retentionPurge.run();
    for (const [table, rows] of Object.entries(run.purged)) metrics.retentionRun(table, rows, table in run.failed);
    const failed = Object.keys(run.failed).length > 0;
    logger[failed ? 'warn' : 'info']({ purged: run.purged, failed: run.failed, durationMs: run.durationMs }, failed ? 'retention purge: some tables failed; retried at the next run' : 'retention purge');
    // The space the purge freed is reusable once vacuumed: by autovacuum, or here where none runs.
    const vacuum = await services.tableVacuum.run().catch((err) => logger.error({ err }, 'vacuum of the purged tables failed; retried at the next run'));
    const vacuumFailed = vacuum ? Object.keys(vacuum.failed).length > 0 : false;
    if (vacuum && (vacuum.vacuumed.length > 0 || vacuumFailed)) {
      logger[vacuumFailed ? 'warn' : 'info']({ vacuumed: vacuum.vacuumed, failed: vacuum.failed, durationMs: vacuum.durationMs }, 'tables vacuumed');
    }
    const masked = await services.retainedEventMasking.run().catch((err) => logger.error({ err }, 'masking of retained events failed; retried at the next run'));
    if (masked) logger.info({ masked }, 'retained events masked');
    await services.dataExport.removeExpiredFiles().catch((err) => logger.error({ err }, 'removal of expired export files failed'));
  }, (err) => logger.error({ err }, 'maintenance failed'));
  purge.start(config.RETENTION_PURGE_INTERVAL);
  const extra = services.platform.workerHooks.map((start) => start());
  return {
    stop: async () => {
      await purge.stop();
      await Promise.all(extra.map((w) => w.stop()));
      await jobs.stop();
    },
  };
}
