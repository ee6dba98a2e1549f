import type { TransactionEventName } from '../events/event-catalogue';
import type { Seller } from '../accounts/accounts.types';
import { cardFee } from '../ledger/fees';
import { methodCredit } from '../ledger/ledger-entries';
import type { WithinTransaction } from '../shared/within-transaction';
import type { CreateTransactionInput } from '../transactions/create-transaction.input';
import { newTransaction } from '../transactions/new-transaction';
import { emitTransactionEvents } from '../transactions/transaction-events';
import type { InstitutionChargeReportsDeps } from '../transactions/institution-charge-reports.service';
import { applyTransactionCommand } from '../transactions/transaction-machine';
import { TRANSACTION_CREATED_EVENT, transactionEventName } from '../transactions/transaction-status';
import type { Transaction } from '../transactions/transaction.types';
import { cardBrand } from './card-brand';
import { assertNotExpired } from './card-input';
import type { CardFingerprinter } from './cards.ports';
import { sandboxCardOutcome } from './sandbox-test-cards';

/** What the report path needs to move a transaction and its money, plus the card's own ports. */
export interface CardPaymentsDeps extends InstitutionChargeReportsDeps {
  fingerprinter: CardFingerprinter;
  transactionId(): string;
}

/**
 * Card payments (sandbox): the simulated acquirer answers at once, so the create
 * returns the outcome. Approved: PAID, and the amount is credited to the CARD
 * available balance at once (no settlement delay in the sandbox), the plan's card
 * fee as a separate DEBIT. Refused: REFUSED with its `refusedReason`. The card number
 * and CVV never leave this call: the transaction keeps brand, last four digits, a
 * keyed fingerprint and the installments.
 */
export class CardPaymentsService {
  constructor(private readonly d: CardPaymentsDeps) {}

  async create(seller: Seller, input: CreateTransactionInput, withinTransaction?: WithinTransaction<Transaction>): Promise<Transaction> {
    if (!input.card) throw new Error('a card create needs its card fields');
    const { card, installments } = input.card;
    const now = this.d.clock.now();
    assertNotExpired(card, now);
    const outcome = sandboxCardOutcome(card.number);
    const id = this.d.transactionId();
    const t = newTransaction(seller, input, {
      id,
      paymentMethod: 'CARD',
      status: 'PENDING',
      providerReference: `card_${id}`,
      createdAt: now,
      card: { brand: cardBrand(card.number), last4: card.number.slice(-4), fingerprint: this.d.fingerprinter.fingerprint(card.number), installments },
    });
    const events: TransactionEventName[] = [TRANSACTION_CREATED_EVENT];
    if (outcome.approved) {
      t.status = applyTransactionCommand(t.status, 'PAY').to;
      t.paidAt = now;
      t.feeAmount = cardFee(seller.feePlan, t.amount);
      t.netAmount = t.amount - t.feeAmount;
    } else {
      // The acquirer's refusal is its answer (as an institution report would be), not one of our commands.
      t.status = 'REFUSED';
      t.refusedReason = outcome.reason;
    }
    events.push(transactionEventName(t.status));
    await this.d.uow.run(async (tx) => {
      await this.d.repo.insert(tx, t);
      if (outcome.approved) {
        await this.d.ledger.postEntry(tx, methodCredit({ sellerId: seller.id, transactionId: t.id, amount: t.amount, fee: t.feeAmount ?? 0, method: 'CARD' }));
      }
      await emitTransactionEvents(this.d, tx, t, events);
      await withinTransaction?.(tx, t);
    });
    return t;
  }
}
