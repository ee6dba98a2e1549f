import type { Seller } from '../accounts/accounts.types';
import type { LedgerService } from '../ledger/ledger.service';
import type { SellerDebtStore } from '../ledger/seller-debt.ports';
import { DomainError } from '../shared/errors';
import type { Cents } from '../shared/money';
import type { Tx } from '../shared/unit-of-work';
import type { Transaction } from '../transactions/transaction.types';
import type { MarketplaceLinkRepository } from './marketplace-link.types';
import { allocateSplit, checkSplitFits } from './split-allocation';
import { release } from '../ledger/ledger-entries';
import { splitCredit, splitReturnDebit, splitReturnReversal, type ReversibleSplitReturn, type SplitOrigin, type SplitReturnCause } from './split-ledger-entries';
import { allocateReturn, type ExplicitRefundPart } from './split-returns';
import { paidShares, returnedOf, type SplitStore, type StoredSplit } from './split-store';
import type { SplitShareEvents } from './split-share-events';
import type { PartyDebit, SplitPlan } from './split.types';

const recipientNotConnected = (plan: SplitPlan, i: number): DomainError => {
  const id = plan.recipients[i]!.recipientId;
  return new DomainError('SPLIT_RECIPIENT_NOT_CONNECTED', `splits.recipients[${i}]: ${id} is not a connected, KYC-approved recipient of this marketplace`, 'UNPROCESSABLE', {
    field: `splits.recipients[${i}].recipientId`,
    index: i,
  });
};

const bySellerId = <T extends { sellerId: string }>(a: T, b: T) => (a.sellerId < b.sellerId ? -1 : a.sellerId > b.sellerId ? 1 : 0);

/**
 * The money of split charges, beside the one-seller paths it replaces: checked at create,
 * credited to every party on payment, given back by every party on refunds and returns.
 * Every party's entry is posted in the caller's transaction (the one that changes the
 * charge's status) in ascending seller id order, the ledger's rule against deadlocks
 * between transactions that lock several wallets.
 */
export class SplitCharges {
  constructor(
    private readonly d: {
      links: Pick<MarketplaceLinkRepository, 'activeApprovedRecipients'>;
      store: SplitStore;
      ledger: Pick<LedgerService, 'postEntry' | 'postEntries'>;
      debts: Pick<SellerDebtStore, 'lockBalances'>;
      events: Pick<SplitShareEvents, 'record'>;
    },
  ) {}

  /**
   * At create, before the charge is built: the parts fit the amount (400 naming the
   * instruction). With `linksFirst`, for a create that calls out before its commit (a PSP
   * that registers the cob first), it also asks now whether every recipient is connected
   * and approved; `insert` checks that again in any case, in the create's transaction.
   */
  async check(marketplace: Seller, amount: Cents, plan: SplitPlan, o: { linksFirst: boolean }): Promise<void> {
    checkSplitFits(plan, amount);
    if (!o.linksFirst) return;
    const ids = plan.recipients.map((r) => r.recipientId);
    const connected = await this.d.links.activeApprovedRecipients(marketplace.id, ids);
    const i = ids.findIndex((id) => !connected.has(id));
    if (i >= 0) throw recipientNotConnected(plan, i);
  }

  /**
   * Stores the split with the charge, in its create transaction, refusing there any
   * recipient not connected and approved at that moment: the transaction then fails, and
   * `refusal` turns its error into the 422 naming the instruction.
   */
  insert(tx: Tx, charge: Transaction, plan: SplitPlan): Promise<void> {
    return this.d.store.insert(tx, { transactionId: charge.id, marketplaceId: charge.sellerId, plan, createdAt: charge.createdAt });
  }

  /** The 422 naming the instruction at fault when `error` is `insert`'s refusal of a recipient of `plan`; else null. */
  refusal(error: unknown, plan: SplitPlan): DomainError | null {
    const i = this.d.store.refusedRecipient(error);
    return i !== null && i < plan.recipients.length ? recipientNotConnected(plan, i) : null;
  }

  /** On PAID: every party credited its part and debited its fee; false when the charge is not split. */
  async credit(tx: Tx, t: Transaction, fee: Cents): Promise<boolean> {
    const split = await this.d.store.find(tx, t.id);
    if (!split) return false;
    const shares = allocateSplit({ amount: t.amount, fee, marketplaceId: split.marketplaceId, plan: split.plan });
    const origin = this.origin(t, split);
    // One round trip for every party's entry, in ascending seller id order.
    await this.d.ledger.postEntries(tx, [...shares].sort(bySellerId).filter((share) => share.gross > 0).map((share) => splitCredit(origin, share)));
    await this.d.store.recordShares(tx, t.id, shares);
    await this.d.events.record(tx, t, split, 'PAYMENT', shares.map((s) => ({ sellerId: s.sellerId, amount: s.gross })), shares);
    return true;
  }

  /**
   * A refund of a split charge: each party gives back its part (pro rata, or `explicit`),
   * under the debt rule; null when the charge is not split. Returns what each gave.
   */
  async refund(tx: Tx, t: Transaction, refundId: string, amount: Cents, explicit?: readonly ExplicitRefundPart[] | null): Promise<PartyDebit[] | null> {
    return this.giveBack(tx, t, amount, { kind: 'REFUND', refundId }, explicit);
  }

  /**
   * A refund the institution could not make: every party gets back what it gave for it,
   * once; null when the charge is not split, else whether anything was posted now.
   */
  refundNotMade(tx: Tx, t: Transaction, refundId: string): Promise<boolean | null> {
    return this.undo(tx, t, { kind: 'REFUND', refundId });
  }

  /** A MED return decided for the seller: every party gets back what it gave for it, once; null when the charge is not split. */
  chargebackReversed(tx: Tx, t: Transaction): Promise<boolean | null> {
    return this.undo(tx, t, { kind: 'CHARGEBACK' });
  }

  /** A MED return of a split charge, pro rata, once per charge; null when the charge is not split. Returns the cents left owed. */
  async chargeback(tx: Tx, t: Transaction, amount: Cents): Promise<{ owed: Cents; created: boolean } | null> {
    return this.debitEveryParty(tx, t, amount, { kind: 'CHARGEBACK' });
  }

  /**
   * The marketplace's part of a contestation of `amount` cents (the pro-rata part it would
   * give back if the buyer won): what a contestation may retain of the marketplace's balance.
   * Null when the charge is not split.
   */
  async contestedPart(tx: Tx, t: Transaction, amount: Cents): Promise<Cents | null> {
    const split = await this.d.store.find(tx, t.id);
    if (!split) return null;
    const debits = allocateReturn({ shares: paidShares(split), returned: returnedOf(split), amount });
    return debits.find((d) => d.sellerId === split.marketplaceId)?.amount ?? 0;
  }

  /**
   * A contestation decided for the buyer: every party gives back its part, pro rata, as for
   * a MED return, once per dispute; the marketplace's part first from what the contestation
   * retained of it (`blocked`), any retained cents beyond its part released. Null when the
   * charge is not split.
   */
  async disputeLost(tx: Tx, t: Transaction, dispute: { id: string; amount: Cents; blockedAmount: Cents }): Promise<{ owed: Cents; created: boolean } | null> {
    const split = await this.d.store.find(tx, t.id);
    if (!split) return null;
    const marketplaceId = split.marketplaceId;
    let taken = 0;
    const result = await this.debitEveryParty(tx, t, dispute.amount, { kind: 'DISPUTE', disputeId: dispute.id }, (sellerId, amount, blocked) => {
      if (sellerId !== marketplaceId) return 0;
      taken = Math.min(dispute.blockedAmount, amount, blocked);
      return taken;
    });
    if (result?.created && dispute.blockedAmount > taken) {
      await this.d.ledger.postEntry(tx, release({ sellerId: marketplaceId, disputeId: dispute.id, transactionId: t.id, amount: dispute.blockedAmount - taken }));
    }
    return result;
  }

  private async debitEveryParty(
    tx: Tx,
    t: Transaction,
    amount: Cents,
    cause: SplitReturnCause,
    fromBlocked?: (sellerId: string, amount: Cents, blocked: Cents) => Cents,
  ): Promise<{ owed: Cents; created: boolean } | null> {
    let owed = 0;
    let created = false;
    const debits = await this.giveBack(tx, t, amount, cause, null, (o, c) => {
      owed += o;
      created ||= c;
    }, fromBlocked);
    return debits ? { owed, created } : null;
  }

  private async giveBack(
    tx: Tx,
    t: Transaction,
    amount: Cents,
    cause: SplitReturnCause,
    explicit: readonly ExplicitRefundPart[] | null | undefined,
    posted: (owed: Cents, created: boolean) => void = () => undefined,
    fromBlocked: (sellerId: string, amount: Cents, blocked: Cents) => Cents = () => 0,
  ): Promise<PartyDebit[] | null> {
    const split = await this.d.store.find(tx, t.id);
    if (!split) return null;
    if (explicit?.length && cause.kind !== 'REFUND') throw new Error('explicit parts are for refunds');
    const debits = allocateReturn({ shares: paidShares(split), returned: returnedOf(split), amount, explicit });
    const origin = this.origin(t, split);
    const given: PartyDebit[] = [];
    for (const debit of [...debits].sort(bySellerId)) {
      const { balances } = await this.d.debts.lockBalances(tx, debit.sellerId);
      const { draft, owed } = splitReturnDebit(origin, cause, { ...debit, balances, fromBlocked: fromBlocked(debit.sellerId, debit.amount, balances.blocked) });
      const entry = await this.d.ledger.postEntry(tx, draft);
      posted(entry.created ? owed : 0, entry.created);
      // A reference posted before (a repeated return) gave nothing more.
      if (entry.created) given.push(debit);
    }
    await this.d.store.addReturned(tx, t.id, given);
    await this.d.events.record(tx, t, split, cause.kind, given);
    return given;
  }

  /** Every party gets back what it gave for `cause`, once; null when the charge is not split, else whether anything was posted now. */
  private async undo(tx: Tx, t: Transaction, cause: ReversibleSplitReturn): Promise<boolean | null> {
    const split = await this.d.store.find(tx, t.id);
    if (!split) return null;
    const parts = await this.d.store.givenParts(tx, t.id, cause);
    const origin = this.origin(t, split);
    const back: PartyDebit[] = [];
    for (const p of [...parts].sort(bySellerId)) {
      if ((await this.d.ledger.postEntry(tx, splitReturnReversal(origin, cause, p))).created) back.push({ sellerId: p.sellerId, amount: -p.amount });
    }
    await this.d.store.addReturned(tx, t.id, back);
    await this.d.events.record(tx, t, split, cause.kind === 'REFUND' ? 'REFUND_NOT_MADE' : 'CHARGEBACK_REVERSED', back);
    return back.length > 0;
  }

  private origin(t: Transaction, split: StoredSplit): SplitOrigin {
    return { transactionId: t.id, end2endId: t.end2endId, marketplaceId: split.marketplaceId };
  }
}
