import type { FeePlan } from '../accounts/accounts.types';
import type { TransactionEventName } from '../events/event-catalogue';
import type { Outbox } from '../events/outbox';
import { pixCashInFee } from '../ledger/fees';
import { pixCredit } from '../ledger/ledger-entries';
import type { LedgerService } from '../ledger/ledger.service';
import type { Clock } from '../shared/clock';
import { DomainError, validationError } from '../shared/errors';
import type { LiveEvents } from '../shared/live-events';
import type { Tx, UnitOfWork } from '../shared/unit-of-work';
import { creditOtherMethod } from './method-credit';
import { brasiliaDate } from '../due-date/civil-dates';
import { dueDatePayment } from '../due-date/due-date-charge';
import type { HolidayCalendar } from '../privacy/business-days';
import { emitTransactionEvents } from './transaction-events';
import { applyTransactionCommand } from './transaction-machine';
import type { Scheduler } from '../jobs/scheduler';
import { expireJobKey } from './transaction-jobs';
import { isPaidOrBeyond, mapInstitutionStatus, shouldApplyReport, TRANSACTION_CREATED_EVENT, transactionEventName, type TransactionStatus } from './transaction-status';
import { transactionNotFound } from './transaction-errors';
import type { InstitutionReport, ProtectiveReports, TransactionRepository } from './transactions.ports';
import type { Transaction } from './transaction.types';
import type { SplitCharges } from '../splits/split-charges';

/** The institution's word for "charge registered": confirms the charge (CREATED event). */
export const CHARGE_CONFIRMED = 'CREATED';

/**
 * Statuses whose money movements (blocking, MED debit, automatic dispute) belong to
 * the disputes capability (`protective`); without it these reports are refused rather
 * than applied without their money effects.
 */
const PROTECTIVE: readonly TransactionStatus[] = ['DISPUTE', 'CHARGEDBACK', 'PENDING_REVIEW', 'BLOCKED'];

export interface ReportOutcome {
  transaction: Transaction;
  applied: boolean;
  duplicate: boolean;
}

export interface InstitutionChargeReportsDeps {
  uow: UnitOfWork;
  repo: TransactionRepository;
  ledger: Pick<LedgerService, 'postEntry'>;
  outbox: Outbox;
  live: LiveEvents;
  clock: Clock;
  /** National holidays, for what a charge with a due date asks on the day it is paid. */
  holidays: HolidayCalendar;
  /** The disputes capability: money of DISPUTE, CHARGEDBACK, PENDING_REVIEW, BLOCKED and dispute decisions. */
  protective?: ProtectiveReports;
  /** Marketplaces: a split charge credits every party instead of its seller alone. */
  splits?: Pick<SplitCharges, 'credit'>;
  /** Removes a paid charge's expiry job, which could no longer apply (EXPIRED ranks below PAID); without it the job runs as a no-op. */
  scheduler?: Pick<Scheduler, 'cancel'>;
}

/**
 * The one inbound path for what the institution says about a charge: real callbacks,
 * the sandbox simulator and our own expiry job all come through here. Reports apply
 * only when they outrank the current status (late reports never undo refunds or
 * blocks); a repeated report id changes nothing; PAID credits the seller once.
 */
export class InstitutionChargeReportsService {
  constructor(private readonly d: InstitutionChargeReportsDeps) {}

  async apply(report: InstitutionReport): Promise<ReportOutcome> {
    if (!report.reportId || report.reportId.length > 200) throw validationError('INVALID_REPORT_ID', 'reportId must have 1 to 200 characters');
    const protective = this.d.protective;
    if (protective?.isDecisionWord(report.status)) return this.applyDecision(protective, report);
    const confirming = report.status.trim().toUpperCase() === CHARGE_CONFIRMED;
    const reported = confirming ? 'WAITING_PAYMENT' : mapInstitutionStatus(report.status);
    if (PROTECTIVE.includes(reported) && !protective) {
      throw new DomainError('REPORT_NOT_SUPPORTED', `reports of ${reported} need the disputes capability`, 'UNPROCESSABLE');
    }
    return this.d.uow.run(async (tx) => {
      // A payment credits the seller by its fee plan: read with the lock, not in a round trip of its own.
      const locked = reported === 'PAID' ? await this.d.repo.lockWithFeePlan(tx, report.transactionId) : await this.lockAlone(tx, report.transactionId);
      if (!locked) throw transactionNotFound();
      const { transaction: t, feePlan } = locked;
      const now = this.d.clock.now();
      const applies = shouldApplyReport(t.status, reported);
      const fresh = await this.d.repo.recordReport(tx, { reportId: report.reportId, transactionId: t.id, status: report.status, receivedAt: now, applied: applies });
      if (!fresh || !applies) return { transaction: t, applied: false, duplicate: !fresh };

      const events: TransactionEventName[] = [];
      if (confirming) {
        applyTransactionCommand(t.status, 'CONFIRM');
        events.push(TRANSACTION_CREATED_EVENT);
      }
      const from = t.status;
      if (protective && PROTECTIVE.includes(reported)) await protective.beforeStatusChange(tx, t, reported, now, report.amount);
      t.status = reported;
      t.updatedAt = now;
      if (reported === 'PAID') await this.credit(tx, t, report, now, feePlan!);
      if (reported === 'REFUSED' || reported === 'FAILED') t.refusedReason = report.refusedReason?.slice(0, 200) ?? t.refusedReason;
      if (isPaidOrBeyond(reported)) await this.d.scheduler?.cancel(tx, [expireJobKey(t.id)]);
      if (from !== t.status) events.push(transactionEventName(t.status));
      await this.d.repo.update(tx, t);
      await emitTransactionEvents(this.d, tx, t, events);
      return { transaction: t, applied: true, duplicate: false };
    });
  }

  private async lockAlone(tx: Tx, id: string): Promise<{ transaction: Transaction; feePlan?: FeePlan } | null> {
    const transaction = await this.d.repo.lock(tx, id);
    return transaction && { transaction };
  }

  /** A dispute decision or review conclusion reported by the institution (see ProtectiveReports). */
  private applyDecision(protective: ProtectiveReports, report: InstitutionReport): Promise<ReportOutcome> {
    return this.d.uow.run(async (tx) => {
      const t = await this.d.repo.lock(tx, report.transactionId);
      if (!t) throw transactionNotFound();
      const now = this.d.clock.now();
      const fresh = await this.d.repo.recordReport(tx, { reportId: report.reportId, transactionId: t.id, status: report.status, receivedAt: now, applied: true });
      if (!fresh) return { transaction: t, applied: false, duplicate: true };
      const applied = await protective.onDecision(tx, t, report.status, now);
      return { transaction: t, applied, duplicate: false };
    });
  }

  private async credit(tx: Tx, t: Transaction, report: InstitutionReport, now: Date, feePlan: FeePlan) {
    if (t.paymentMethod !== 'PIX') return creditOtherMethod(this.d.ledger, tx, t, report.paidAt ?? now, feePlan);
    t.paidAt = report.paidAt ?? now;
    if (t.dueDateCharge) {
      // What the payer's bank asked on the day it priced the payment; no partial payment exists.
      const paid = dueDatePayment(t.dueDateCharge, report.paymentDate ?? brasiliaDate(t.paidAt), this.d.holidays);
      t.dueDateCharge = { ...t.dueDateCharge, paid };
      t.amount = paid.final;
    }
    const fee = pixCashInFee(feePlan, t.amount);
    t.end2endId = report.end2endId ?? t.end2endId;
    t.feeAmount = fee;
    t.netAmount = t.amount - fee;
    if (t.isSplit && (await this.d.splits?.credit(tx, t, fee))) return;
    await this.d.ledger.postEntry(tx, pixCredit({ sellerId: t.sellerId, transactionId: t.id, amount: t.amount, fee }));
  }
}
