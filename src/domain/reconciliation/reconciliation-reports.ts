import { requireOperator } from '../accounts/account-errors';
import type { User } from '../accounts/accounts.types';
import { DomainError, validationError } from '../shared/errors';
import { type DifferencePage, type DifferencePageQuery, differencePage, parseDifferencePageQuery } from './difference-page';
import { isCivilDate } from './reconcile-window';
import type { PspReconciliation } from './psp-reconciliation';
import type { ReconciliationReport } from './reconciliation-report';
import type { PayoutReconciliationReport } from './payout-reconciliation';
import type { PayoutReconciliation } from './payout-reconciliation.service';
import { type PayoutDifferencePage, parsePayoutDifferencePageQuery, payoutDifferencePage } from './payout-difference-page';

/** The payouts part with one page of its differences. */
export type PagedPayoutReconciliation = Omit<PayoutReconciliationReport, 'differences'> & { differences: PayoutDifferencePage };

/** The day's report with one page of each part's differences. */
export type PagedReconciliationReport = Omit<ReconciliationReport, 'differences'> & { differences: DifferencePage; payouts: PagedPayoutReconciliation | null };

/**
 * Which differences of each part: `take` (1 to 1,000, default 100) and `cursor` (the previous
 * page's endCursor) for the received Pix, `payoutsTake` and `payoutsCursor` for the payouts.
 */
export interface ReportPaging {
  take?: unknown;
  cursor?: unknown;
  payoutsTake?: unknown;
  payoutsCursor?: unknown;
}

export interface ReportPages {
  received: DifferencePageQuery;
  payouts: DifferencePageQuery;
}

/** Validates both parts' paging (400 INVALID_TAKE, INVALID_CURSOR). */
export function parseReportPaging(raw: ReportPaging): ReportPages {
  return { received: parseDifferencePageQuery({ take: raw.take, cursor: raw.cursor }), payouts: parsePayoutDifferencePageQuery({ take: raw.payoutsTake, cursor: raw.payoutsCursor }) };
}

/** The whole report, each part's differences cut to the page asked. */
export function pagedReport(received: ReconciliationReport, payouts: PayoutReconciliationReport | null, pages: ReportPages): PagedReconciliationReport {
  return {
    ...received,
    differences: differencePage(received.differences, pages.received),
    payouts: payouts && { ...payouts, differences: payoutDifferencePage(payouts.differences, pages.payouts) },
  };
}

/** The operators' daily reconciliation report (null reconciliation: no PSP is connected). */
export class ReconciliationReports {
  constructor(
    private readonly reconciliation: Pick<PspReconciliation, 'report'> | null,
    /** The payouts part (null without a payout PSP: PAYOUT_PROVIDER=simulated). */
    private readonly payouts: Pick<PayoutReconciliation, 'report'> | null = null,
  ) {}

  async forDay(operator: User, date: string, paging: ReportPaging = {}): Promise<PagedReconciliationReport> {
    requireOperator(operator);
    if (!isCivilDate(date)) throw validationError('INVALID_DATE', 'date must be a calendar day, YYYY-MM-DD', { date });
    const pages = parseReportPaging(paging);
    if (!this.reconciliation) throw new DomainError('RECONCILIATION_NOT_CONFIGURED', 'reconciliation needs a PSP connected with INSTITUTION=apipix', 'CONFLICT');
    const [received, payouts] = await Promise.all([this.reconciliation.report(date), this.payouts ? this.payouts.report(date) : null]);
    return pagedReport(received, payouts, pages);
  }
}
