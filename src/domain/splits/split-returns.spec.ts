import { describe, expect, it } from 'vitest';
import { allocateReturn } from './split-returns';
import type { PartyShare } from './split.types';

const shares: PartyShare[] = [
  { sellerId: 'm', role: 'MARKETPLACE', gross: 500, fee: 10 },
  { sellerId: 'a', role: 'RECIPIENT', gross: 300, fee: 0 },
  { sellerId: 'b', role: 'RECIPIENT', gross: 200, fee: 0 },
];
const none = new Map<string, number>();

describe('allocateReturn', () => {
  it('reverses every part on a full refund', () => {
    expect(allocateReturn({ shares, returned: none, amount: 1000 })).toEqual([
      { sellerId: 'm', amount: 500 },
      { sellerId: 'a', amount: 300 },
      { sellerId: 'b', amount: 200 },
    ]);
  });

  it('spreads a partial refund pro rata, and the last refund takes exactly what is left', () => {
    expect(allocateReturn({ shares, returned: none, amount: 101 })).toEqual([
      { sellerId: 'm', amount: 51 },
      { sellerId: 'a', amount: 30 },
      { sellerId: 'b', amount: 20 },
    ]);
    const returned = new Map([
      ['m', 51],
      ['a', 30],
      ['b', 20],
    ]);
    expect(allocateReturn({ shares, returned, amount: 899 })).toEqual([
      { sellerId: 'm', amount: 449 },
      { sellerId: 'a', amount: 270 },
      { sellerId: 'b', amount: 180 },
    ]);
  });

  it('takes explicit parts from the named recipients and the rest from the marketplace', () => {
    expect(allocateReturn({ shares, returned: none, amount: 250, explicit: [{ recipientId: 'b', amount: 200 }] })).toEqual([
      { sellerId: 'm', amount: 50 },
      { sellerId: 'b', amount: 200 },
    ]);
    expect(() => allocateReturn({ shares, returned: none, amount: 250, explicit: [{ recipientId: 'b', amount: 201 }] })).toThrow(
      expect.objectContaining({ code: 'SPLIT_REFUND_EXCEEDS_SHARE', details: { field: 'splits[0].amount' } }),
    );
    expect(() => allocateReturn({ shares, returned: none, amount: 900, explicit: [{ recipientId: 'a', amount: 1 }] })).toThrow(
      expect.objectContaining({ code: 'SPLIT_REFUND_EXCEEDS_SHARE' }),
    );
    expect(() => allocateReturn({ shares, returned: none, amount: 10, explicit: [{ recipientId: 'm', amount: 1 }] })).toThrow(
      expect.objectContaining({ code: 'SPLIT_REFUND_UNKNOWN_RECIPIENT' }),
    );
  });

  it('refuses more than is left', () => {
    expect(() => allocateReturn({ shares, returned: new Map([['m', 1]]), amount: 1000 })).toThrow(expect.objectContaining({ code: 'REFUND_EXCEEDS_REMAINING' }));
  });
});
