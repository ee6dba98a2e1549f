import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_FEE_PLAN, type FeePlan } from '../accounts/accounts.types';
import { boletoFee, cardFee, pixCashInFee, withdrawalFee } from './fees';

const plan = (p: Partial<FeePlan>): FeePlan => ({ ...DEFAULT_FEE_PLAN, ...p });

describe('fees', () => {
  it.each([
    // amount, bps, fixed, minimum -> fee   (percentage rounded half up to the cent)
    [10_000, 99, 0, 1, 99],
    [50, 99, 0, 1, 1], // 0.495 -> 0 (half up of 0.495 is 0), minimum 1
    [51, 99, 0, 1, 1], // 0.5049 -> 1
    [150, 100, 0, 0, 2], // 1.5 -> 2 (half up)
    [149, 100, 0, 0, 1], // 1.49 -> 1
    [1_000, 250, 30, 0, 55], // 25 + 30
    [100, 0, 0, 500, 100], // minimum larger than the amount: capped at the amount
    [1, 99, 0, 1, 1],
  ])('PIX cash-in fee of %i at %i bps + %i, min %i = %i', (amount, bps, fixed, min, fee) => {
    expect(pixCashInFee(plan({ pixInBasisPoints: bps, pixInFixedCents: fixed, pixInMinimumCents: min }), amount)).toBe(fee);
  });

  it('never exceeds the amount, never goes below the minimum (when the amount allows) and is an integer', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (amount, bps, fixed, min) => {
          const fee = pixCashInFee(plan({ pixInBasisPoints: bps, pixInFixedCents: fixed, pixInMinimumCents: min }), amount);
          expect(Number.isSafeInteger(fee)).toBe(true);
          expect(fee).toBeLessThanOrEqual(amount);
          expect(fee).toBeGreaterThanOrEqual(Math.min(min, amount));
          // exact half-up rounding of the percentage part, checked with BigInt
          const exact = (BigInt(amount) * BigInt(bps) * 2n + 10_000n) / 20_000n;
          expect(fee).toBe(Math.min(amount, Math.max(Number(exact) + fixed, min)));
        },
      ),
    );
  });

  it('refuses amounts that are not positive integers', () => {
    expect(() => pixCashInFee(DEFAULT_FEE_PLAN, 0)).toThrow();
    expect(() => pixCashInFee(DEFAULT_FEE_PLAN, 10.5)).toThrow();
  });

  it('withdrawal fee is the plan fixed fee', () => {
    expect(withdrawalFee(plan({ withdrawalFixedCents: 250 }))).toBe(250);
  });
});

describe('boleto and card fees', () => {
  it('charges the plan fixed boleto fee, capped at the amount, default R$ 3.00 for older plans', () => {
    expect(boletoFee(plan({ boletoFixedCents: 250 }), 10_000)).toBe(250);
    expect(boletoFee(plan({ boletoFixedCents: 250 }), 100)).toBe(100);
    expect(boletoFee({ pixInBasisPoints: 99, pixInFixedCents: 0, pixInMinimumCents: 1, withdrawalFixedCents: 100 }, 10_000)).toBe(300);
  });

  it('charges the card percentage rounded half up plus the fixed part', () => {
    expect(cardFee(plan({ cardInBasisPoints: 399, cardInFixedCents: 0 }), 10_000)).toBe(399);
    expect(cardFee(plan({ cardInBasisPoints: 399, cardInFixedCents: 30 }), 150)).toBe(36); // 5.985 -> 6, + 30
    expect(cardFee(plan({ cardInBasisPoints: 0, cardInFixedCents: 500 }), 100)).toBe(100);
  });
});
