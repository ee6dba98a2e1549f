import { block } from '../ledger/ledger-entries';
import { holdBlock, holdRelease } from '../ledger/hold-entries';
import { forcedDebit } from '../ledger/seller-debt';
import { DomainError } from '../shared/errors';
import type { Cents } from '../shared/money';
import type { Tx } from '../shared/unit-of-work';
import { emitTransactionEvents } from '../transactions/transaction-events';
import { transactionEventName, type TransactionStatus } from '../transactions/transaction-status';
import type { ProtectiveReports } from '../transactions/transactions.ports';
import type { Transaction } from '../transactions/transaction.types';
import { DisputeDecisions, type DisputeOutcome } from './dispute-decisions';
import type { DisputeOrigin } from './dispute-status';
import type { Dispute } from './dispute.types';
import { DISPUTE_JOBS } from './dispute-jobs';
import { disputedAmount, emitDisputeEvents, type DisputesDeps } from './disputes.deps';
import { STATEMENT_DESCRIPTIONS } from '../ledger/statement-descriptions';

/**
 * Institution words that are decisions, not statuses (ours; the institution reports
 * them on the transaction through the one report path):
 * - DISPUTE_WON / DISPUTE_LOST: the active dispute is decided for the seller / buyer;
 * - REVIEW_CLEARED: a PENDING_REVIEW or BLOCKED transaction is cleared: its hold is
 *   released and it returns to the status it had before.
 */
const DECISIONS: Readonly<Record<string, DisputeOutcome | 'CLEARED'>> = { DISPUTE_WON: 'WON', DISPUTE_LOST: 'LOST', REVIEW_CLEARED: 'CLEARED' };

/** What a MED debits: the amount the return took back when known, never more than what is left of the payment. */
export const medAmount = (left: Cents, returned: Cents | undefined): Cents =>
  returned !== undefined && Number.isSafeInteger(returned) && returned > 0 ? Math.min(left, returned) : left;

const nothingToDispute = (t: Transaction) =>
  new DomainError('NOTHING_TO_DISPUTE', `transaction ${t.id} holds no paid amount to dispute or return`, 'UNPROCESSABLE', { status: t.status });

/**
 * What protective reports do to the money (the transaction's status itself is set by
 * the report path). Choices, all ours:
 * - PENDING_REVIEW / BLOCKED on a paid transaction: what is left of the payment
 *   (paid - refunded), up to the available PIX balance, moves to blocked (RETAINED)
 *   until the review concludes: REVIEW_CLEARED releases it, a DISPUTE or CHARGEDBACK
 *   report releases it first and then acts on the whole amount.
 * - DISPUTE (contestation): the disputed amount, up to the available PIX balance, is
 *   blocked; a dispute OPEN is created (DISPUTE_CREATED).
 * - CHARGEDBACK (MED): the disputed amount is debited at once, whatever the balance
 *   (the rest becomes the seller's debt), with ledger reference
 *   `chargeback:transaction:<id>`: one debit per transaction however many reports
 *   arrive. A report with an amount (a partial MED return seen at the PSP) debits that
 *   amount, never more than what is left; the dispute is of that amount. A dispute with origin MED is created (DISPUTE_CREATED, MED_DISPUTE_CREATED).
 *   On a transaction already in DISPUTE it is the buyer's win of that dispute.
 * Every new dispute gets an appeal deadline and its durable deadline job.
 */
export class DisputeProtectiveReports implements ProtectiveReports {
  private readonly decisions: DisputeDecisions;

  constructor(private readonly d: DisputesDeps) {
    this.decisions = new DisputeDecisions(d);
  }

  async beforeStatusChange(tx: Tx, t: Transaction, reported: TransactionStatus, now: Date, amount?: Cents): Promise<void> {
    if (reported === 'PENDING_REVIEW' || reported === 'BLOCKED') return this.hold(tx, t, now);
    if (reported === 'DISPUTE') return this.openContestation(tx, t, now);
    if (reported === 'CHARGEDBACK') return this.chargeback(tx, t, now, amount);
  }

  isDecisionWord(word: string): boolean {
    return Object.hasOwn(DECISIONS, word.trim().toUpperCase());
  }

  async onDecision(tx: Tx, t: Transaction, word: string, now: Date): Promise<boolean> {
    const decision = DECISIONS[word.trim().toUpperCase()];
    if (decision === 'CLEARED') return this.clearReview(tx, t, now);
    if (!decision) return false;
    const dispute = await this.d.disputes.lockActiveOfTransaction(tx, t.id);
    if (!dispute) return false;
    await this.decisions.decideAndMove(tx, t, dispute, decision, 'INSTITUTION');
    return true;
  }

  private async hold(tx: Tx, t: Transaction, now: Date): Promise<void> {
    if (await this.d.disputes.activeHold(tx, t.id)) return; // BLOCKED after PENDING_REVIEW keeps the first hold
    const { balances } = await this.d.debts.lockBalances(tx, t.sellerId);
    const amount = Math.min(disputedAmount(t), balances.availablePix);
    if (amount > 0) await this.d.ledger.postEntry(tx, holdBlock({ sellerId: t.sellerId, transactionId: t.id, holdId: String(now.getTime()), amount }));
    await this.d.disputes.insertHold(tx, { transactionId: t.id, sellerId: t.sellerId, amount, previousStatus: t.status, releasedAt: null, createdAt: now });
  }

  /** Releases the transaction's hold; returns the status it had before the hold (null: none). */
  private async releaseHold(tx: Tx, t: Transaction, now: Date): Promise<TransactionStatus | null> {
    const h = await this.d.disputes.activeHold(tx, t.id);
    if (!h) return null;
    if (h.amount > 0) {
      await this.d.ledger.postEntry(tx, holdRelease({ sellerId: t.sellerId, transactionId: t.id, holdId: String(h.createdAt.getTime()), amount: h.amount }));
    }
    await this.d.disputes.markHoldReleased(tx, t.id, now);
    return h.previousStatus;
  }

  private async clearReview(tx: Tx, t: Transaction, now: Date): Promise<boolean> {
    if (t.status !== 'PENDING_REVIEW' && t.status !== 'BLOCKED') return false;
    const previous = (await this.releaseHold(tx, t, now)) ?? 'PAID';
    t.status = previous;
    t.updatedAt = now;
    await this.d.transactions.update(tx, t);
    await emitTransactionEvents(this.d, tx, t, [transactionEventName(previous)]);
    return true;
  }

  private async openContestation(tx: Tx, t: Transaction, now: Date): Promise<void> {
    await this.releaseHold(tx, t, now);
    const amount = disputedAmount(t);
    if (amount <= 0) throw nothingToDispute(t);
    const { balances } = await this.d.debts.lockBalances(tx, t.sellerId);
    const dispute = this.newDispute(t, 'CONTESTATION', amount, now);
    // A split charge retains the marketplace's own part only; each recipient gives back its part if the buyer wins.
    const retainable = (t.isSplit ? await this.d.splits?.contestedPart(tx, t, amount) : null) ?? amount;
    dispute.blockedAmount = Math.min(retainable, balances.availablePix);
    if (dispute.blockedAmount > 0) {
      await this.d.ledger.postEntry(tx, block({ sellerId: t.sellerId, disputeId: dispute.id, transactionId: t.id, amount: dispute.blockedAmount }));
    }
    await this.create(tx, t, dispute);
  }

  private async chargeback(tx: Tx, t: Transaction, now: Date, returned?: Cents): Promise<void> {
    const active = await this.d.disputes.lockActiveOfTransaction(tx, t.id);
    if (active) {
      await this.decisions.decideLocked(tx, t, active, 'LOST', 'INSTITUTION', now);
      return;
    }
    await this.releaseHold(tx, t, now);
    const amount = medAmount(disputedAmount(t), returned);
    if (amount <= 0) throw nothingToDispute(t);
    // A split charge: every party gives back its part of the return, pro rata, under the same debt rule.
    const split = t.isSplit ? await this.d.splits?.chargeback(tx, t, amount) : null;
    if (split) {
      const dispute = this.newDispute(t, 'MED', amount, now);
      dispute.owedAmount = split.owed;
      await this.create(tx, t, dispute);
      return;
    }
    const { balances } = await this.d.debts.lockBalances(tx, t.sellerId);
    const { draft, owed } = forcedDebit({
      reference: `chargeback:transaction:${t.id}`,
      kind: 'CHARGEBACK_DEBIT',
      sellerId: t.sellerId,
      transactionId: t.id,
      amount,
      balances,
      description: `Chargeback (MED) of transaction ${t.id}`,
      line: STATEMENT_DESCRIPTIONS.chargebackMed,
    });
    const posted = await this.d.ledger.postEntry(tx, draft);
    const dispute = this.newDispute(t, 'MED', amount, now);
    dispute.owedAmount = posted.created ? owed : 0;
    await this.create(tx, t, dispute);
  }

  private newDispute(t: Transaction, origin: DisputeOrigin, amount: number, now: Date): Dispute {
    return {
      id: this.d.newId(),
      sellerId: t.sellerId,
      transactionId: t.id,
      origin,
      status: 'OPEN',
      amount,
      blockedAmount: 0,
      owedAmount: 0,
      appealReason: null,
      appealedAt: null,
      appealDeadline: new Date(now.getTime() + this.d.appealWindowMs),
      decidedAt: null,
      decidedBy: null,
      createdAt: now,
      updatedAt: now,
    };
  }

  /** Also names the dispute on the transaction in hand, so its answer and its event carry disputeId as its row does. */
  private async create(tx: Tx, t: Transaction, dispute: Dispute): Promise<void> {
    await this.d.disputes.insert(tx, dispute);
    t.disputeId = dispute.id;
    await this.d.scheduler.schedule(tx, DISPUTE_JOBS.appealDeadline.at(`dispute-deadline:${dispute.id}`, dispute.appealDeadline, { disputeId: dispute.id }));
    await emitDisputeEvents(this.d, tx, dispute);
  }
}
