import { describe, expect, it } from 'vitest';
import { refundCommandFor } from './transaction-refund';

describe('refundCommandFor', () => {
  it('a refund of the whole amount is total', () => {
    expect(refundCommandFor({ amount: 1000, refundedSoFar: 0, refund: 1000 })).toEqual({
      command: 'REFUND_TOTAL',
      refundType: 'FULL',
      refundedAfter: 1000,
    });
  });

  it('a refund that leaves something is partial', () => {
    expect(refundCommandFor({ amount: 1000, refundedSoFar: 0, refund: 400 })).toMatchObject({
      command: 'REFUND_PARTIAL',
      refundType: 'PARTIAL',
      refundedAfter: 400,
    });
  });

  it('the partial refund whose remainder hits zero is total', () => {
    expect(refundCommandFor({ amount: 1000, refundedSoFar: 600, refund: 400 }).command).toBe('REFUND_TOTAL');
  });

  it('refuses more than what remains, and non-positive or fractional refunds', () => {
    expect(() => refundCommandFor({ amount: 1000, refundedSoFar: 600, refund: 401 })).toThrow(
      expect.objectContaining({ code: 'REFUND_EXCEEDS_REMAINING', kind: 'UNPROCESSABLE' }),
    );
    for (const refund of [0, -1, 1.5, Number.NaN]) {
      expect(() => refundCommandFor({ amount: 1000, refundedSoFar: 0, refund })).toThrow(
        expect.objectContaining({ code: 'INVALID_REFUND_AMOUNT', kind: 'VALIDATION' }),
      );
    }
  });
});
