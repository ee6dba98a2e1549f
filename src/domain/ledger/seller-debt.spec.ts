import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDebtBook, debtDraftOf, debtOpArb, type OpenBlock } from '../../../test/ledger/debt-ops';
import { assertValidEntry, sellerDelta } from './journal-entry';
import { emptyBook, owedInBook, postToBookPayingDebt } from './ledger-book';
import { debtRepayment, forcedDebit } from './seller-debt';
import { ZERO_BALANCES } from './ledger.types';
import { isDomainError } from '../shared/errors';

const S = 'shop';
const balances = (pix: number, boleto = 0, card = 0, blocked = 0) => ({ availablePix: pix, availableBoleto: boleto, availableCard: card, blocked });

describe('forced debits and seller debt', () => {
  it('takes blocked first, then the method first, then the other methods, and owes the rest', () => {
    const { draft, owed } = forcedDebit({
      reference: 'dispute-loss:dispute:d1', kind: 'DISPUTE_LOSS_DEBIT', sellerId: S, amount: 1_000, fromBlocked: 200,
      balances: balances(300, 100, 50, 200), description: 'lost', line: 'Dispute lost',
    });
    assertValidEntry(draft);
    expect(owed).toBe(350);
    expect(draft.postings).toEqual([
      { account: `seller:${S}:blocked`, amount: -200 },
      { account: `seller:${S}:available:PIX`, amount: -300 },
      { account: `seller:${S}:available:BOLETO`, amount: -100 },
      { account: `seller:${S}:available:CARD`, amount: -50 },
      { account: `debt:${S}`, amount: -350 },
      { account: 'platform:provider_clearing', amount: 1_000 },
    ]);
    expect(draft.lines).toEqual([{ type: 'DEBIT', amount: 1_000, description: 'Dispute lost (350 cents owed)', fee: false }]);
  });

  it('owes nothing when the balance covers it', () => {
    const { draft, owed } = forcedDebit({ reference: 'chargeback:transaction:t', kind: 'CHARGEBACK_DEBIT', sellerId: S, amount: 500, balances: balances(800), description: 'MED', line: 'MED' });
    expect(owed).toBe(0);
    expect(sellerDelta(draft)).toEqual(balances(-500));
  });

  it('refuses to take from blocked more than is blocked (a programming error)', () => {
    expect(() => forcedDebit({ reference: 'r', kind: 'DISPUTE_LOSS_DEBIT', sellerId: S, amount: 500, fromBlocked: 100, balances: balances(0), description: 'x', line: 'x' })).toThrow(/blocked/);
  });

  it('a repayment moves what is available to the debt account, with no statement line', () => {
    const r = debtRepayment({ sellerId: S, balances: balances(70, 40), debt: 100, causeEntryId: '9' })!;
    assertValidEntry(r);
    expect(r.reference).toBe('debt-repayment:9');
    expect(r.postings).toEqual([
      { account: `seller:${S}:available:PIX`, amount: -70 },
      { account: `seller:${S}:available:BOLETO`, amount: -30 },
      { account: `debt:${S}`, amount: 100 },
    ]);
    expect(r.lines).toEqual([]);
    expect(debtRepayment({ sellerId: S, balances: balances(0), debt: 100, causeEntryId: '9' })).toBeNull();
    expect(debtRepayment({ sellerId: S, balances: balances(50), debt: 0, causeEntryId: '9' })).toBeNull();
  });

  it('model: any sequence keeps postings balanced, debt only while nothing is available, statement = available + blocked - debt', () => {
    fc.assert(
      fc.property(fc.array(debtOpArb, { minLength: 1, maxLength: 60 }), (ops) => {
        const sellers = ['a', 'b'];
        let book = emptyBook();
        const blocks: OpenBlock[] = [];
        for (const [i, op] of ops.entries()) {
          const step = debtDraftOf(op, i, sellers, blocks, (s) => book.wallets.get(s) ?? ZERO_BALANCES);
          if (!step) continue;
          const debtBefore = owedInBook(book, step.sellerId);
          try {
            book = postToBookPayingDebt(book, step.draft).book;
            step.after?.();
          } catch (e) {
            // Only ordinary debits may be refused; forced debits never are.
            expect(isDomainError(e) && e.code === 'INSUFFICIENT_BALANCE').toBe(true);
            expect(op.t === 'withdraw' || op.t === 'block').toBe(true);
          }
          if (op.t === 'credit') expect(owedInBook(book, step.sellerId)).toBe(Math.max(0, debtBefore - op.amount));
          checkDebtBook(book, sellers);
        }
      }),
      { numRuns: 300 },
    );
  });
});
