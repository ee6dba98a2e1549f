import type { FeePlan } from '../accounts/accounts.types';
import { boletoFee, cardFee } from '../ledger/fees';
import { methodCredit } from '../ledger/ledger-entries';
import type { LedgerService } from '../ledger/ledger.service';
import type { Tx } from '../shared/unit-of-work';
import type { Transaction } from './transaction.types';

/** A paid boleto (or a card payment reported PAID): credit to the method's balance with the plan's fee for it. */
export async function creditOtherMethod(ledger: Pick<LedgerService, 'postEntry'>, tx: Tx, t: Transaction, paidAt: Date, feePlan: FeePlan): Promise<void> {
  if (t.paymentMethod === 'PIX') throw new Error('PIX credits are posted by the reports service');
  const fee = t.paymentMethod === 'BOLETO' ? boletoFee(feePlan, t.amount) : cardFee(feePlan, t.amount);
  t.paidAt = paidAt;
  t.feeAmount = fee;
  t.netAmount = t.amount - fee;
  await ledger.postEntry(tx, methodCredit({ sellerId: t.sellerId, transactionId: t.id, amount: t.amount, fee, method: t.paymentMethod }));
}
