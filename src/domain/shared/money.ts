import { validationError } from './errors';

/** Amounts are integer cents (BRL). No float ever represents money. */
export type Cents = number;

export function assertCents(value: unknown, field = 'amount'): Cents {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw validationError('INVALID_AMOUNT', `${field} must be an integer number of cents`, { field });
  }
  return value;
}

/**
 * Percentage of an amount in basis points, rounded half up to the cent
 * (the documented rounding rule for every fee).
 */
export function basisPointsOf(amount: Cents, basisPoints: number): Cents {
  if (!Number.isSafeInteger(amount) || !Number.isSafeInteger(basisPoints)) {
    throw new Error('basisPointsOf needs integers');
  }
  // BigInt keeps the product exact for any safe amount.
  const product = BigInt(amount) * BigInt(basisPoints);
  const half = product >= 0n ? 5_000n : -5_000n;
  return Number((product + half) / 10_000n);
}
