import type { FeePlan } from './accounts.types';

/** A fee plan as an operator sends it: the optional fees are absent or null when the default applies. */
export interface FeePlanInput {
  pixInBasisPoints: number;
  pixInFixedCents: number;
  pixInMinimumCents: number;
  withdrawalFixedCents: number;
  boletoFixedCents?: number | null;
  cardInBasisPoints?: number | null;
  cardInFixedCents?: number | null;
}

const OPTIONAL_FEES = ['boletoFixedCents', 'cardInBasisPoints', 'cardInFixedCents'] as const;

/** The plan to store: an optional fee given as a number is kept, anything else is left out (the default applies). */
export function feePlanOf(input: FeePlanInput): FeePlan {
  const plan: FeePlan = {
    pixInBasisPoints: input.pixInBasisPoints,
    pixInFixedCents: input.pixInFixedCents,
    pixInMinimumCents: input.pixInMinimumCents,
    withdrawalFixedCents: input.withdrawalFixedCents,
  };
  for (const fee of OPTIONAL_FEES) {
    const v = input[fee];
    if (typeof v === 'number') plan[fee] = v;
  }
  return plan;
}
