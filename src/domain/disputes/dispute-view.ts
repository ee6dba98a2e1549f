import type { Dispute } from './dispute.types';

/**
 * A dispute as the doors and webhooks show it. SPEC fixes `id`, `status` and
 * `appealReason`; the rest is ours. Optional fields are omitted when empty.
 */
export function disputeView(d: Dispute): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: d.id,
    transactionId: d.transactionId,
    status: d.status,
    origin: d.origin,
    amount: d.amount,
    blockedAmount: d.blockedAmount,
    owedAmount: d.owedAmount,
    appealDeadline: d.appealDeadline.toISOString(),
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
  if (d.appealReason !== null) view.appealReason = d.appealReason;
  if (d.appealedAt) view.appealedAt = d.appealedAt.toISOString();
  if (d.decidedAt) view.decidedAt = d.decidedAt.toISOString();
  return view;
}

/** SPEC's answer to an appeal (also what an idempotent replay returns). */
export function appealAnswer(d: Dispute, uploadedFiles: number) {
  return {
    status: true,
    data: { id: d.id, status: d.status, appealReason: d.appealReason },
    uploadedFiles,
    message: `Appeal received with ${uploadedFiles} file${uploadedFiles === 1 ? '' : 's'}; the dispute is under review`,
  };
}
