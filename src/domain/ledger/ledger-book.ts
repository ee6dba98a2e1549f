import type { Cents } from '../shared/money';
import { applyDelta, assertValidEntry, insufficientBalance, sellerDelta } from './journal-entry';
import type { AccountCode, JournalEntryDraft, SellerBalances, StatementLine } from './ledger.types';
import { ZERO_BALANCES } from './ledger.types';
import { debtAccount } from './ledger-accounts';
import { debtRepayment, raisesAvailable } from './seller-debt';

/**
 * The ledger rules as a pure, in-memory value: the reference model the database
 * adapter must agree with (property tests run both), and a fake for use-case tests.
 * A post either applies completely or not at all.
 */
export interface LedgerBook {
  /** Entries by reference, in posting order. */
  entries: ReadonlyMap<string, JournalEntryDraft>;
  /** Seller balances, as the guarded rows keep them. */
  wallets: ReadonlyMap<string, SellerBalances>;
  /** Statement lines per seller, oldest first. */
  statements: ReadonlyMap<string, readonly StatementLine[]>;
}

export const emptyBook = (): LedgerBook => ({ entries: new Map(), wallets: new Map(), statements: new Map() });

export type BookPost = { book: LedgerBook; created: boolean };

/** Posts a draft: a duplicate reference is a no-op; insufficient funds throw and change nothing. */
export function postToBook(book: LedgerBook, draft: JournalEntryDraft): BookPost {
  assertValidEntry(draft);
  if (book.entries.has(draft.reference)) return { book, created: false };
  const wallets = new Map(book.wallets);
  const statements = new Map(book.statements);
  if (draft.sellerId) {
    const current = book.wallets.get(draft.sellerId) ?? ZERO_BALANCES;
    const next = applyDelta(current, sellerDelta(draft));
    if (!next) throw insufficientBalance({ sellerId: draft.sellerId });
    wallets.set(draft.sellerId, next);
    if (draft.lines.length > 0) statements.set(draft.sellerId, [...(book.statements.get(draft.sellerId) ?? []), ...draft.lines]);
  }
  const entries = new Map(book.entries);
  entries.set(draft.reference, draft);
  return { book: { entries, wallets, statements }, created: true };
}

/** Every account's balance as the sum of its postings. */
export function accountBalances(book: LedgerBook): Map<AccountCode, Cents> {
  const out = new Map<AccountCode, Cents>();
  for (const e of book.entries.values()) for (const p of e.postings) out.set(p.account, (out.get(p.account) ?? 0) + p.amount);
  return out;
}

/** The seller's debt in the book: minus the balance of its debt account. */
export function owedInBook(book: LedgerBook, sellerId: string): Cents {
  let balance = 0;
  const account = debtAccount(sellerId);
  for (const e of book.entries.values()) for (const p of e.postings) if (p.account === account) balance += p.amount;
  return balance === 0 ? 0 : -balance;
}

/** postToBook plus the rule LedgerService applies after a post: credits pay the debt first. */
export function postToBookPayingDebt(book: LedgerBook, draft: JournalEntryDraft): BookPost {
  const r = postToBook(book, draft);
  if (!r.created || !draft.sellerId || draft.kind === 'DEBT_REPAYMENT' || !raisesAvailable(sellerDelta(draft))) return r;
  const balances = r.book.wallets.get(draft.sellerId) ?? ZERO_BALANCES;
  const repayment = debtRepayment({ sellerId: draft.sellerId, balances, debt: owedInBook(r.book, draft.sellerId), causeEntryId: draft.reference.replaceAll(':', '_') });
  return repayment ? { book: postToBook(r.book, repayment).book, created: true } : r;
}
