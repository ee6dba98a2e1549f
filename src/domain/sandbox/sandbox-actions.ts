import type { DisputeQueries } from '../disputes/dispute-queries';
import type { Dispute } from '../disputes/dispute.types';
import type { Clock } from '../shared/clock';
import { brasiliaDate, type CivilDate } from '../due-date/civil-dates';
import { validationError } from '../shared/errors';
import { DomainError } from '../shared/errors';
import { parseWith } from '../shared/zod-input';
import type { InstitutionChargeReportsService, ReportOutcome } from '../transactions/institution-charge-reports.service';
import type { Transaction } from '../transactions/transaction.types';
import { shouldApplyReport } from '../transactions/transaction-status';
import type { TransactionsService } from '../transactions/transactions.service';
import type { InstitutionPayoutReportsService, PayoutReportOutcome } from '../withdrawals/institution-payout-reports.service';
import type { WithdrawalsService } from '../withdrawals/withdrawals.service';
import type { Withdrawal } from '../withdrawals/withdrawal.types';
import type { WithdrawalStatus } from '../withdrawals/withdrawal-status';
import { mapPayoutStatus, reportPath } from '../withdrawals/payout-report-transitions';
import { SandboxChargeReport } from './sandbox-report-request';

export interface SandboxActionsDeps {
  transactions: Pick<TransactionsService, 'get'>;
  withdrawals: Pick<WithdrawalsService, 'get'>;
  /**
   * The simulated payer paying a charge now (the same path as the automatic payment); only called while PAID would change it.
   * The charge as the payment left it, when the path knows it (then it is not read again).
   */
  payNow(charge: Transaction, at: Date, paymentDate?: CivilDate): Promise<Transaction | undefined>;
  /**
   * A MED return through the PSP (its simulator), applied as the PSP reports it: true when the
   * PSP took money back, false when it holds no such Pix or refused. Absent (or false), a MED
   * return is a CHARGEDBACK report like the other reports.
   */
  medReturn?(charge: Transaction): Promise<boolean>;
  /**
   * With a payout PSP and its simulator: the payout settled (PAID) or refused (FAILED) at the
   * PSP and applied as the PSP reports it; false when the PSP holds no such payout. Absent (or
   * false), every withdrawal report goes through the report path.
   */
  payoutAtPsp?(w: Withdrawal, outcome: 'PAID' | 'FAILED', reason?: string): Promise<boolean>;
  chargeReports: Pick<InstitutionChargeReportsService, 'apply'>;
  payoutReports: Pick<InstitutionPayoutReportsService, 'apply'>;
  disputes: Pick<DisputeQueries, 'list' | 'get'>;
  clock: Clock;
  /** A fresh random token: each simulated report is a report of its own. */
  randomToken(): string;
  /** An end-to-end id of the simulated institution for a payment at `at`. */
  endToEndId(at: Date): string;
}

/**
 * What a seller may make the simulated institution do in sandbox mode: pay a charge,
 * report any status for a charge or a withdrawal, open a contestation or a MED return.
 * Every action goes through the one institution report path, as a real report would, except
 * on a PSP speaking API Pix with its simulator: there paying and a MED return are done at the
 * PSP and applied as it reports them. The doors only translate. Other sellers' ids are 404 alike.
 */
export class SandboxActions {
  constructor(private readonly d: SandboxActionsDeps) {}

  /**
   * `paymentDate`: a charge with a due date is paid as on that day (its amount and components
   * by the due-date rules; 422 DUE_DATE_CHARGE_NOT_PAYABLE after its last payable day).
   */
  async payCharge(sellerId: string, id: string, paymentDate?: CivilDate): Promise<Transaction> {
    const t = await this.d.transactions.get(sellerId, id);
    if (paymentDate !== undefined) {
      if (!t.dueDateCharge) throw validationError('INVALID_PAYMENT_DATE', 'paymentDate applies only to a charge with a due date', { field: 'paymentDate' });
      const created = brasiliaDate(t.createdAt);
      if (paymentDate < created) throw validationError('INVALID_PAYMENT_DATE', `paymentDate must be on or after the day the charge was created (${created})`, { field: 'paymentDate' });
    }
    if (t.paymentMethod === 'CARD') {
      throw new DomainError('NOT_PAYABLE', 'a card payment is approved or refused when it is created; it cannot be paid later', 'UNPROCESSABLE');
    }
    // Paid already (or further along: refunded, disputed): nothing to pay, nothing to report.
    if (!shouldApplyReport(t.status, 'PAID')) return t;
    return (await this.d.payNow(t, this.d.clock.now(), paymentDate)) ?? this.d.transactions.get(t.sellerId, t.id);
  }

  async reportCharge(sellerId: string, id: string, input: { status: unknown; refusedReason?: unknown }): Promise<ReportOutcome> {
    const t = await this.d.transactions.get(sellerId, id);
    const { status, refusedReason } = parseWith(SandboxChargeReport, input);
    const now = this.d.clock.now();
    const paid = status.toUpperCase() === 'PAID';
    return this.d.chargeReports.apply({
      reportId: `sandbox-report:${t.id}:${this.d.randomToken()}`,
      transactionId: t.id,
      status,
      end2endId: paid && t.paymentMethod === 'PIX' ? this.d.endToEndId(now) : undefined,
      paidAt: paid ? now : undefined,
      refusedReason,
    });
  }

  async reportWithdrawal(sellerId: string, id: string, input: { status: string; reason?: string }): Promise<PayoutReportOutcome> {
    const w = await this.d.withdrawals.get(sellerId, id);
    const outcome = mapPayoutStatus(input.status);
    if ((outcome === 'PAID' || outcome === 'FAILED') && this.d.payoutAtPsp && (await this.d.payoutAtPsp(w, outcome, input.reason))) {
      const after = await this.d.withdrawals.get(sellerId, id);
      const transitions = pathThroughPsp(w.status, after.status);
      return { withdrawal: after, transitions, applied: transitions.length > 0, duplicate: false };
    }
    const now = this.d.clock.now();
    return this.d.payoutReports.apply({
      reportId: `sandbox-report:${w.id}:${this.d.randomToken()}`,
      withdrawalId: w.id,
      status: input.status,
      end2end: this.d.endToEndId(now),
      at: now,
      reason: input.reason,
    });
  }

  /** A contestation (DISPUTE) or a MED return (CHARGEDBACK) of a paid charge, and the dispute it opened. */
  async openDispute(sellerId: string, transactionId: string, kind: 'DISPUTE' | 'CHARGEDBACK'): Promise<{ applied: boolean; dispute: Dispute | null }> {
    const t = await this.d.transactions.get(sellerId, transactionId);
    const applied = kind === 'CHARGEDBACK' ? await this.returnPayment(t) : (await this.report(t.id, kind)).applied;
    const dispute = (await this.d.disputes.list(sellerId, { transactionId: t.id, take: 1 })).items[0] ?? null;
    return { applied, dispute };
  }

  /**
   * Through the PSP when it holds the charge's Pix: applied when the charge changed as the PSP
   * reported it. A charge the PSP holds no Pix of (paid by a report) is returned by a report.
   */
  private async returnPayment(t: Transaction): Promise<boolean> {
    if (this.d.medReturn && (await this.d.medReturn(t))) return (await this.d.transactions.get(t.sellerId, t.id)).status !== t.status;
    return (await this.report(t.id, 'CHARGEDBACK')).applied;
  }

  /** The institution's decision on one of the seller's disputes. */
  async decideDispute(sellerId: string, disputeId: string, outcome: 'WON' | 'LOST'): Promise<{ applied: boolean; dispute: Dispute }> {
    const dispute = await this.d.disputes.get(sellerId, disputeId);
    const applied = await this.report(dispute.transactionId, outcome === 'WON' ? 'DISPUTE_WON' : 'DISPUTE_LOST');
    return { applied: applied.applied, dispute: await this.d.disputes.get(sellerId, dispute.id) };
  }

  private report(transactionId: string, status: string): Promise<ReportOutcome> {
    return this.d.chargeReports.apply({ reportId: `sandbox-${status.toLowerCase()}:${transactionId}:${this.d.randomToken()}`, transactionId, status });
  }
}

/** The statuses a payout settled at the PSP went through: a send passes through PROCESSING. */
function pathThroughPsp(from: WithdrawalStatus, to: WithdrawalStatus): WithdrawalStatus[] {
  if (from === to) return [];
  return from === 'PENDING' || from === 'APPROVED' ? [...reportPath(from, 'PROCESSING'), ...reportPath('PROCESSING', to)] : reportPath(from, to);
}
