import { describe, expect, it } from 'vitest';
import { allocateSplit, checkSplitFits } from './split-allocation';
import { proRata } from './pro-rata';
import type { SplitPlan } from './split.types';

const plan = (p: Partial<SplitPlan> & Pick<SplitPlan, 'recipients'>): SplitPlan => ({ feePayer: 'MARKETPLACE', feeRecipientId: null, ...p });
const fixed = (recipientId: string, amount: number) => ({ recipientId, amount, basisPoints: null });
const pct = (recipientId: string, basisPoints: number) => ({ recipientId, amount: null, basisPoints });

describe('proRata', () => {
  it('rounds down and gives the leftover cents one each from the first party on', () => {
    expect(proRata(10, [10, 10, 10])).toEqual([4, 3, 3]);
    expect(proRata(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(proRata(5, [3, 3, 3])).toEqual([2, 2, 1]);
    expect(proRata(0, [5, 5])).toEqual([0, 0]);
  });
  it('never gives a party more than its capacity', () => {
    expect(proRata(3, [0, 1, 2])).toEqual([0, 1, 2]);
    expect(proRata(1, [0, 3, 3])).toEqual([0, 1, 0]);
    expect(() => proRata(7, [3, 3])).toThrow();
  });
});

describe('allocateSplit', () => {
  it('rounds every percentage down and gives every leftover cent to the marketplace', () => {
    // 33.33 % of 1001 cents is 333.63: each recipient gets 333, the marketplace 1001 - 666 = 335.
    const shares = allocateSplit({ amount: 1001, fee: 0, marketplaceId: 'm', plan: plan({ recipients: [pct('a', 3333), pct('b', 3333)] }) });
    expect(shares.map((s) => [s.sellerId, s.role, s.gross])).toEqual([
      ['m', 'MARKETPLACE', 335],
      ['a', 'RECIPIENT', 333],
      ['b', 'RECIPIENT', 333],
    ]);
  });

  it('charges the fee to the marketplace, to a named recipient, or pro rata', () => {
    const recipients = [fixed('a', 600), pct('b', 2000)]; // a 600, b 200, marketplace 200 of 1000
    const fees = (p: Partial<SplitPlan>) => allocateSplit({ amount: 1000, fee: 10, marketplaceId: 'm', plan: plan({ recipients, ...p }) }).map((s) => s.fee);
    expect(fees({ feePayer: 'MARKETPLACE' })).toEqual([10, 0, 0]);
    expect(fees({ feePayer: 'RECIPIENT', feeRecipientId: 'b' })).toEqual([0, 0, 10]);
    expect(fees({ feePayer: 'PRO_RATA' })).toEqual([2, 6, 2]);
  });

  it('takes what a single payer cannot bear pro rata from the others', () => {
    const shares = allocateSplit({ amount: 100, fee: 10, marketplaceId: 'm', plan: plan({ recipients: [fixed('a', 96), fixed('b', 1)] }) });
    expect(shares.map((s) => [s.gross, s.fee])).toEqual([
      [3, 3],
      [96, 7],
      [1, 0],
    ]);
  });

  it('gives the same answer every time', () => {
    const input = { amount: 98_765, fee: 978, marketplaceId: 'm', plan: plan({ feePayer: 'PRO_RATA', recipients: [pct('a', 1234), pct('b', 4321), fixed('c', 777)] }) };
    expect(allocateSplit(input)).toEqual(allocateSplit(structuredClone(input)));
  });

  it('refuses parts that do not fit, naming the instruction', () => {
    expect(() => checkSplitFits(plan({ recipients: [fixed('a', 600), fixed('b', 401)] }), 1000)).toThrow(
      expect.objectContaining({ code: 'SPLIT_EXCEEDS_AMOUNT', details: expect.objectContaining({ field: 'splits.recipients[1]' }) }),
    );
    expect(() => checkSplitFits(plan({ recipients: [pct('a', 1)] }), 99)).toThrow(expect.objectContaining({ code: 'SPLIT_SHARE_TOO_SMALL' }));
    expect(() => checkSplitFits(plan({ recipients: [fixed('a', 1000)] }), 1000)).not.toThrow();
  });
});
