import { describe, expect, it } from 'vitest';
import { DIFFERENCES_TAKE_DEFAULT } from './difference-page';
import { parsePayoutDifferencePageQuery, payoutDifferencePage } from './payout-difference-page';
import { type LedgerPayoutRow, type PayoutDifference, payoutReconciliation, type PspSentPayout } from './payout-reconciliation';

const psp = (id: string, status: PspSentPayout['status'], cents = 1_000): PspSentPayout => ({ pspPayoutId: id, endToEndId: `E${id}`, cents, status });
const ours = (id: string, o: Partial<LedgerPayoutRow> = {}): LedgerPayoutRow => ({ withdrawalId: id.slice(1), pspPayoutId: id, cents: 1_000, end2end: null, debits: 1, settlements: 0, refunds: 0, ...o });

/** Seven differences, two of them on one payout (Wd: another amount, debited twice), one without an end-to-end id (We). */
const DAY = payoutReconciliation(
  [psp('Wx', 'PAID'), psp('Wa', 'PAID'), psp('Wb', 'FAILED'), psp('Wc', 'FAILED'), psp('Wd', 'PAID', 999)],
  [ours('Wa'), ours('Wb', { settlements: 1 }), ours('Wc'), ours('Wd', { settlements: 1, debits: 2 }), ours('We')],
).differences;

const ids = (ds: PayoutDifference[]) => ds.map((d) => `${d.pspPayoutId} ${d.kind}`);
const parse = (raw: { take?: unknown; cursor?: unknown }) => parsePayoutDifferencePageQuery(raw);

describe('a page of the payout differences', () => {
  it('pages by cursor until the last, each difference once, the two of one payout split across pages', () => {
    expect(DAY).toHaveLength(7);
    const seen: PayoutDifference[] = [];
    let cursor: string | null = null;
    for (let n = 0; n < 10; n++) {
      const page = payoutDifferencePage(DAY, parse({ take: 2, cursor }));
      expect(page).toMatchObject({ total: 7, take: 2, skip: seen.length });
      seen.push(...page.items);
      cursor = page.endCursor;
      if (!page.hasNextPage) break;
    }
    expect(ids(seen)).toEqual(ids(DAY));
    expect(ids(seen)).toEqual(['Wa PAID_NOT_SETTLED', 'Wb SETTLED_NOT_PAID', 'Wc FAILED_NOT_REFUNDED', 'Wd AMOUNT_DIFFERS', 'Wd DEBITED_TWICE', 'Wx NOT_OURS', 'We NOT_AT_PSP']);
    // We has no end-to-end id yet: it sorts by its identifier at the PSP.
    // A page of four ends between the two differences of Wd: the next starts at its second.
    const four = payoutDifferencePage(DAY, parse({ take: 4 }));
    expect(ids(payoutDifferencePage(DAY, parse({ take: 1, cursor: four.endCursor })).items)).toEqual(['Wd DEBITED_TWICE']);
    expect(payoutDifferencePage(DAY, parse({ take: 10, cursor: payoutDifferencePage(DAY, parse({ take: 7 })).endCursor }))).toMatchObject({ items: [], hasNextPage: false, endCursor: null });
  });

  it("a cursor whose difference is gone (mended meanwhile) pages from where it sorts", () => {
    const cursor = payoutDifferencePage(DAY, parse({ take: 3 })).endCursor; // after Wc
    const mended = DAY.filter((d) => d.pspPayoutId !== 'Wc');
    expect(ids(payoutDifferencePage(mended, parse({ take: 10, cursor })).items)).toEqual(['Wd AMOUNT_DIFFERS', 'Wd DEBITED_TWICE', 'Wx NOT_OURS', 'We NOT_AT_PSP']);
    expect(payoutDifferencePage([], parse({}))).toEqual({ items: [], total: 0, take: DIFFERENCES_TAKE_DEFAULT, skip: 0, hasNextPage: false, endCursor: null });
  });

  it('takes 100 by default and at most 1,000; a cursor must be an endCursor of this list', () => {
    expect(parse({})).toEqual({ take: DIFFERENCES_TAKE_DEFAULT, cursor: null });
    expect(parse({ take: 1000 }).take).toBe(1000);
    expect(() => parse({ take: 1001 })).toThrow(expect.objectContaining({ code: 'INVALID_TAKE' }));
    expect(() => parse({ take: 0 })).toThrow(expect.objectContaining({ code: 'INVALID_TAKE' }));
    expect(() => parse({ cursor: 'not a cursor!' })).toThrow(expect.objectContaining({ code: 'INVALID_CURSOR' }));
    // The received Pix part's cursor (an end-to-end id) is not one of these.
    expect(() => parse({ cursor: 'E12345678202611271200abcdefghijk' })).toThrow(expect.objectContaining({ code: 'INVALID_CURSOR' }));
    expect(() => parse({ cursor: Buffer.from('E1\u0000W1\u0000NOT_A_KIND').toString('base64url') })).toThrow(expect.objectContaining({ code: 'INVALID_CURSOR' }));
  });
});
