import type { SplitCharges } from '../splits/split-charges';
import type { TransactionEventName } from '../events/event-catalogue';
import type { Outbox } from '../events/outbox';
import type { Scheduler } from '../jobs/scheduler';
import { refundReversal } from '../ledger/ledger-entries';
import type { LedgerService } from '../ledger/ledger.service';
import type { Clock } from '../shared/clock';
import type { LiveEvents } from '../shared/live-events';
import type { Tx, UnitOfWork } from '../shared/unit-of-work';
import { isFinalRefundStatus, refundStatusOfPsp, refundTransition, type RefundStatus } from './refund-status';
import { refundPollDelayMs } from './refund-polling';
import { emitTransactionEvents } from './transaction-events';
import { TRANSACTION_JOBS } from './transaction-jobs';
import { canApplyTransactionCommand, applyTransactionCommand } from './transaction-machine';
import { failedRefundFor } from './transaction-refund';
import { transactionEventName } from './transaction-status';
import type { InstitutionRefundState, TransactionRepository } from './transactions.ports';
import type { Transaction, TransactionRefund } from './transaction.types';

export interface RefundOutcomesDeps {
  uow: UnitOfWork;
  repo: Pick<TransactionRepository, 'findRefund' | 'lockRefund' | 'updateRefund' | 'lock' | 'update'>;
  ledger: Pick<LedgerService, 'postEntry'>;
  outbox: Outbox;
  live: LiveEvents;
  scheduler: Scheduler;
  clock: Clock;
  /** Marketplaces: a failed refund of a split charge is given back to every party. */
  splits?: Pick<SplitCharges, 'refundNotMade'>;
}

/** What applying one word of the PSP about a refund did. */
export interface RefundOutcome {
  refundId: string;
  status: RefundStatus;
  /** True when this call moved the refund (false: a late, repeated or unknown word). */
  changed: boolean;
}

export interface RefundOutcomeOptions {
  /** Only a refund of this transaction (a devolução seen on a received Pix must be one of that Pix's charge). */
  transactionId?: string;
  /** From a send or a poll: while the refund is not final, the next poll (this attempt number) is scheduled. */
  poll?: { transactionId: string; end2endId: string | null; attempt: number };
}

/**
 * What the PSP says of a refund, applied once whichever path reads it (the send job's answer,
 * a poll, a callback, the reconciliation): the refund moves forward only (a final status is
 * final), and `NAO_REALIZADO` gives the seller the refunded amount back exactly once (a ledger
 * entry keyed by the refund id), lowers `refundedAmount`, lets the status follow the amounts
 * and emits `TRANSACTION_REFUND_FAILED`.
 */
export class RefundOutcomesService {
  constructor(private readonly d: RefundOutcomesDeps) {}

  /** Null when the refund is not ours (or not of `transactionId`). */
  async apply(refundId: string, state: InstitutionRefundState | null, o: RefundOutcomeOptions = {}): Promise<RefundOutcome | null> {
    const known = await this.d.repo.findRefund(refundId);
    if (!known || (o.transactionId !== undefined && known.transactionId !== o.transactionId)) return null;
    return this.d.uow.run(async (tx) => {
      const t = await this.d.repo.lock(tx, known.transactionId);
      const r = await this.d.repo.lockRefund(tx, refundId);
      if (!t || !r) return null;
      const now = this.d.clock.now();
      const reported = state ? refundStatusOfPsp(state.status) : null;
      const next = reported ? refundTransition(r.status, reported) : null;
      const rtrId = r.rtrId ?? state?.rtrId ?? null;
      if (next || rtrId !== r.rtrId) {
        r.rtrId = rtrId;
        if (next) r.status = next;
        r.updatedAt = now;
        if (next === 'FAILED') {
          r.failureReason = (state?.reason ?? 'NAO_REALIZADO').slice(0, 200);
          await this.giveBack(tx, t, r, now);
        }
        await this.d.repo.updateRefund(tx, r);
      }
      if (o.poll && !isFinalRefundStatus(r.status)) {
        const { attempt } = o.poll;
        const at = new Date(now.getTime() + refundPollDelayMs(attempt));
        await this.d.scheduler.schedule(tx, TRANSACTION_JOBS.pollRefund.at(`refund-poll:${r.id}:${attempt}`, at, { ...o.poll, refundId: r.id }));
      }
      return { refundId: r.id, status: r.status, changed: next !== null };
    });
  }

  /**
   * The refund's money back in the seller's available balance, once (the ledger reference is
   * per refund). The status follows the amounts when it is a refund status; a transaction
   * that has moved on (a dispute, a MED return) keeps its status and only its amounts change.
   */
  private async giveBack(tx: Tx, t: Transaction, r: TransactionRefund, now: Date): Promise<void> {
    const split = t.isSplit ? await this.d.splits?.refundNotMade(tx, t, r.id) : null;
    if (split === false) return;
    if (split === undefined || split === null) {
      const posted = await this.d.ledger.postEntry(tx, refundReversal({ sellerId: t.sellerId, transactionId: t.id, refundId: r.id, amount: r.amount, method: t.paymentMethod }));
      if (!posted.created) return;
    }
    const decision = failedRefundFor({ refundedSoFar: t.refundedAmount, failed: r.amount });
    const events: TransactionEventName[] = [];
    if (canApplyTransactionCommand(t.status, decision.command)) {
      const to = applyTransactionCommand(t.status, decision.command).to;
      if (to !== t.status) events.push(transactionEventName(to));
      t.status = to;
    }
    t.refundedAmount = decision.refundedAfter;
    t.refundType = decision.refundType;
    t.updatedAt = now;
    events.push('TRANSACTION_REFUND_FAILED');
    await this.d.repo.update(tx, t);
    await emitTransactionEvents(this.d, tx, t, events, { id: r.id, amount: r.amount, reason: r.failureReason });
  }
}
