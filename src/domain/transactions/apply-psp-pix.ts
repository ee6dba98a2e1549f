import type { InstitutionChargeReportsService } from './institution-charge-reports.service';
import { judgePspPix, type PspPix, type PspPixVerdict } from './psp-pix';
import type { Transaction } from './transaction.types';

/** What applying one received Pix did. */
export interface PspPixOutcome {
  verdict: PspPixVerdict;
  /** True when this call credited the charge (false: credited before, or not a payment of ours). */
  applied: boolean;
}

export interface ApplyPspPixDeps {
  findByTxid(txid: string): Promise<Pick<Transaction, 'id' | 'amount'> | null>;
  /** The one institution-report path (idempotent by report id). */
  reports: Pick<InstitutionChargeReportsService, 'apply'>;
}

/**
 * Applies a Pix the PSP says it received: a payment of one of our charges becomes a PAID
 * report keyed by its end-to-end id, so the callback, a repeated callback and the
 * reconciliation that all see the same Pix credit it once. Anything else is answered, not
 * applied, for the caller to log or report.
 */
export type ApplyPspPix = (pix: PspPix) => Promise<PspPixOutcome>;

export function applyPspPix(d: ApplyPspPixDeps): ApplyPspPix {
  return async (pix) => {
    const verdict = judgePspPix(pix, pix.txid ? await d.findByTxid(pix.txid) : null);
    if (verdict.kind !== 'payment') return { verdict, applied: false };
    const { paidAt, ...report } = verdict.report;
    const outcome = await d.reports.apply({ ...report, paidAt: new Date(paidAt) });
    return { verdict, applied: outcome.applied };
  };
}
