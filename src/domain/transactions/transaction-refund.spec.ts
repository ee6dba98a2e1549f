import { describe, expect, it } from 'vitest';
import { assertRefundWindow, failedRefundFor, PIX_REFUND_WINDOW_MS, refundCommandFor } from './transaction-refund';

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

describe('assertRefundWindow', () => {
  const paidAt = new Date('2026-01-01T00:00:00Z');
  const at = (ms: number) => new Date(paidAt.getTime() + ms);

  it('a PIX payment is refundable up to 90 days after it was paid, not a millisecond more', () => {
    expect(() => assertRefundWindow({ method: 'PIX', paidAt, now: at(PIX_REFUND_WINDOW_MS) })).not.toThrow();
    expect(() => assertRefundWindow({ method: 'PIX', paidAt, now: at(PIX_REFUND_WINDOW_MS + 1) })).toThrow(
      expect.objectContaining({ code: 'REFUND_WINDOW_CLOSED', kind: 'UNPROCESSABLE' }),
    );
  });

  it('other methods are not bound by the Pix window', () => {
    expect(() => assertRefundWindow({ method: 'CARD', paidAt, now: at(PIX_REFUND_WINDOW_MS * 2) })).not.toThrow();
  });
});

describe('failedRefundFor', () => {
  it('the only refund failing leaves nothing refunded: back to PAID', () => {
    expect(failedRefundFor({ refundedSoFar: 400, failed: 400 })).toEqual({ command: 'REFUND_UNDONE', refundType: null, refundedAfter: 0 });
  });

  it('with other refunds standing, the rest stays refunded: PARTIALLY_REFUNDED', () => {
    expect(failedRefundFor({ refundedSoFar: 1000, failed: 300 })).toEqual({ command: 'REFUND_UNDONE_PARTIAL', refundType: 'PARTIAL', refundedAfter: 700 });
  });

  it('a failed refund larger than what was refunded is a programming error', () => {
    expect(() => failedRefundFor({ refundedSoFar: 100, failed: 101 })).toThrow();
    expect(() => failedRefundFor({ refundedSoFar: 100, failed: 0 })).toThrow();
  });
});
