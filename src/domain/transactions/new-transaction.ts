import type { Seller } from '../accounts/accounts.types';
import type { CreateTransactionInput } from './create-transaction.input';
import type { Transaction } from './transaction.types';

/** A fresh transaction: the common fields from the input; the method's own parts (pix, boleto, card) come in `t`. */
export function newTransaction(
  seller: Seller,
  input: CreateTransactionInput,
  t: Pick<Transaction, 'id' | 'paymentMethod' | 'status' | 'providerReference' | 'createdAt'> & Partial<Transaction>,
): Transaction {
  return {
    sellerId: seller.id,
    amount: input.amount,
    updatedAt: t.createdAt,
    txid: null,
    locationId: null,
    pix: null,
    boleto: null,
    card: null,
    dueDateCharge: null,
    paidAt: null,
    end2endId: null,
    feeAmount: null,
    netAmount: null,
    refundedAmount: 0,
    refundType: null,
    refusedReason: null,
    customer: input.customer,
    metadata: input.metadata,
    description: input.description,
    merchantOrderId: input.merchantOrderId,
    postbackUrl: input.postbackUrl,
    ...t,
  };
}
