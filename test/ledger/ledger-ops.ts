import fc from 'fast-check';
import { expect } from 'vitest';
import { bucketOfMethod } from '../../src/domain/ledger/ledger-accounts';
import { accountBalances, type LedgerBook } from '../../src/domain/ledger/ledger-book';
import {
  block,
  blockedDebit,
  chargebackDebit,
  operatorAdjustment,
  pixCredit,
  refundDebit,
  release,
  withdrawalDebit,
  withdrawalRefund,
  withdrawalSettlement,
} from '../../src/domain/ledger/ledger-entries';
import type { JournalEntryDraft, PaymentMethod, SellerBalances } from '../../src/domain/ledger/ledger.types';
import { ZERO_BALANCES } from '../../src/domain/ledger/ledger.types';

/**
 * Random business facts for the ledger property tests (the pure model in
 * src/domain/ledger and the PostgreSQL adapter run the same sequences).
 */
export type Op =
  | { t: 'credit'; seller: number; method: PaymentMethod; amount: number; feeBps: number }
  | { t: 'withdraw'; seller: number; amount: number; fee: number }
  | { t: 'refundWithdrawal'; seller: number; pick: number }
  | { t: 'settleWithdrawal'; pick: number }
  | { t: 'refund'; seller: number; amount: number }
  | { t: 'chargeback'; seller: number; amount: number }
  | { t: 'block'; seller: number; method: PaymentMethod; amount: number }
  | { t: 'release'; seller: number; method: PaymentMethod; amount: number }
  | { t: 'loseDispute'; seller: number; amount: number }
  | { t: 'correction'; seller: number; direction: 'CREDIT' | 'DEBIT'; amount: number }
  | { t: 'repeat'; pick: number };

const method = fc.constantFrom<PaymentMethod>('PIX', 'BOLETO', 'CARD');
const seller = fc.integer({ min: 0, max: 2 });
const amount = fc.integer({ min: 1, max: 50_000 });

export const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ t: fc.constant('credit' as const), seller, method, amount, feeBps: fc.integer({ min: 0, max: 10_000 }) }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('withdraw' as const), seller, amount, fee: fc.integer({ min: 0, max: 500 }) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('refundWithdrawal' as const), seller, pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('settleWithdrawal' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('refund' as const), seller, amount }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('chargeback' as const), seller, amount }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('block' as const), seller, method, amount }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('release' as const), seller, method, amount }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('loseDispute' as const), seller, amount }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('correction' as const), seller, direction: fc.constantFrom<'CREDIT' | 'DEBIT'>('CREDIT', 'DEBIT'), amount }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('repeat' as const), pick: fc.nat() }) },
);

/** Turns an op into a draft (unique ids per position) and the oracle's expected seller delta. */
export function draftOf(op: Op, i: number, sellers: string[], history: JournalEntryDraft[], withdrawals: { sellerId: string; id: string; amount: number; fee: number }[]) {
  const s = 'seller' in op ? sellers[op.seller]! : '';
  const d = (pix = 0, boleto = 0, card = 0, blocked = 0): SellerBalances => ({ availablePix: pix, availableBoleto: boleto, availableCard: card, blocked });
  const m = (mth: PaymentMethod, v: number, blocked = 0): SellerBalances => ({ ...d(0, 0, 0, blocked), [bucketOfMethod(mth)]: v });
  switch (op.t) {
    case 'credit': {
      const fee = Math.min(op.amount, Math.floor((op.amount * op.feeBps) / 10_000));
      return { draft: pixCredit({ sellerId: s, transactionId: `t${i}`, amount: op.amount, fee, method: op.method }), delta: m(op.method, op.amount - fee) };
    }
    case 'withdraw':
      withdrawals.push({ sellerId: s, id: `w${i}`, amount: op.amount, fee: op.fee });
      return { draft: withdrawalDebit({ sellerId: s, withdrawalId: `w${i}`, amount: op.amount, fee: op.fee }), delta: d(-(op.amount + op.fee)) };
    case 'refundWithdrawal': {
      const w = withdrawals[op.pick % Math.max(1, withdrawals.length)];
      if (!w) return null;
      return { draft: withdrawalRefund({ sellerId: w.sellerId, withdrawalId: w.id, amount: w.amount, fee: w.fee }), delta: d(w.amount + w.fee), sellerId: w.sellerId };
    }
    case 'settleWithdrawal': {
      const w = withdrawals[op.pick % Math.max(1, withdrawals.length)];
      if (!w) return null;
      return { draft: withdrawalSettlement({ withdrawalId: w.id, amount: w.amount }), delta: null };
    }
    case 'refund':
      return { draft: refundDebit({ sellerId: s, transactionId: `t${i}`, refundId: `r${i}`, amount: op.amount }), delta: d(-op.amount) };
    case 'chargeback':
      return { draft: chargebackDebit({ sellerId: s, transactionId: `t${i}`, amount: op.amount }), delta: d(-op.amount) };
    case 'block':
      return { draft: block({ sellerId: s, disputeId: `d${i}`, amount: op.amount, method: op.method }), delta: m(op.method, -op.amount, op.amount) };
    case 'release':
      return { draft: release({ sellerId: s, disputeId: `d${i}`, amount: op.amount, method: op.method }), delta: m(op.method, op.amount, -op.amount) };
    case 'loseDispute':
      return { draft: blockedDebit({ sellerId: s, disputeId: `d${i}`, amount: op.amount }), delta: d(0, 0, 0, -op.amount) };
    case 'correction':
      return {
        draft: operatorAdjustment({ sellerId: s, correctionId: `c${i}`, direction: op.direction, amount: op.amount, reason: 'test', operatorId: 'op' }),
        delta: d(op.direction === 'CREDIT' ? op.amount : -op.amount),
      };
    case 'repeat': {
      const h = history[op.pick % Math.max(1, history.length)];
      return h ? { draft: h, delta: null, repeat: true } : null;
    }
  }
}

export const add = (a: SellerBalances, b: SellerBalances): SellerBalances => ({
  availablePix: a.availablePix + b.availablePix,
  availableBoleto: a.availableBoleto + b.availableBoleto,
  availableCard: a.availableCard + b.availableCard,
  blocked: a.blocked + b.blocked,
});
export const negative = (b: SellerBalances) => b.availablePix < 0 || b.availableBoleto < 0 || b.availableCard < 0 || b.blocked < 0;

/** Invariants every state of the book satisfies. */
export function checkBook(book: LedgerBook, sellers: string[]): void {
  const byAccount = accountBalances(book);
  let everything = 0;
  for (const e of book.entries.values()) expect(e.postings.reduce((a, p) => a + p.amount, 0)).toBe(0);
  for (const v of byAccount.values()) everything += v;
  expect(everything).toBe(0);
  for (const s of sellers) {
    const w = book.wallets.get(s) ?? ZERO_BALANCES;
    expect(negative(w)).toBe(false);
    expect(w.availablePix).toBe(byAccount.get(`seller:${s}:available:PIX`) ?? 0);
    expect(w.availableBoleto).toBe(byAccount.get(`seller:${s}:available:BOLETO`) ?? 0);
    expect(w.availableCard).toBe(byAccount.get(`seller:${s}:available:CARD`) ?? 0);
    expect(w.blocked).toBe(byAccount.get(`seller:${s}:blocked`) ?? 0);
    const lines = book.statements.get(s) ?? [];
    const net = lines.reduce((a, l) => a + (l.type === 'CREDIT' ? l.amount : l.type === 'DEBIT' ? -l.amount : 0), 0);
    expect(net).toBe(w.availablePix + w.availableBoleto + w.availableCard + w.blocked);
  }
}

