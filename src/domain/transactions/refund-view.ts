import type { TransactionRefund } from './transaction.types';

/**
 * A refund as REST and GraphQL show it: where the devolução stands at the institution
 * (`REQUESTED`, `PROCESSING`, `RETURNED`, `FAILED`), its return id once known (API Pix
 * `rtrId`), and the institution's reason when it failed. Optional fields are omitted when empty.
 */
export function refundView(r: TransactionRefund): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: r.id,
    transactionId: r.transactionId,
    amount: r.amount,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
  if (r.rtrId) view.returnId = r.rtrId;
  if (r.failureReason) view.failureReason = r.failureReason;
  return view;
}
