import type { ApplyPspPix } from '../transactions/apply-psp-pix';
import type { InstitutionChargeReportsService } from '../transactions/institution-charge-reports.service';
import { judgePspPix, type PspPix } from '../transactions/psp-pix';
import { applyConfirmedPayment } from '../transactions/apply-confirmed-payment';
import type { ReconciliationObserver, ReconciliationStore, SeenPix } from './reconciliation.ports';
import { storedVerdict } from './reconciliation-report';
import type { HolidayCalendar } from '../privacy/business-days';

export interface ReconcilePixPageDeps {
  store: Pick<ReconciliationStore, 'chargesByTxid' | 'recordedReports' | 'recordSeen'>;
  /** The per-Pix use case: a Pix with devoluções goes there so they are applied too. */
  applyPix: ApplyPspPix;
  reports: Pick<InstitutionChargeReportsService, 'apply'>;
  observer?: ReconciliationObserver;
  /** Payments applied at once (each is its own short transaction). */
  concurrency?: number;
  /** National holidays: what a charge with a due date asks on the Pix's day. */
  holidays?: HolidayCalendar;
}

/**
 * One page of the PSP's received Pix: our charges and the reports already recorded are
 * looked up once for the page, only the payments not yet recorded are applied (the report
 * id is the callback's, so a callback and the reconciliation never both credit), and the
 * page is recorded for the daily report. Running a page twice changes nothing.
 */
export function reconcilePixPage(d: ReconcilePixPageDeps) {
  return async (page: readonly PspPix[]): Promise<{ applied: number }> => {
    if (page.length === 0) return { applied: 0 };
    const txids = [...new Set(page.map((p) => p.txid).filter((t): t is string => t !== null))];
    const charges = await d.store.chargesByTxid(txids);
    const judged = page.map((pix) => ({ pix, verdict: judgePspPix(pix, pix.txid ? (charges.get(pix.txid) ?? null) : null, d.holidays) }));
    const reportIds = judged.flatMap((j) => (j.verdict.kind === 'payment' ? [j.verdict.report.reportId] : []));
    const recorded = await d.store.recordedReports(reportIds);
    const work = judged.filter(({ pix, verdict }) => pix.returns.length > 0 || (verdict.kind === 'payment' && !recorded.has(verdict.report.reportId)));
    let applied = 0;
    await inParallel(work, d.concurrency ?? 4, async ({ pix, verdict }) => {
      const credited = pix.returns.length > 0 ? (await d.applyPix(pix)).applied : verdict.kind === 'payment' && (await applyConfirmedPayment(d.reports, verdict.report));
      if (credited) applied += 1;
    });
    const rows: SeenPix[] = judged.map(({ pix, verdict }) => ({
      endToEndId: pix.endToEndId,
      txid: pix.txid,
      cents: pix.cents,
      at: pix.at,
      transactionId: verdict.kind === 'not-ours' ? null : verdict.kind === 'payment' ? verdict.report.transactionId : verdict.transactionId,
      verdict: storedVerdict(verdict),
    }));
    const firstSeen = await d.store.recordSeen(rows);
    if (applied > 0) d.observer?.applied(applied);
    for (const kind of ['NOT_OURS', 'AMOUNT_DIFFERS'] as const) {
      const n = rows.filter((r) => r.verdict === kind && firstSeen.has(r.endToEndId)).length;
      if (n > 0) d.observer?.differences(kind, n);
    }
    return { applied };
  };
}

async function inParallel<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
}
