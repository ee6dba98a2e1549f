import type { PayoutOrder } from './withdrawals.ports';
import type { Withdrawal } from './withdrawal.types';

/** What the payment institution is told to send for a withdrawal. */
export function payoutOrderOf(w: Withdrawal): PayoutOrder {
  return {
    withdrawalId: w.id,
    amount: w.amount,
    pixKey: w.pixKey,
    pixKeyType: w.pixKeyType,
    beneficiaryName: w.beneficiary.name,
    beneficiaryDocumentNumber: w.beneficiary.documentNumber,
    description: w.description,
    createdAt: w.createdAt,
  };
}
