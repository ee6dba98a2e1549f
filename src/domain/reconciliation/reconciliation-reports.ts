import { requireOperator } from '../accounts/account-errors';
import type { User } from '../accounts/accounts.types';
import { DomainError, validationError } from '../shared/errors';
import { type DifferencePage, differencePage, parseDifferencePageQuery } from './difference-page';
import { isCivilDate } from './reconcile-window';
import type { PspReconciliation } from './psp-reconciliation';
import type { ReconciliationReport } from './reconciliation-report';
import type { PayoutReconciliationReport } from './payout-reconciliation';
import type { PayoutReconciliation } from './payout-reconciliation.service';

/** The day's report with one page of its differences. */
export type PagedReconciliationReport = Omit<ReconciliationReport, 'differences'> & { differences: DifferencePage; payouts: PayoutReconciliationReport | null };

/** The operators' daily reconciliation report (null reconciliation: no PSP is connected). */
export class ReconciliationReports {
  constructor(
    private readonly reconciliation: Pick<PspReconciliation, 'report'> | null,
    /** The payouts part (null without a payout PSP: PAYOUT_PROVIDER=simulated). */
    private readonly payouts: Pick<PayoutReconciliation, 'report'> | null = null,
  ) {}

  /** `page`: which differences (`take`, 1 to 1,000, default 100; `cursor`, the previous page's endCursor). */
  async forDay(operator: User, date: string, page: { take?: unknown; cursor?: unknown } = {}): Promise<PagedReconciliationReport> {
    requireOperator(operator);
    if (!isCivilDate(date)) throw validationError('INVALID_DATE', 'date must be a calendar day, YYYY-MM-DD', { date });
    const q = parseDifferencePageQuery(page);
    if (!this.reconciliation) throw new DomainError('RECONCILIATION_NOT_CONFIGURED', 'reconciliation needs a PSP connected with INSTITUTION=apipix', 'CONFLICT');
    const [received, payouts] = await Promise.all([this.reconciliation.report(date), this.payouts ? this.payouts.report(date) : null]);
    return { ...received, differences: differencePage(received.differences, q), payouts };
  }
}
