import { answered, type CommandResult } from '../idempotency/idempotent-command';
import { parseWith } from '../shared/zod-input';
import type { InstitutionChargeReportsService } from './institution-charge-reports.service';
import { InstitutionReport } from './institution-report-request';

export type InstitutionReportAnswer = { applied: boolean; duplicate: boolean; transactionStatus: string };

/** The body as the institution sent it; idempotent by its `reportId`. */
export type ApplyInstitutionReport = (r: { input: unknown }) => Promise<CommandResult<InstitutionReportAnswer>>;

/** A status report of the payment institution (charge registered, paid, expired, refused...). */
export function applyInstitutionReportCommand(d: { transactionReports: Pick<InstitutionChargeReportsService, 'apply'> }): ApplyInstitutionReport {
  return async ({ input }) => {
    const b = parseWith(InstitutionReport, input);
    const outcome = await d.transactionReports.apply({
      reportId: b.reportId,
      transactionId: b.transactionId,
      status: b.status,
      end2endId: b.end2endId ?? undefined,
      paidAt: b.paidAt ? new Date(b.paidAt) : undefined,
      refusedReason: b.refusedReason ?? undefined,
    });
    return answered({ applied: outcome.applied, duplicate: outcome.duplicate, transactionStatus: outcome.transaction.status });
  };
}
