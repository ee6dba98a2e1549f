import type { SellerRepository } from '../../domain/accounts/accounts.ports';
import type { CycleCharges } from '../../domain/recurrences/recurrence-cycles.service';
import type { Clock } from '../../domain/shared/clock';
import type { TransactionsService } from '../../domain/transactions/transactions.service';

/**
 * A cycle's charge is an ordinary PIX charge of the seller (events, fee, ledger entries and
 * statement line when paid), linked to its recurrence and cycle number in its metadata,
 * open until the last day the payer's institution may settle it, and never paid by the
 * sandbox's timer: the payer's side answers it.
 */
export function cycleCharges(d: {
  transactions: TransactionsService;
  sellers: Pick<SellerRepository, 'findById'>;
  payCharge: (sellerId: string, transactionId: string) => Promise<unknown>;
  clock: Clock;
}): CycleCharges {
  return {
    forSeller: async (sellerId) => {
      const seller = await d.sellers.findById(sellerId);
      if (!seller) throw new Error(`seller ${sellerId} not found`);
      return async (r, cycle) => {
        const t = await d.transactions.open(seller, {
          amount: cycle.amount,
          paymentMethod: 'PIX',
          expirationSeconds: Math.max(1, Math.ceil((cycle.expiresAt.getTime() - d.clock.now().getTime()) / 1_000)),
          customer: { name: r.contract.payer.name, document: r.contract.payer.document, documentType: r.contract.payer.documentType },
          metadata: { recurrenceId: r.id, recurrenceCycle: cycle.number, dueDate: cycle.dueDate },
          description: `${r.contract.object ?? r.contract.number}: cycle ${cycle.number}`.slice(0, 140),
          merchantOrderId: null,
          postbackUrl: null,
        });
        return { id: t.id, write: (tx) => d.transactions.insert(tx, t, { autopay: false }) };
      };
    },
    pay: async (sellerId, transactionId) => {
      await d.payCharge(sellerId, transactionId);
    },
  };
}
