import type { Outbox } from '../events/outbox';
import { withdrawalRefund, withdrawalSettlement, withdrawalSettlementReturn } from '../ledger/ledger-entries';
import type { LedgerService } from '../ledger/ledger.service';
import type { Clock } from '../shared/clock';
import { validationError } from '../shared/errors';
import type { LiveEvents } from '../shared/live-events';
import type { Tx, UnitOfWork } from '../shared/unit-of-work';
import { emitWithdrawalEvent } from './withdrawal-events';
import { applyWithdrawalTransition, refundsDebit } from './withdrawal-machine';
import { mapPayoutStatus, reportPath } from './payout-report-transitions';
import { withdrawalEventName, type WithdrawalStatus } from './withdrawal-status';
import { withdrawalNotFound } from './withdrawals.service';
import type { PayoutReport, WithdrawalRepository } from './withdrawals.ports';
import type { Withdrawal } from './withdrawal.types';

export interface PayoutReportOutcome {
  withdrawal: Withdrawal;
  /** The statuses entered, in order (empty when the report changed nothing). */
  transitions: WithdrawalStatus[];
  applied: boolean;
  duplicate: boolean;
}

export interface InstitutionPayoutReportsDeps {
  uow: UnitOfWork;
  repo: WithdrawalRepository;
  ledger: Pick<LedgerService, 'postEntry'>;
  outbox: Outbox;
  live: LiveEvents;
  clock: Clock;
}

const REASON_MAX = 200;

/**
 * The one inbound path for what the institution says about a payout: real callbacks,
 * the sandbox simulator and the sandbox report endpoint all come through here.
 *
 * Under the withdrawal's row lock: a repeated report id changes nothing; the report
 * moves the withdrawal along `reportPath` (each step checked by the machine; late or
 * out-of-order reports change nothing); every status entered writes its
 * WITHDRAWAL_<STATUS> event and its money effect in the same transaction:
 * - PAID: end2end and processedAt; the payout is settled (payouts -> provider clearing);
 * - REJECTED, FAILED, CANCELED, REFUNDED (`refundsDebit`): amount + fee back to the
 *   seller's available balance, exactly once (the status is entered once under the
 *   lock, and the ledger reference `refund:withdrawal:<id>` is a second guard);
 *   a return after PAID first reverses the settlement.
 */
export class InstitutionPayoutReportsService {
  constructor(private readonly d: InstitutionPayoutReportsDeps) {}

  async apply(report: PayoutReport): Promise<PayoutReportOutcome> {
    this.check(report);
    return this.d.uow.run((tx) => this.applyIn(tx, report));
  }

  /** The same, inside the caller's transaction (a payout send records its PROCESSING with the attempt). */
  async applyIn(tx: Tx, report: PayoutReport): Promise<PayoutReportOutcome> {
    this.check(report);
    const reported = mapPayoutStatus(report.status);
    const w = await this.d.repo.lock(tx, report.withdrawalId);
    if (!w) throw withdrawalNotFound();
    const now = this.d.clock.now();
    const path = reportPath(w.status, reported);
    const fresh = await this.d.repo.recordReport(tx, {
      reportId: report.reportId,
      withdrawalId: w.id,
      status: report.status,
      receivedAt: now,
      applied: path.length > 0,
    });
    if (!fresh || path.length === 0) return { withdrawal: w, transitions: [], applied: false, duplicate: !fresh };
    for (const to of path) await this.enter(tx, w, to, report, now);
    await this.d.repo.update(tx, w);
    return { withdrawal: w, transitions: path, applied: true, duplicate: false };
  }

  private check(report: PayoutReport): void {
    if (!report.reportId || report.reportId.length > 200) throw validationError('INVALID_REPORT_ID', 'reportId must have 1 to 200 characters', { field: 'reportId' });
    if (!report.withdrawalId || report.withdrawalId.length > 200) throw withdrawalNotFound();
    if (mapPayoutStatus(report.status) === 'PAID' && !report.end2end) {
      throw validationError('END2END_REQUIRED', 'a PAID report must carry the end-to-end id', { field: 'end2end' });
    }
  }

  private async enter(tx: Tx, w: Withdrawal, to: WithdrawalStatus, report: PayoutReport, now: Date): Promise<void> {
    const from = w.status;
    w.status = applyWithdrawalTransition(from, to).to;
    w.updatedAt = now;
    const at = report.at ?? now;
    if (to === 'APPROVED') w.approvedAt = at;
    if (to === 'PAID') {
      w.end2end = report.end2end!.slice(0, 100);
      w.processedAt = at;
      await this.d.ledger.postEntry(tx, withdrawalSettlement({ withdrawalId: w.id, amount: w.amount }));
    }
    if (to === 'FAILED') w.processedAt = at;
    // Only an APPROVED withdrawal waits (for the platform's float); any later status clears it.
    w.waitingReason = to === 'APPROVED' ? (report.reason?.slice(0, REASON_MAX) ?? null) : null;
    if (to !== 'APPROVED' && to !== 'PROCESSING' && to !== 'PAID') w.failureReason = report.reason?.slice(0, REASON_MAX) ?? w.failureReason;
    if (refundsDebit(to)) {
      if (from === 'PAID') await this.d.ledger.postEntry(tx, withdrawalSettlementReturn({ withdrawalId: w.id, amount: w.amount }));
      await this.d.ledger.postEntry(tx, withdrawalRefund({ sellerId: w.sellerId, withdrawalId: w.id, amount: w.amount, fee: w.feeAmount }));
    }
    await emitWithdrawalEvent(this.d, tx, w, withdrawalEventName(to));
  }
}
