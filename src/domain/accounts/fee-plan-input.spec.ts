import { describe, expect, it } from 'vitest';
import { feePlanOf } from './fee-plan-input';

const required = { pixInBasisPoints: 99, pixInFixedCents: 0, pixInMinimumCents: 50, withdrawalFixedCents: 200 };

describe('feePlanOf', () => {
  it('leaves out optional fees that are null or absent, so their defaults apply', () => {
    expect(feePlanOf({ ...required, boletoFixedCents: null, cardInBasisPoints: null })).toEqual(required);
    expect(Object.keys(feePlanOf({ ...required, cardInFixedCents: null }))).toEqual(Object.keys(required));
  });

  it('keeps optional fees given as numbers, zero included', () => {
    expect(feePlanOf({ ...required, boletoFixedCents: 0, cardInBasisPoints: 250, cardInFixedCents: 30 })).toEqual({
      ...required,
      boletoFixedCents: 0,
      cardInBasisPoints: 250,
      cardInFixedCents: 30,
    });
  });

  it('passes the required fees on as sent (the use case checks them)', () => {
    expect(feePlanOf({ ...required, pixInBasisPoints: -1 }).pixInBasisPoints).toBe(-1);
  });
});
