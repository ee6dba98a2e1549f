import type { Withdrawal } from './withdrawal.types';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/**
 * The SPEC Withdrawal object, exactly the documented fields, in the documented order;
 * `end2end`, `approvedAt`, `processedAt` and `metadata` are null when empty. The
 * answer of POST /api/v1/cobranca/withdrawals.
 */
export function withdrawalView(w: Withdrawal): Record<string, unknown> {
  return {
    id: w.id,
    amount: w.amount,
    method: w.method,
    pixKey: w.pixKey,
    pixKeyType: w.pixKeyType,
    status: w.status,
    end2end: w.end2end,
    approvedAt: iso(w.approvedAt),
    processedAt: iso(w.processedAt),
    metadata: w.metadata && Object.keys(w.metadata).length > 0 ? w.metadata : null,
    createdAt: w.createdAt.toISOString(),
  };
}

const SPEC_FIELDS = ['id', 'amount', 'method', 'pixKey', 'pixKeyType', 'status', 'end2end', 'approvedAt', 'processedAt', 'metadata', 'createdAt'] as const;

/** The SPEC fields of a withdrawal's view (detailed or not), in the documented order: what `withdrawalView` holds. */
export function withdrawalSpecFields(view: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(SPEC_FIELDS.map((k) => [k, view[k]]));
}

/**
 * The SPEC fields plus the fee values and the rest of what we know (null when empty):
 * GET by id, list items, webhook payloads and the GraphQL type.
 * `feeAmount` is the plan fee debited beside `amount`; `totalAmount` = amount + fee,
 * what left the available balance.
 */
export type WithdrawalDetailView = Record<string, unknown>;

export function withdrawalDetailView(w: Withdrawal): WithdrawalDetailView {
  return {
    ...withdrawalView(w),
    feeAmount: w.feeAmount,
    totalAmount: w.amount + w.feeAmount,
    description: w.description,
    externalReference: w.externalReference,
    beneficiaryName: w.beneficiary.name,
    beneficiaryDocumentType: w.beneficiary.documentType,
    beneficiaryDocumentNumber: w.beneficiary.documentNumber,
    failureReason: w.failureReason,
    waitingReason: w.waitingReason,
    updatedAt: w.updatedAt.toISOString(),
  };
}
