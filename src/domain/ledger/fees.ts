import { DEFAULT_FEE_PLAN, type FeePlan } from '../accounts/accounts.types';
import { basisPointsOf, type Cents } from '../shared/money';

/**
 * Fee rules, in integer cents. Rounding rule: the percentage part is rounded half up
 * to the cent (`basisPointsOf`: 0.5 cent becomes 1 cent), then the fixed part is
 * added and the minimum applied. A fee never exceeds the amount it is charged on, so
 * a credit is never negative. Defaults: DEFAULT_FEE_PLAN (accounts.types.ts); an
 * operator sets a seller's plan with `setSellerFeePlan`.
 */
export function pixCashInFee(plan: FeePlan, amount: Cents): Cents {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error('pixCashInFee needs a positive integer amount');
  const fee = Math.max(basisPointsOf(amount, plan.pixInBasisPoints) + plan.pixInFixedCents, plan.pixInMinimumCents);
  return Math.min(fee, amount);
}

/** The fixed fee per withdrawal, debited from the balance beside the amount (SPEC, Withdrawal). */
export function withdrawalFee(plan: FeePlan): Cents {
  return plan.withdrawalFixedCents;
}

/** The fixed fee of a paid boleto, never above the amount. */
export function boletoFee(plan: FeePlan, amount: Cents): Cents {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error('boletoFee needs a positive integer amount');
  return Math.min(plan.boletoFixedCents ?? DEFAULT_FEE_PLAN.boletoFixedCents!, amount);
}

/** The fee of an approved card payment: percentage (rounded half up) plus fixed, never above the amount. */
export function cardFee(plan: FeePlan, amount: Cents): Cents {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error('cardFee needs a positive integer amount');
  const bp = plan.cardInBasisPoints ?? DEFAULT_FEE_PLAN.cardInBasisPoints;
  const fixed = plan.cardInFixedCents ?? DEFAULT_FEE_PLAN.cardInFixedCents;
  return Math.min(basisPointsOf(amount, bp) + fixed, amount);
}
