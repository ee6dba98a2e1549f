import type { SellerDebtStore } from '../../domain/ledger/seller-debt.ports';
import { debtAccount } from '../../domain/ledger/ledger-accounts';
import type { Tx } from '../../domain/shared/unit-of-work';
import type { Sql } from '../db/sql';
import { cents } from './sql-values';

const OWED = `select coalesce(-sum(amount), 0) as owed from ledger_postings where account = ? and account like 'debt:%'`;

/** Seller debts on PostgreSQL: the debt account's balance from its postings (partial index). */
export class SqlSellerDebtStore implements SellerDebtStore {
  constructor(private readonly sql: Sql) {}

  async lockBalances(tx: Tx, sellerId: string) {
    const w = await this.sql.one<Record<string, unknown>>(
      `select available_pix, available_boleto, available_card, blocked from ledger_wallets where seller_id = ? for update`,
      [sellerId],
      tx,
    );
    const debt = await this.owedIn(tx, sellerId);
    return {
      balances: {
        availablePix: cents(w?.available_pix ?? 0),
        availableBoleto: cents(w?.available_boleto ?? 0),
        availableCard: cents(w?.available_card ?? 0),
        blocked: cents(w?.blocked ?? 0),
      },
      debt,
    };
  }

  async owedIn(tx: Tx, sellerId: string): Promise<number> {
    return cents((await this.sql.one<{ owed: unknown }>(OWED, [debtAccount(sellerId)], tx))?.owed ?? 0);
  }

  async owed(sellerId: string): Promise<number> {
    return cents((await this.sql.one<{ owed: unknown }>(OWED, [debtAccount(sellerId)]))?.owed ?? 0);
  }
}
