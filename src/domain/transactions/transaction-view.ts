import { dueDateChargeView } from '../due-date/due-date-view';
import { putMethodDetails } from './method-details-view';
import type { Transaction } from './transaction.types';

/**
 * The SPEC Transaction object: required fields always present, optional ones omitted
 * when empty (never null). Used by the REST door and as the webhook payload root.
 */
export function transactionView(t: Transaction): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: t.id,
    amount: t.amount,
    paymentMethod: t.paymentMethod,
    status: t.status,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    providerReference: t.providerReference,
  };
  const put = (key: string, value: unknown) => {
    if (value !== null && value !== undefined) view[key] = value;
  };
  put('paidAt', t.paidAt?.toISOString());
  put('customer', t.customer ? { ...t.customer } : null);
  put('metadata', t.metadata);
  put('description', t.description);
  put('merchantOrderId', t.merchantOrderId);
  put('postbackUrl', t.postbackUrl);
  if (t.pix) put('pix', { copyPaste: t.pix.copyPaste, qrCode: t.pix.qrCode, expiresAt: t.pix.expiresAt.toISOString() });
  if (t.dueDateCharge) put('dueDateCharge', dueDateChargeView(t.dueDateCharge));
  putMethodDetails(put, t);
  put('end2endId', t.end2endId);
  put('feeAmount', t.feeAmount);
  put('netAmount', t.netAmount);
  if (t.refundedAmount > 0) view.refundedAmount = t.refundedAmount;
  put('refundType', t.refundType);
  put('refusedReason', t.refusedReason);
  put('disputeId', t.disputeId);
  return view;
}
