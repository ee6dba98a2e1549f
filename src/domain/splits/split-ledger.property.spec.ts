import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountBalances, emptyBook, owedInBook, postToBook, type LedgerBook } from '../ledger/ledger-book';
import { assertValidEntry } from '../ledger/journal-entry';
import { availableAccount } from '../ledger/ledger-accounts';
import { PLATFORM_ACCOUNTS, ZERO_BALANCES, type JournalEntryDraft } from '../ledger/ledger.types';
import { allocateSplit } from './split-allocation';
import { block, release } from '../ledger/ledger-entries';
import { splitCredit, splitReturnDebit, splitReturnReversal, type SplitOrigin } from './split-ledger-entries';
import { allocateReturn } from './split-returns';
import { SPLIT_FEE_PAYERS, type SplitPlan } from './split.types';

/** A split plan that fits `amount`: each recipient fixed or in basis points, parts within the amount. */
const splitCase = fc
  .record({
    amount: fc.integer({ min: 1, max: 10_000_000 }),
    recipients: fc.array(fc.record({ fixed: fc.boolean(), weight: fc.integer({ min: 1, max: 10_000 }) }), { minLength: 1, maxLength: 10 }),
    feePayer: fc.constantFrom(...SPLIT_FEE_PAYERS),
    feePayerIndex: fc.nat(),
    feeBasisPoints: fc.integer({ min: 0, max: 10_000 }),
    /** Fraction (basis points) of its net each party withdraws right after payment. */
    withdrawn: fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 11, maxLength: 11 }),
    refunds: fc.array(fc.record({ part: fc.integer({ min: 1, max: 10_000 }), explicit: fc.boolean() }), { maxLength: 5 }),
    /** A contestation of what is left after the refunds: none, decided for the seller, or for the buyer. */
    dispute: fc.constantFrom('NONE', 'WON', 'LOST'),
    med: fc.boolean(),
    /** The MED return decided for the seller afterwards (every party gets its part back). */
    medReversed: fc.boolean(),
  })
  .map((raw) => {
    // Spread the weights so that the parts fit: every recipient gets at least one cent.
    const n = raw.recipients.length;
    const c = { ...raw, amount: Math.max(raw.amount, n) };
    const usable = Math.max(0, c.amount - n);
    const weights = c.recipients.reduce((s, r) => s + r.weight, 0);
    const plan: SplitPlan = {
      feePayer: c.feePayer,
      feeRecipientId: null,
      recipients: c.recipients.map((r, i) => {
        const share = 1 + Math.floor((usable * r.weight) / (weights + 1));
        const basisPoints = Math.floor((share * 10_000) / c.amount);
        return r.fixed || basisPoints < 1 || Math.floor((c.amount * basisPoints) / 10_000) < 1
          ? { recipientId: `r${i}`, amount: share, basisPoints: null }
          : { recipientId: `r${i}`, amount: null, basisPoints };
      }),
    };
    if (c.feePayer === 'RECIPIENT') plan.feeRecipientId = plan.recipients[c.feePayerIndex % n]!.recipientId;
    return { ...c, plan, fee: Math.min(c.amount, Math.floor((c.amount * c.feeBasisPoints) / 10_000)) };
  });

const post = (book: LedgerBook, draft: JournalEntryDraft) => {
  assertValidEntry(draft);
  expect(draft.postings.reduce((s, p) => s + p.amount, 0)).toBe(0);
  return postToBook(book, draft).book;
};

describe('split charges in the ledger (property)', () => {
  it('every posting sums to zero and each party ends with its part minus its refunds, dispute, MED return and fees, to the cent', () => {
    fc.assert(
      fc.property(splitCase, (c) => {
        const origin: SplitOrigin = { transactionId: 'tx1', end2endId: 'E2E1', marketplaceId: 'mkt' };
        const shares = allocateSplit({ amount: c.amount, fee: c.fee, marketplaceId: 'mkt', plan: c.plan });
        expect(shares.reduce((s, p) => s + p.gross, 0)).toBe(c.amount);
        expect(shares.reduce((s, p) => s + p.fee, 0)).toBe(c.fee);
        for (const s of shares) expect(s.fee).toBeLessThanOrEqual(s.gross);

        let book = emptyBook();
        for (const s of [...shares].sort((a, b) => a.sellerId.localeCompare(b.sellerId))) if (s.gross > 0) book = post(book, splitCredit(origin, s));

        // Parties withdraw part of what they got, so that later returns may exceed their balances.
        const withdrawn = new Map<string, number>();
        shares.forEach((s, k) => {
          const net = s.gross - s.fee;
          const amount = Math.floor((net * c.withdrawn[k]!) / 10_000);
          withdrawn.set(s.sellerId, amount);
          if (amount > 0) {
            book = post(book, {
              reference: `w:${s.sellerId}`, kind: 'WITHDRAWAL_DEBIT', sellerId: s.sellerId, transactionId: null, withdrawalId: 'w', description: 'withdrawal',
              postings: [{ account: availableAccount(s.sellerId, 'PIX'), amount: -amount }, { account: PLATFORM_ACCOUNTS.payouts, amount }],
              lines: [{ type: 'DEBIT', amount, description: 'Withdrawal', fee: false }], metadata: null,
            });
          }
        });

        const returned = new Map<string, number>();
        const give = (debits: { sellerId: string; amount: number }[], cause: Parameters<typeof splitReturnDebit>[1], fromBlocked: (sellerId: string, amount: number) => number = () => 0) => {
          for (const d of debits) {
            const balances = book.wallets.get(d.sellerId) ?? ZERO_BALANCES;
            book = post(book, splitReturnDebit(origin, cause, { ...d, balances, fromBlocked: Math.min(fromBlocked(d.sellerId, d.amount), balances.blocked) }).draft);
            returned.set(d.sellerId, (returned.get(d.sellerId) ?? 0) + d.amount);
          }
        };
        let left = c.amount;
        for (const [n, r] of c.refunds.entries()) {
          if (left === 0) break;
          const amount = Math.max(1, Math.floor((left * r.part) / 10_000));
          const first = shares.find((s) => s.role === 'RECIPIENT' && s.gross - (returned.get(s.sellerId) ?? 0) > 0);
          const explicit = r.explicit && first ? [{ recipientId: first.sellerId, amount: Math.min(amount, first.gross - (returned.get(first.sellerId) ?? 0)) }] : null;
          let debits;
          try {
            debits = allocateReturn({ shares, returned, amount, explicit });
          } catch (e) {
            // An explicit part may leave the marketplace more than it has left: refused, nothing posted.
            expect((e as { code?: string }).code).toBe('SPLIT_REFUND_EXCEEDS_SHARE');
            continue;
          }
          expect(debits.reduce((s, d) => s + d.amount, 0)).toBe(amount);
          give(debits, { kind: 'REFUND', refundId: `rf${n}` });
          left -= amount;
        }
        if (c.dispute !== 'NONE' && left > 0) {
          // A contestation retains the marketplace's own part (what its balance holds of it); the buyer's win takes every part.
          const parts = allocateReturn({ shares, returned, amount: left });
          const own = parts.find((d) => d.sellerId === 'mkt')?.amount ?? 0;
          const blocked = Math.min(own, (book.wallets.get('mkt') ?? ZERO_BALANCES).availablePix);
          if (blocked > 0) book = post(book, block({ sellerId: 'mkt', disputeId: 'd1', transactionId: 'tx1', amount: blocked }));
          if (c.dispute === 'WON' && blocked > 0) book = post(book, release({ sellerId: 'mkt', disputeId: 'd1', transactionId: 'tx1', amount: blocked }));
          if (c.dispute === 'LOST') {
            let taken = 0;
            give(parts, { kind: 'DISPUTE', disputeId: 'd1' }, (sellerId, amount) => (sellerId === 'mkt' ? (taken = Math.min(blocked, amount)) : 0));
            if (blocked > taken) book = post(book, release({ sellerId: 'mkt', disputeId: 'd1', transactionId: 'tx1', amount: blocked - taken }));
            left = 0;
          }
        }
        if (c.med && left > 0) {
          const parts = allocateReturn({ shares, returned, amount: left });
          give(parts, { kind: 'CHARGEBACK' });
          left = 0;
          if (c.medReversed) {
            for (const p of parts) {
              book = post(book, splitReturnReversal(origin, { kind: 'CHARGEBACK' }, p));
              returned.set(p.sellerId, returned.get(p.sellerId)! - p.amount);
              left += p.amount;
            }
          }
        }

        for (const s of shares) {
          const w = book.wallets.get(s.sellerId) ?? ZERO_BALANCES;
          const held = w.availablePix + w.availableBoleto + w.availableCard + w.blocked - owedInBook(book, s.sellerId);
          const back = returned.get(s.sellerId) ?? 0;
          expect(back).toBeLessThanOrEqual(s.gross);
          expect(held + withdrawn.get(s.sellerId)!).toBe(s.gross - back - s.fee);
          expect(w.availablePix).toBeGreaterThanOrEqual(0);
        }
        // No cent created or lost: every account together sums to zero, and the platform holds the fees.
        const balances = accountBalances(book);
        expect([...balances.values()].reduce((s, v) => s + v, 0)).toBe(0);
        expect(balances.get(PLATFORM_ACCOUNTS.fees) ?? 0).toBe(c.fee);
        const givenBack = [...returned.values()].reduce((s, v) => s + v, 0);
        expect(givenBack).toBe(c.amount - left);
        expect((balances.get(PLATFORM_ACCOUNTS.providerClearing) ?? 0) + c.amount - givenBack).toBe(0);
      }),
      { numRuns: 150 },
    );
  });
});
