import fc from 'fast-check';
import { expect } from 'vitest';
import { accountBalances, owedInBook, type LedgerBook } from '../../src/domain/ledger/ledger-book';
import { block, pixCredit, release, withdrawalDebit } from '../../src/domain/ledger/ledger-entries';
import { forcedDebit } from '../../src/domain/ledger/seller-debt';
import type { JournalEntryDraft, PaymentMethod, SellerBalances } from '../../src/domain/ledger/ledger.types';
import { ZERO_BALANCES } from '../../src/domain/ledger/ledger.types';

/** Random money facts around seller debts: credits, withdrawals, MED returns, disputes blocked, lost or won. */
export type DebtOp =
  | { t: 'credit'; seller: number; method: PaymentMethod; amount: number }
  | { t: 'withdraw'; seller: number; amount: number }
  | { t: 'med'; seller: number; amount: number }
  | { t: 'block'; seller: number; amount: number }
  | { t: 'lose'; pick: number; extra: number }
  | { t: 'win'; pick: number };

const seller = fc.integer({ min: 0, max: 1 });
const amount = fc.integer({ min: 1, max: 20_000 });

export const debtOpArb: fc.Arbitrary<DebtOp> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ t: fc.constant('credit' as const), seller, method: fc.constantFrom<PaymentMethod>('PIX', 'BOLETO', 'CARD'), amount }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('withdraw' as const), seller, amount }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('med' as const), seller, amount }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('block' as const), seller, amount }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('lose' as const), pick: fc.nat(), extra: fc.integer({ min: 0, max: 5_000 }) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('win' as const), pick: fc.nat() }) },
);

export interface OpenBlock {
  sellerId: string;
  disputeId: string;
  amount: number;
}

/**
 * The draft of an op, given the seller's balances as the ledger holds them (the book,
 * or the database under the wallet lock). `blocks` tracks open blocked disputes.
 */
export function debtDraftOf(op: DebtOp, i: number, sellers: string[], blocks: OpenBlock[], balancesOf: (sellerId: string) => SellerBalances): { draft: JournalEntryDraft; sellerId: string; after?: () => void } | null {
  switch (op.t) {
    case 'credit': {
      const s = sellers[op.seller]!;
      return { sellerId: s, draft: pixCredit({ sellerId: s, transactionId: `t${i}`, amount: op.amount, fee: 0, method: op.method }) };
    }
    case 'withdraw': {
      const s = sellers[op.seller]!;
      return { sellerId: s, draft: withdrawalDebit({ sellerId: s, withdrawalId: `w${i}`, amount: op.amount, fee: 0 }) };
    }
    case 'med': {
      const s = sellers[op.seller]!;
      const { draft } = forcedDebit({ reference: `chargeback:transaction:m${i}`, kind: 'CHARGEBACK_DEBIT', sellerId: s, transactionId: `m${i}`, amount: op.amount, balances: balancesOf(s), description: 'MED', line: 'MED' });
      return { sellerId: s, draft };
    }
    case 'block': {
      const s = sellers[op.seller]!;
      const take = Math.min(op.amount, balancesOf(s).availablePix);
      if (take <= 0) return null;
      return { sellerId: s, draft: block({ sellerId: s, disputeId: `d${i}`, amount: take }), after: () => void blocks.push({ sellerId: s, disputeId: `d${i}`, amount: take }) };
    }
    case 'lose':
    case 'win': {
      if (blocks.length === 0) return null;
      const [b] = blocks.splice(op.pick % blocks.length, 1);
      if (op.t === 'win') return { sellerId: b!.sellerId, draft: release({ sellerId: b!.sellerId, disputeId: b!.disputeId, amount: b!.amount }) };
      const { draft } = forcedDebit({
        reference: `dispute-loss:dispute:${b!.disputeId}`,
        kind: 'DISPUTE_LOSS_DEBIT',
        sellerId: b!.sellerId,
        amount: b!.amount + op.extra,
        fromBlocked: b!.amount,
        balances: balancesOf(b!.sellerId),
        description: 'lost',
        line: 'lost',
      });
      return { sellerId: b!.sellerId, draft };
    }
  }
}

/** Invariants of a book with debts. */
export function checkDebtBook(book: LedgerBook, sellers: string[]): void {
  const byAccount = accountBalances(book);
  for (const e of book.entries.values()) expect(e.postings.reduce((a, p) => a + p.amount, 0)).toBe(0);
  expect([...byAccount.values()].reduce((a, v) => a + v, 0)).toBe(0);
  for (const s of sellers) {
    const w = book.wallets.get(s) ?? ZERO_BALANCES;
    const debt = owedInBook(book, s);
    const available = w.availablePix + w.availableBoleto + w.availableCard;
    expect(debt).toBeGreaterThanOrEqual(0);
    expect(Math.min(w.availablePix, w.availableBoleto, w.availableCard, w.blocked)).toBeGreaterThanOrEqual(0);
    // A debt exists only while nothing is available: credits pay it first.
    if (debt > 0) expect(available).toBe(0);
    const lines = book.statements.get(s) ?? [];
    const net = lines.reduce((a, l) => a + (l.type === 'CREDIT' ? l.amount : l.type === 'DEBIT' ? -l.amount : 0), 0);
    expect(net).toBe(available + w.blocked - debt);
  }
}
