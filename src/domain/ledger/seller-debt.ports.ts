import type { Cents } from '../shared/money';
import type { Tx } from '../shared/unit-of-work';
import type { SellerBalances } from './ledger.types';

/** The seller's balances and debt, for the forced debits of disputes and returns. */
export interface SellerDebtStore {
  /** Row-locks the seller's wallet until tx ends and returns its balances and debt. */
  lockBalances(tx: Tx, sellerId: string): Promise<{ balances: SellerBalances; debt: Cents }>;
  /** The debt as tx sees it (callers hold the wallet row lock). */
  owedIn(tx: Tx, sellerId: string): Promise<Cents>;
  /** The debt now, outside any transaction. */
  owed(sellerId: string): Promise<Cents>;
}
