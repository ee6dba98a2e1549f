import { chargebackReversal, release } from '../ledger/ledger-entries';
import { forcedDebit } from '../ledger/seller-debt';
import { DomainError, notFound, validationError } from '../shared/errors';
import type { Tx } from '../shared/unit-of-work';
import { emitTransactionEvents } from '../transactions/transaction-events';
import { canApplyTransactionCommand, applyTransactionCommand } from '../transactions/transaction-machine';
import { transactionEventName, type TransactionStatus } from '../transactions/transaction-status';
import type { Transaction } from '../transactions/transaction.types';
import { TRANSACTION_COMMAND_FOR_DECISION, applyDisputeTransition } from './dispute-machine';
import type { Dispute } from './dispute.types';
import { emitDisputeEvents, type DisputesDeps } from './disputes.deps';
import { STATEMENT_DESCRIPTIONS } from '../ledger/statement-descriptions';

export type DisputeOutcome = 'WON' | 'LOST';

export const isDisputeOutcome = (v: unknown): v is DisputeOutcome => v === 'WON' || v === 'LOST';

export const disputeNotFound = () => notFound('DISPUTE_NOT_FOUND', 'dispute not found');

/**
 * The one path that decides a dispute, whoever decides (the institution's report, an
 * operator, the end of the appeal window):
 * - seller wins (WON, DISPUTE_RESOLVED): a contestation's blocked amount is released;
 *   a MED debit is reversed (and pays any debt it created first);
 * - buyer wins (LOST, DISPUTE_REJECTED): a contestation's amount leaves for good,
 *   blocked part first, then the available balances, the rest as the seller's debt; a
 *   MED return was already debited, so only MED_DISPUTE_REFUND_COMPLETED is added.
 * The transaction follows: DISPUTE -> PAID | CHARGEDBACK; a MED decided for the
 * seller without appeal goes CHARGEDBACK -> PAID.
 */
export class DisputeDecisions {
  constructor(private readonly d: DisputesDeps) {}

  /**
   * The money, the dispute row and its events; returns the status the transaction
   * moves to (null: unchanged). The caller holds the transaction's and the dispute's
   * row locks, and writes the transaction.
   */
  async decideLocked(tx: Tx, t: Transaction, dispute: Dispute, outcome: DisputeOutcome, decidedBy: string, now: Date): Promise<TransactionStatus | null> {
    applyDisputeTransition(dispute.status, outcome);
    const sellerId = dispute.sellerId;
    if (dispute.origin === 'CONTESTATION' && outcome === 'WON' && dispute.blockedAmount > 0) {
      await this.d.ledger.postEntry(tx, release({ sellerId, disputeId: dispute.id, transactionId: t.id, amount: dispute.blockedAmount }));
    }
    if (dispute.origin === 'CONTESTATION' && outcome === 'LOST' && t.isSplit && this.d.splits) {
      // Every party of a split charge gives back its part, pro rata, once per dispute.
      const split = await this.d.splits.disputeLost(tx, t, dispute);
      if (split?.created) dispute.owedAmount = split.owed;
    } else if (dispute.origin === 'CONTESTATION' && outcome === 'LOST') {
      const { balances } = await this.d.debts.lockBalances(tx, sellerId);
      const { draft, owed } = forcedDebit({
        reference: `dispute-loss:dispute:${dispute.id}`,
        kind: 'DISPUTE_LOSS_DEBIT',
        sellerId,
        transactionId: t.id,
        amount: dispute.amount,
        fromBlocked: Math.min(dispute.blockedAmount, balances.blocked),
        balances,
        description: `Dispute ${dispute.id} decided for the buyer`,
        line: STATEMENT_DESCRIPTIONS.disputeLost,
        metadata: { disputeId: dispute.id },
      });
      if ((await this.d.ledger.postEntry(tx, draft)).created) dispute.owedAmount = owed;
    }
    if (dispute.origin === 'MED' && outcome === 'WON') {
      // A split charge: every party gets back what it gave for the return.
      const split = t.isSplit ? await this.d.splits?.chargebackReversed(tx, t) : null;
      if (split === null || split === undefined) await this.d.ledger.postEntry(tx, chargebackReversal({ sellerId, transactionId: t.id, amount: dispute.amount }));
    }
    dispute.status = outcome;
    dispute.decidedAt = now;
    dispute.decidedBy = decidedBy;
    dispute.updatedAt = now;
    await this.d.disputes.update(tx, dispute);
    await emitDisputeEvents(this.d, tx, dispute);
    const command = TRANSACTION_COMMAND_FOR_DECISION[outcome];
    return canApplyTransactionCommand(t.status, command) ? applyTransactionCommand(t.status, command).to : null;
  }

  /** Decides and moves the transaction (with its event); the caller holds the transaction lock. */
  async decideAndMove(tx: Tx, t: Transaction, dispute: Dispute, outcome: DisputeOutcome, decidedBy: string): Promise<void> {
    const now = this.d.clock.now();
    const to = await this.decideLocked(tx, t, dispute, outcome, decidedBy, now);
    if (to === null || to === t.status) return;
    t.status = to;
    t.updatedAt = now;
    await this.d.transactions.update(tx, t);
    await emitTransactionEvents(this.d, tx, t, [transactionEventName(to)]);
  }

  /** An operator's decision (GraphQL `decideDispute`). */
  async decideByOperator(input: { disputeId: unknown; outcome: unknown; operatorId: string }): Promise<Dispute> {
    if (typeof input.disputeId !== 'string' || input.disputeId.length === 0) throw validationError('INVALID_DISPUTE_ID', 'disputeId is required');
    if (!isDisputeOutcome(input.outcome)) throw validationError('INVALID_OUTCOME', 'outcome must be WON or LOST');
    const outcome = input.outcome;
    return this.withLocks(input.disputeId, async (tx, t, dispute) => {
      await this.decideAndMove(tx, t, dispute, outcome, `OPERATOR:${input.operatorId}`);
      return dispute;
    });
  }

  /**
   * The appeal-window job: an OPEN dispute (never appealed) whose deadline passed is
   * decided for the buyer. Anything else (appealed, already decided, deadline moved)
   * is left alone, so a job that runs twice changes nothing.
   */
  async closeAppealWindow(disputeId: string): Promise<void> {
    await this.withLocks(disputeId, async (tx, t, dispute) => {
      if (dispute.status !== 'OPEN' || dispute.appealDeadline.getTime() > this.d.clock.now().getTime()) return;
      await this.decideAndMove(tx, t, dispute, 'LOST', 'APPEAL_WINDOW');
    }).catch((e: unknown) => {
      if (!(e instanceof DomainError && e.code === 'DISPUTE_NOT_FOUND')) throw e;
    });
  }

  /** Locks the dispute's transaction, then the dispute (the order every dispute path uses). */
  private async withLocks<T>(disputeId: string, work: (tx: Tx, t: Transaction, dispute: Dispute) => Promise<T>): Promise<T> {
    const known = await this.d.disputes.findById(disputeId);
    if (!known) throw disputeNotFound();
    return this.d.uow.run(async (tx) => {
      const t = await this.d.transactions.lock(tx, known.transactionId);
      const dispute = await this.d.disputes.lock(tx, disputeId);
      if (!t || !dispute) throw disputeNotFound();
      return work(tx, t, dispute);
    });
  }
}
