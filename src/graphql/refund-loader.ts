import DataLoader from 'dataloader';
import type { TransactionRefund } from '../domain/transactions/transaction.types';
import type { TransactionsService } from '../domain/transactions/transactions.service';

/**
 * A transaction's refunds as GraphQL resolves them: the `refunds` of every transaction in
 * one answer (a page of 100, say) are read together, one query per seller, instead of one
 * query per transaction. Nothing is cached, only batched: an operation may hold several
 * mutations, run one after the other, and a refund made by the second must be in its answer
 * even when the first's answer read the same transaction's refunds.
 */
export class RefundLoader {
  private readonly bySeller = new Map<string, DataLoader<string, TransactionRefund[]>>();

  constructor(private readonly transactions: Pick<TransactionsService, 'refundsOf'>) {}

  /** The refunds of one of the seller's transactions (already read for this seller), oldest first. */
  load(sellerId: string, transactionId: string): Promise<TransactionRefund[]> {
    let loader = this.bySeller.get(sellerId);
    if (!loader) {
      loader = new DataLoader(
        async (ids) => {
          const byTransaction = await this.transactions.refundsOf(sellerId, ids);
          return ids.map((id) => byTransaction.get(id) ?? []);
        },
        { cache: false },
      );
      this.bySeller.set(sellerId, loader);
    }
    return loader.load(transactionId);
  }
}
