import { validationError } from '../shared/errors';
import type { Cents } from '../shared/money';
import { proRata } from './pro-rata';
import type { PartyShare, SplitPlan } from './split.types';

/** A recipient's part before fees: its fixed amount, or its basis points of the amount rounded down to the cent. */
const recipientGross = (amount: Cents, r: SplitPlan['recipients'][number]): Cents =>
  r.amount ?? Number((BigInt(amount) * BigInt(r.basisPoints ?? 0)) / 10_000n);

/**
 * The rules of a split that need the charge's amount, checked at create: every
 * recipient's part is at least one cent, and the parts fit in the amount (the
 * marketplace keeps the rest, possibly nothing). The error names the instruction at fault.
 */
export function checkSplitFits(plan: SplitPlan, amount: Cents): void {
  let total = 0;
  for (const [i, r] of plan.recipients.entries()) {
    const at = `splits.recipients[${i}]`;
    const gross = recipientGross(amount, r);
    if (gross < 1) throw validationError('SPLIT_SHARE_TOO_SMALL', `${at}: ${r.basisPoints} basis points of ${amount} cents is less than one cent`, { field: at, index: i });
    total += gross;
    if (total > amount) {
      throw validationError('SPLIT_EXCEEDS_AMOUNT', `${at}: the recipients' parts reach ${total} cents, more than the amount of ${amount} cents`, {
        field: at,
        index: i,
        amount,
        total,
      });
    }
  }
}

/**
 * Who gets what of a paid split charge. Parties: the marketplace first, then the
 * recipients in instruction order. Rounding: a recipient's percentage is rounded down to
 * the cent and every cent left over is the marketplace's, so the parts always sum to the
 * amount and the same charge always splits the same way.
 *
 * The fee (on the whole amount, by the marketplace's plan) is taken from:
 * - MARKETPLACE: the marketplace;
 * - RECIPIENT: the named recipient;
 * - PRO_RATA: every party in proportion to its part (`proRata`: rounded down, leftover
 *   cents one each from the marketplace onwards).
 * A single payer whose part cannot bear the whole fee pays its part and the rest is
 * taken pro rata from the others. No party ever pays more than its part.
 */
export function allocateSplit(i: { amount: Cents; fee: Cents; marketplaceId: string; plan: SplitPlan }): PartyShare[] {
  const { amount, fee, plan } = i;
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`allocateSplit: amount ${amount} must be positive`);
  if (!Number.isSafeInteger(fee) || fee < 0 || fee > amount) throw new Error(`allocateSplit: fee ${fee} must be within 0 and the amount`);
  checkSplitFits(plan, amount);
  const recipients = plan.recipients.map((r) => recipientGross(amount, r));
  const grosses = [amount - recipients.reduce((s, g) => s + g, 0), ...recipients];
  const fees = feesOf(grosses, fee, payerIndex(plan));
  return grosses.map((gross, k) => ({
    sellerId: k === 0 ? i.marketplaceId : plan.recipients[k - 1]!.recipientId,
    role: k === 0 ? 'MARKETPLACE' : 'RECIPIENT',
    gross,
    fee: fees[k]!,
  }));
}

/** The party index (0: marketplace) that pays the whole fee, or null for PRO_RATA. */
function payerIndex(plan: SplitPlan): number | null {
  if (plan.feePayer === 'PRO_RATA') return null;
  if (plan.feePayer === 'MARKETPLACE') return 0;
  const k = plan.recipients.findIndex((r) => r.recipientId === plan.feeRecipientId);
  if (k < 0) throw new Error('allocateSplit: the fee-paying recipient is not among the recipients');
  return k + 1;
}

function feesOf(grosses: Cents[], fee: Cents, payer: number | null): Cents[] {
  if (payer === null) return proRata(fee, grosses);
  const own = Math.min(fee, grosses[payer]!);
  const others = proRata(
    fee - own,
    grosses.map((g, k) => (k === payer ? 0 : g)),
  );
  return others.map((f, k) => (k === payer ? own : f));
}
