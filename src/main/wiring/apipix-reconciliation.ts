import { PspReconciliation, WINDOW_CURSOR } from '../../domain/reconciliation/psp-reconciliation';
import { reconcilePixPage } from '../../domain/reconciliation/reconcile-pix-page';
import { reconciliationJobs, reconciliationJobsAt } from '../../domain/reconciliation/reconciliation-jobs';
import type { ApplyPspPix } from '../../domain/transactions/apply-psp-pix';
import type { InstitutionChargeReportsService } from '../../domain/transactions/institution-charge-reports.service';
import type { ApiPixClient } from '../../infra/apipix/apipix-client';
import { ApiPixReconciliationReads } from '../../infra/apipix/apipix-reconciliation-reads';
import { PgReconciliationStore } from '../../infra/reconciliation/pg-reconciliation-store';
import { BrazilHolidays } from '../../infra/privacy/brazil-holidays';
import type { Platform } from './platform';

/** One run reads at most this long, within the job runner's lease (JOB_LOCK_SECONDS, at least 30), then hands over to the next. */
const RUN_BUDGET_MS = 20_000;
/** The daily sweep waits this long after midnight (and the window's overlap) for Pix listed late. */
const SWEEP_DELAY_MS = 10 * 60_000;

/**
 * Reconciliation with the PSP (INSTITUTION=apipix): the reads, the store, the use case, its
 * two recurring jobs (scheduled when a worker starts) and the lag gauge.
 */
export function wireApiPixReconciliation(p: Platform, d: { client: Pick<ApiPixClient, 'call'>; reports: InstitutionChargeReportsService; applyPix: ApplyPspPix }) {
  const { config, clock, metrics, logger } = p;
  const reads = new ApiPixReconciliationReads({ client: d.client, logger });
  const store = new PgReconciliationStore(p.sql, clock);
  const overlapMs = config.APIPIX_RECONCILE_OVERLAP_SECONDS * 1_000;
  const reconciliation = new PspReconciliation({
    list: reads,
    cobs: reads,
    store,
    clock,
    applyPage: reconcilePixPage({
      store,
      applyPix: d.applyPix,
      reports: d.reports,
      holidays: new BrazilHolidays(),
      observer: { applied: (n) => metrics.reconcileAppliedPix(n), differences: (kind, n) => metrics.reconcileDifference(kind, n) },
    }),
    overlapMs,
    orphanGraceMs: config.APIPIX_ORPHAN_COB_GRACE_HOURS * 3_600_000,
  });
  p.jobs.registerAll(
    reconciliationJobs({ reconciliation, clock, everyMs: config.APIPIX_RECONCILE_EVERY_SECONDS * 1_000, budgetMs: RUN_BUDGET_MS, sweepDelayMs: SWEEP_DELAY_MS + overlapMs }),
  );
  p.workerHooks.push(() => {
    p.uow.run((tx) => p.scheduler.schedule(tx, reconciliationJobsAt(clock.now()))).catch((err) => logger.error({ err }, 'the reconciliation jobs could not be scheduled; retried at the next start'));
    return { stop: async () => undefined };
  });
  metrics.readReconcileLagWith(async () => {
    const cursor = await store.cursor(WINDOW_CURSOR);
    return cursor ? Math.max(0, (clock.now().getTime() - cursor.getTime()) / 1_000) : null;
  });
  return { reconciliation, cobPayments: reads };
}
