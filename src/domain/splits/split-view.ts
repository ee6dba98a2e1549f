import type { SplitPlan } from './split.types';

/** A split plan as the API shows it: absent fields omitted, never null (as every REST view). */
export function splitPlanView(plan: SplitPlan): Record<string, unknown> {
  return {
    feePayer: plan.feePayer,
    ...(plan.feeRecipientId ? { feeRecipientId: plan.feeRecipientId } : {}),
    recipients: plan.recipients.map((r) => ({ recipientId: r.recipientId, ...(r.amount !== null ? { amount: r.amount } : { basisPoints: r.basisPoints }) })),
  };
}
