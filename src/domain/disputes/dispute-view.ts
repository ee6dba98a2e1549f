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

/** An appeal as both doors answer it and as its idempotent answer is stored: the dispute's SPEC fields and the files received. */
export type AppealView = { id: string; status: string; appealReason: string | null; uploadedFiles: number };

export const appealView = (d: Dispute, uploadedFiles: number): AppealView => ({ id: d.id, status: d.status, appealReason: d.appealReason, uploadedFiles });

export const appealMessage = (uploadedFiles: number) => `Appeal received with ${uploadedFiles} file${uploadedFiles === 1 ? '' : 's'}; the dispute is under review`;

/** SPEC's REST answer to an appeal. */
export function appealAnswer(v: AppealView) {
  return {
    status: true,
    data: { id: v.id, status: v.status, appealReason: v.appealReason },
    uploadedFiles: v.uploadedFiles,
    message: appealMessage(v.uploadedFiles),
  };
}
