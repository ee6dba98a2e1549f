import type { Clock } from '../shared/clock';
import { DomainError } from '../shared/errors';
import type { LiveEvents } from '../shared/live-events';
import type { Tx } from '../shared/unit-of-work';
import { assertValidEntry, insufficientBalance, walletBalanceFields } from './journal-entry';
import type { LedgerRepository } from './ledger.ports';
import type { JournalEntryDraft, PostedEntry, StoredWallet } from './ledger.types';

export interface LedgerServiceDeps {
  store: LedgerRepository;
  clock: Clock;
  live: LiveEvents;
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
    const r = await this.d.store.post(tx, draft, this.d.clock.now());
    if (r.status === 'INSUFFICIENT') throw insufficientBalance({ sellerId: draft.sellerId, reference: draft.reference });
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
    return posted;
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
