import type { Clock } from '../shared/clock';
import { DomainError } from '../shared/errors';
import type { LiveEvents } from '../shared/live-events';
import type { Tx } from '../shared/unit-of-work';
import { assertValidEntry, insufficientBalance, sellerDelta, totalAvailable, walletBalanceFields } from './journal-entry';
import { debtOutstanding, debtRepayment, raisesAvailable } from './seller-debt';
import type { SellerDebtStore } from './seller-debt.ports';
import type { LedgerRepository, PostResult } from './ledger.ports';
import type { JournalEntryDraft, PostedEntry, StoredWallet } from './ledger.types';

export interface LedgerServiceDeps {
  store: LedgerRepository;
  clock: Clock;
  live: LiveEvents;
  /** Seller debts (seller-debt.ts): credits pay them first, withdrawals are refused meanwhile. */
  debts?: SellerDebtStore;
}

/** The payload of WALLET_UPDATED live events (the GraphQL `walletUpdated` subscription). */
export interface WalletUpdatedPayload {
  entryId: string;
  reference: string;
  kind: string;
  balancePix: number;
  balanceBoleto: number;
  balanceCard: number;
  balanceTotal: number;
  balanceBlocked: number;
  currency: 'BRL';
  updatedAt: string;
}

/**
 * The one way money moves. Every use case that changes a seller's money builds a
 * draft with a function of ledger-entries.ts and posts it here, inside the
 * transaction (`Tx`) of its own state change:
 *
 *   await uow.run(async (tx) => {
 *     await transactions.markPaid(tx, t);
 *     await ledger.postEntry(tx, pixCredit({ sellerId, transactionId: t.id, amount, fee }));
 *   });
 *
 * - Posting a reference that exists returns the existing entry (`created: false`) and
 *   changes nothing, also when two processes post it at the same moment.
 * - The same reference with different postings is a bug in the caller:
 *   LEDGER_REFERENCE_CONFLICT (409).
 * - A debit the balance does not cover throws INSUFFICIENT_BALANCE (422) and writes
 *   nothing; the transaction stays usable.
 * - After commit, WALLET_UPDATED is published for the seller.
 * - Deadlocks: an entry locks exactly one seller's wallet row. A use case that posts
 *   for several sellers in one transaction must post in ascending seller id order.
 */
export class LedgerService {
  constructor(private readonly d: LedgerServiceDeps) {}

  async postEntry(tx: Tx, draft: JournalEntryDraft): Promise<PostedEntry> {
    assertValidEntry(draft);
    return this.settle(tx, draft, await this.d.store.post(tx, draft, this.d.clock.now()));
  }

  /**
   * Several entries in one round trip, in the order given (for several sellers: ascending
   * seller id, as above), each as `postEntry` would post it; the posted entries in that
   * order. For entries that no balance can refuse (credits): when one is refused
   * (INSUFFICIENT_BALANCE, LEDGER_REFERENCE_CONFLICT) the others are written in `tx`
   * all the same, so the caller must let the error roll its transaction back.
   */
  async postEntries(tx: Tx, drafts: readonly JournalEntryDraft[]): Promise<PostedEntry[]> {
    drafts.forEach(assertValidEntry);
    const results = await this.d.store.postAll(tx, drafts, this.d.clock.now());
    const posted: PostedEntry[] = [];
    for (const [i, draft] of drafts.entries()) posted.push(await this.settle(tx, draft, results[i]!));
    return posted;
  }

  /** What storage answered to a posting: the posted entry, or the refusal; WALLET_UPDATED after commit; the seller's debt paid first. */
  private async settle(tx: Tx, draft: JournalEntryDraft, r: PostResult): Promise<PostedEntry> {
    if (r.status === 'INSUFFICIENT') {
      // A seller in debt has no available balance at all (seller-debt.ts): say why.
      if (draft.kind === 'WITHDRAWAL_DEBIT' && draft.sellerId && this.d.debts) {
        const debt = await this.d.debts.owedIn(tx, draft.sellerId);
        if (debt > 0) throw debtOutstanding(debt);
      }
      throw insufficientBalance({ sellerId: draft.sellerId, reference: draft.reference });
    }
    if (r.status === 'CONFLICT') {
      throw new DomainError('LEDGER_REFERENCE_CONFLICT', `reference ${draft.reference} was posted with different postings`, 'CONFLICT', {
        reference: draft.reference,
      });
    }
    if (!r.entryId || !r.createdAt) throw new Error(`ledger store returned ${r.status} without an entry`);
    const posted: PostedEntry = {
      id: r.entryId,
      reference: draft.reference,
      kind: draft.kind,
      sellerId: draft.sellerId,
      createdAt: r.createdAt,
      created: r.status === 'POSTED',
      wallet: r.wallet,
    };
    if (posted.created && draft.sellerId && r.wallet) {
      const payload = walletUpdated(posted, r.wallet);
      const sellerId = draft.sellerId;
      tx.afterCommit(() => this.d.live.publish({ topic: 'WALLET_UPDATED', sellerId, resourceId: posted.id, payload: { ...payload } }));
    }
    if (posted.created && draft.sellerId && r.wallet && draft.kind !== 'DEBT_REPAYMENT') await this.payDebtFirst(tx, draft, posted.id, r.wallet);
    return posted;
  }

  /**
   * Credits pay the seller's debt first. A debt exists only while every available
   * balance is zero, so the debt is looked up only when this entry raised an
   * available balance that was zero before it (the common credit costs nothing more).
   * The wallet row is locked by the post, so no other posting interleaves.
   */
  private async payDebtFirst(tx: Tx, draft: JournalEntryDraft, entryId: string, wallet: StoredWallet): Promise<void> {
    if (!this.d.debts || !draft.sellerId) return;
    const delta = sellerDelta(draft);
    if (!raisesAvailable(delta) || totalAvailable(wallet) > totalAvailable(delta)) return;
    const debt = await this.d.debts.owedIn(tx, draft.sellerId);
    const repayment = debtRepayment({ sellerId: draft.sellerId, balances: wallet, debt, causeEntryId: entryId });
    if (repayment) await this.postEntry(tx, repayment);
  }
}

function walletUpdated(entry: PostedEntry, w: StoredWallet): WalletUpdatedPayload {
  return {
    entryId: entry.id,
    reference: entry.reference,
    kind: entry.kind,
    ...walletBalanceFields(w),
    updatedAt: w.updatedAt.toISOString(),
  };
}
