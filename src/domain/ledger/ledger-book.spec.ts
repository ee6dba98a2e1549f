import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDomainError } from '../shared/errors';
import { emptyBook, postToBook } from './ledger-book';
import { pixCredit } from './ledger-entries';
import type { JournalEntryDraft, SellerBalances } from './ledger.types';
import { ZERO_BALANCES } from './ledger.types';
import { add, checkBook, draftOf, negative, opArb } from '../../../test/ledger/ledger-ops';

/**
 * Property tests of the ledger rules on the pure model: any sequence of credits,
 * debits, blocks and releases (and repeats of earlier facts) keeps every entry
 * balanced, never makes a balance negative, and keeps the balances equal to the sum of
 * the postings and to the statement. An independent oracle (plain arithmetic per
 * business fact, test/ledger/ledger-ops.ts) predicts every balance and every refusal.
 */
describe('ledger rules (property-based, pure model)', () => {
  it('any sequence keeps entries balanced, balances >= 0 and equal to postings and statement; refusals change nothing', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 60 }), (ops) => {
        const sellers = ['s0', 's1', 's2'];
        let book = emptyBook();
        const oracle = new Map<string, SellerBalances>(sellers.map((s) => [s, { ...ZERO_BALANCES }]));
        const history: JournalEntryDraft[] = [];
        const withdrawals: { sellerId: string; id: string; amount: number; fee: number }[] = [];
        const posted = new Set<string>();
        ops.forEach((op, i) => {
          const step = draftOf(op, i, sellers, history, withdrawals);
          if (!step) return;
          const { draft } = step;
          const sellerId = draft.sellerId;
          const expected = sellerId && step.delta && !posted.has(draft.reference) ? add(oracle.get(sellerId)!, step.delta) : null;
          const before = book;
          try {
            const r = postToBook(book, draft);
            book = r.book;
            expect(r.created).toBe(!posted.has(draft.reference));
            if (expected) {
              expect(negative(expected)).toBe(false);
              oracle.set(sellerId!, expected);
            }
            posted.add(draft.reference);
            if (r.created) history.push(draft);
          } catch (e) {
            if (!isDomainError(e)) throw e;
            expect(e.code).toBe('INSUFFICIENT_BALANCE');
            expect(expected && negative(expected)).toBe(true);
            expect(book).toBe(before);
          }
          checkBook(book, sellers);
          for (const s of sellers) expect(book.wallets.get(s) ?? ZERO_BALANCES).toEqual(oracle.get(s));
        });
      }),
      { numRuns: 300 },
    );
  });

  it('posting a reference twice is a no-op', () => {
    const credit = pixCredit({ sellerId: 's', transactionId: 't', amount: 1_000, fee: 10 });
    const once = postToBook(emptyBook(), credit).book;
    const twice = postToBook(once, credit);
    expect(twice.created).toBe(false);
    expect(twice.book).toBe(once);
    expect(once.wallets.get('s')!.availablePix).toBe(990);
  });
});
