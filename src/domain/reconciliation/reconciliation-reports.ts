import { requireOperator } from '../accounts/account-errors';
import type { User } from '../accounts/accounts.types';
import { DomainError, validationError } from '../shared/errors';
import { isCivilDate } from './reconcile-window';
import type { PspReconciliation } from './psp-reconciliation';
import type { ReconciliationReport } from './reconciliation-report';

/** The operators' daily reconciliation report (null reconciliation: no PSP is connected). */
export class ReconciliationReports {
  constructor(private readonly reconciliation: Pick<PspReconciliation, 'report'> | null) {}

  async forDay(operator: User, date: string): Promise<ReconciliationReport> {
    requireOperator(operator);
    if (!isCivilDate(date)) throw validationError('INVALID_DATE', 'date must be a calendar day, YYYY-MM-DD', { date });
    if (!this.reconciliation) throw new DomainError('RECONCILIATION_NOT_CONFIGURED', 'reconciliation needs a PSP connected with INSTITUTION=apipix', 'CONFLICT');
    return this.reconciliation.report(date);
  }
}
