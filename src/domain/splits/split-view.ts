import type { StoredSplit } from './split-store';
import type { SplitPlan } from './split.types';

/** A split plan as the API shows it: absent fields omitted, never null (as every REST view). */
export function splitPlanView(plan: SplitPlan): Record<string, unknown> {
  return {
    feePayer: plan.feePayer,
    ...(plan.feeRecipientId ? { feeRecipientId: plan.feeRecipientId } : {}),
    recipients: plan.recipients.map((r) => ({ recipientId: r.recipientId, ...(r.amount !== null ? { amount: r.amount } : { basisPoints: r.basisPoints }) })),
  };
}

/**
 * The split of a charge as its marketplace reads it: the instructions, and once paid every
 * party's computed part (marketplace first, then the recipients in instruction order):
 * gross, fee and what refunds and returns took back.
 */
export function splitChargeView(s: StoredSplit): Record<string, unknown> {
  const paid = s.parties.every((p) => p.gross !== null && p.fee !== null);
  return {
    ...splitPlanView(s.plan),
    ...(paid ? { shares: s.parties.map((p) => ({ sellerId: p.sellerId, role: p.role, gross: p.gross, fee: p.fee, returned: p.returned })) } : {}),
  };
}
