import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors';
import { assertValidEntry, sellerDelta } from './journal-entry';
import {
  block,
  blockedDebit,
  chargebackDebit,
  chargebackReversal,
  operatorAdjustment,
  pixCredit,
  refundDebit,
  release,
  withdrawalDebit,
  withdrawalRefund,
  withdrawalSettlement,
} from './ledger-entries';
import type { JournalEntryDraft } from './ledger.types';

const S = 'sel1';
const sum = (d: JournalEntryDraft) => d.postings.reduce((a, p) => a + p.amount, 0);

describe('entry builders', () => {
  const all: [string, JournalEntryDraft][] = [
    ['pixCredit', pixCredit({ sellerId: S, transactionId: 't1', amount: 10_000, fee: 99 })],
    ['pixCredit without fee', pixCredit({ sellerId: S, transactionId: 't2', amount: 10_000, fee: 0 })],
    ['refundDebit', refundDebit({ sellerId: S, transactionId: 't1', refundId: 'r1', amount: 500 })],
    ['chargebackDebit', chargebackDebit({ sellerId: S, transactionId: 't1', amount: 500 })],
    ['chargebackReversal', chargebackReversal({ sellerId: S, transactionId: 't1', amount: 500 })],
    ['block', block({ sellerId: S, disputeId: 'd1', transactionId: 't1', amount: 500 })],
    ['release', release({ sellerId: S, disputeId: 'd1', amount: 500 })],
    ['blockedDebit', blockedDebit({ sellerId: S, disputeId: 'd1', amount: 500 })],
    ['withdrawalDebit', withdrawalDebit({ sellerId: S, withdrawalId: 'w1', amount: 5_000, fee: 100 })],
    ['withdrawalRefund', withdrawalRefund({ sellerId: S, withdrawalId: 'w1', amount: 5_000, fee: 100 })],
    ['withdrawalSettlement', withdrawalSettlement({ withdrawalId: 'w1', amount: 5_000 })],
    ['operator credit', operatorAdjustment({ sellerId: S, correctionId: 'c1', direction: 'CREDIT', amount: 700, reason: ' fix ', operatorId: 'op' })],
    ['operator debit', operatorAdjustment({ sellerId: S, correctionId: 'c2', direction: 'DEBIT', amount: 700, reason: 'fix', operatorId: 'op' })],
  ];

  it.each(all)('%s is a valid, balanced entry', (_name, d) => {
    expect(sum(d)).toBe(0);
    expect(() => assertValidEntry(d)).not.toThrow();
  });

  it('keys each business fact with a stable reference', () => {
    expect(all.map(([, d]) => d.reference)).toEqual([
      'credit:transaction:t1',
      'credit:transaction:t2',
      'refund:transaction:t1:r1',
      'chargeback:transaction:t1',
      'chargeback-reversal:transaction:t1',
      'block:dispute:d1',
      'release:dispute:d1',
      'blocked-debit:dispute:d1',
      'debit:withdrawal:w1',
      'refund:withdrawal:w1',
      'settle:withdrawal:w1',
      'adjustment:c1',
      'adjustment:c2',
    ]);
  });

  it('a PIX credit shows the amount as CREDIT and the fee as a separate DEBIT to the fees account', () => {
    const d = pixCredit({ sellerId: S, transactionId: 't1', amount: 10_000, fee: 99 });
    expect(d.lines).toEqual([
      { type: 'CREDIT', amount: 10_000, description: 'PIX received', fee: false },
      { type: 'DEBIT', amount: 99, description: 'PIX cash-in fee', fee: true },
    ]);
    expect(d.postings).toContainEqual({ account: 'platform:fees', amount: 99 });
    expect(sellerDelta(d)).toEqual({ availablePix: 9_901, availableBoleto: 0, availableCard: 0, blocked: 0 });
    expect(d.transactionId).toBe('t1');
  });

  it('a withdrawal debits amount + fee and its refund returns exactly that', () => {
    const debit = sellerDelta(withdrawalDebit({ sellerId: S, withdrawalId: 'w1', amount: 5_000, fee: 100 }));
    const refund = sellerDelta(withdrawalRefund({ sellerId: S, withdrawalId: 'w1', amount: 5_000, fee: 100 }));
    expect(debit.availablePix).toBe(-5_100);
    expect(refund.availablePix).toBe(5_100);
  });

  it('block moves available to blocked; release moves it back to the same method', () => {
    expect(sellerDelta(block({ sellerId: S, disputeId: 'd', amount: 300, method: 'CARD' }))).toEqual({ availablePix: 0, availableBoleto: 0, availableCard: -300, blocked: 300 });
    expect(sellerDelta(release({ sellerId: S, disputeId: 'd', amount: 300, method: 'CARD' }))).toEqual({ availablePix: 0, availableBoleto: 0, availableCard: 300, blocked: -300 });
  });

  it.each([0, -1, 1.5, Number.MAX_SAFE_INTEGER + 1, Number.NaN])('refuses amount %s with INVALID_AMOUNT', (amount) => {
    expect(() => pixCredit({ sellerId: S, transactionId: 't', amount, fee: 0 })).toThrow(expect.objectContaining({ code: 'INVALID_AMOUNT' }));
  });

  it('refuses a fee above the amount', () => {
    expect(() => pixCredit({ sellerId: S, transactionId: 't', amount: 10, fee: 11 })).toThrow(expect.objectContaining({ code: 'INVALID_FEE' }));
  });

  it('an operator correction needs a reason of 1 to 500 characters', () => {
    const mk = (reason: string) => () => operatorAdjustment({ sellerId: S, correctionId: 'c', direction: 'CREDIT', amount: 1, reason, operatorId: 'op' });
    expect(mk('   ')).toThrow(DomainError);
    expect(mk('x'.repeat(501))).toThrow(expect.objectContaining({ code: 'INVALID_REASON' }));
    expect(mk('x'.repeat(500))).not.toThrow();
  });
});

describe('assertValidEntry', () => {
  const base = () => pixCredit({ sellerId: S, transactionId: 't', amount: 100, fee: 1 });

  it('refuses an unbalanced entry', () => {
    const d = base();
    d.postings[0]!.amount -= 1;
    expect(() => assertValidEntry(d)).toThrow(/sum/);
  });

  it("refuses postings to another seller's accounts", () => {
    const d = base();
    d.postings[1]!.account = 'seller:other:available:PIX';
    expect(() => assertValidEntry(d)).toThrow(/another seller/);
  });

  it('refuses unknown accounts and zero amounts', () => {
    const a = base();
    a.postings[0]!.account = 'platform:nowhere';
    expect(() => assertValidEntry(a)).toThrow(/unknown account/);
    const b = base();
    b.postings.push({ account: 'platform:fees', amount: 0 });
    expect(() => assertValidEntry(b)).toThrow(/non-zero/);
  });

  it('refuses statement lines that disagree with the postings', () => {
    const d = base();
    d.lines[1]!.amount = 2;
    expect(() => assertValidEntry(d)).toThrow(/disagree/);
  });
});
