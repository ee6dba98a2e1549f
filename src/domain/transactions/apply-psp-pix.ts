import { applyConfirmedPayment } from './apply-confirmed-payment';
import { DomainError } from '../shared/errors';
import type { InstitutionChargeReportsService } from './institution-charge-reports.service';
import { judgePspPix, judgePspPixReturn, type PspPix, type PspPixReturn, type PspPixVerdict } from './psp-pix';
import type { RefundOutcomesService } from './refund-outcomes.service';
import type { Transaction } from './transaction.types';
import type { HolidayCalendar } from '../privacy/business-days';

/** What applying one devolução of a received Pix did. */
export interface PspPixReturnOutcome {
  id: string;
  kind: 'refund' | 'med' | 'pending-med' | 'not-ours';
  /** True when this call changed something (a refund moved, a MED return was applied). */
  applied: boolean;
  /** Why it could not be applied (a domain refusal), for the operator's log; null otherwise. */
  problem: string | null;
}

/** What applying one received Pix did. */
export interface PspPixOutcome {
  verdict: PspPixVerdict;
  /** True when this call credited the charge (false: credited before, or not a payment of ours). */
  applied: boolean;
  /** Each devolução of a payment of ours, in the PSP's order (empty for anything else). */
  returns: PspPixReturnOutcome[];
}

export interface ApplyPspPixDeps {
  findByTxid(txid: string): Promise<Pick<Transaction, 'id' | 'amount' | 'dueDateCharge'> | null>;
  /** National holidays: what a charge with a due date asks on the Pix's day. */
  holidays?: HolidayCalendar;
  /** The one institution-report path (idempotent by report id). */
  reports: Pick<InstitutionChargeReportsService, 'apply'>;
  /** Where refunds are followed to their outcome (idempotent: a final status is final). */
  refunds: Pick<RefundOutcomesService, 'apply'>;
}

/**
 * Applies a Pix the PSP says it received: a payment of one of our charges becomes a PAID
 * report keyed by its end-to-end id, so the callback, a repeated callback and the
 * reconciliation that all see the same Pix credit it once. Then each of its devoluções: one
 * of our refunds moves to the status the PSP gives it; a settled MED return (`natureza`
 * MED_*) is a CHARGEDBACK report of its amount keyed by `<e2eid>:<devolução id>`, so it is
 * applied once however often it is seen. Anything else is answered, not applied, for the
 * caller to log or report.
 */
export type ApplyPspPix = (pix: PspPix) => Promise<PspPixOutcome>;

export function applyPspPix(d: ApplyPspPixDeps): ApplyPspPix {
  return async (pix) => {
    const verdict = judgePspPix(pix, pix.txid ? await d.findByTxid(pix.txid) : null, d.holidays);
    if (verdict.kind !== 'payment') return { verdict, applied: false, returns: [] };
    const applied = await applyConfirmedPayment(d.reports, verdict.report);
    const returns: PspPixReturnOutcome[] = [];
    for (const r of pix.returns) returns.push(await applyReturn(d, pix, verdict.report.transactionId, r));
    return { verdict, applied, returns };
  };
}

async function applyReturn(d: ApplyPspPixDeps, pix: PspPix, transactionId: string, r: PspPixReturn): Promise<PspPixReturnOutcome> {
  const judged = judgePspPixReturn(pix.endToEndId, transactionId, r);
  try {
    if (judged.kind === 'refund') {
      const moved = await d.refunds.apply(r.id, { status: r.status, rtrId: r.rtrId, reason: r.reason }, { transactionId });
      return { id: r.id, kind: moved ? 'refund' : 'not-ours', applied: moved?.changed ?? false, problem: null };
    }
    if (judged.kind === 'med') {
      const o = await d.reports.apply(judged.report);
      // Seen before is normal; new but not applied (the charge is CHARGEDBACK already, or REFUNDED) is the operator's to look at.
      const problem = !o.applied && !o.duplicate ? `MED_NOT_APPLIED: the charge is ${o.transaction.status}; nothing was debited` : null;
      return { id: r.id, kind: 'med', applied: o.applied, problem };
    }
    return { id: r.id, kind: 'pending-med', applied: false, problem: null };
  } catch (e) {
    // A refusal of one devolução (e.g. nothing left to take back) must not stop the others nor the payment.
    if (!(e instanceof DomainError)) throw e;
    return { id: r.id, kind: judged.kind, applied: false, problem: `${e.code}: ${e.message}` };
  }
}
