import type { Seller } from '../accounts/accounts.types';
import type { Clock } from '../shared/clock';
import { totalAvailable, walletBalanceFields } from './journal-entry';
import type { LedgerRepository, StatementFilter } from './ledger.ports';
import type { Balance, StatementEntry, StatementSummary, Wallet } from './ledger.types';
import type { SellerDebtStore } from './seller-debt.ports';
import { ZERO_BALANCES } from './ledger.types';
import { cursorNotFound, parseDayRange, parseStatementQuery, utcDay, type RawStatementQuery } from './statement-query';

export const RECENT_MOVEMENTS = 10;

export interface StatementPage {
  items: StatementEntry[];
  /** Entries matching the filters (dates, operationType), independent of cursor and skip. */
  count: number;
  /** The page size and the offset applied after the cursor. */
  take: number;
  skip: number;
  hasNextPage: boolean;
  /** The cursor for the next page: the id of the last item. */
  endCursor: string | null;
}

export interface WalletServiceDeps {
  store: LedgerRepository;
  clock: Clock;
  /** Seller debts (seller-debt.ts), shown beside the balances; 0 when absent. */
  debts?: SellerDebtStore;
}

/** What a seller reads of its money: wallet, balance, statement and summary. */
export class WalletService {
  constructor(private readonly d: WalletServiceDeps) {}

  async wallet(seller: Seller): Promise<Wallet> {
    const [stored, recent, debt] = await Promise.all([
      this.d.store.wallet(seller.id),
      this.d.store.statementPage({ sellerId: seller.id, startDate: null, endDate: null, operationType: null }, null, 0, RECENT_MOVEMENTS),
      this.debt(seller.id),
    ]);
    const recentMovements = recent.entries;
    const w = stored ?? { ...ZERO_BALANCES, updatedAt: seller.createdAt };
    return { ...walletBalanceFields(w), balanceDebt: debt, updatedAt: w.updatedAt, recentMovements };
  }

  async balance(seller: Seller): Promise<Balance> {
    const [stored, debt] = await Promise.all([this.d.store.wallet(seller.id), this.debt(seller.id)]);
    const w = stored ?? ZERO_BALANCES;
    const available = totalAvailable(w);
    return { available, blocked: w.blocked, total: available + w.blocked, debt, currency: 'BRL' };
  }

  private debt(sellerId: string): Promise<number> {
    return this.d.debts ? this.d.debts.owed(sellerId) : Promise.resolve(0);
  }

  /** One page of the statement; see statement-query.ts for filters and cursor rules. */
  async statement(seller: Seller, raw: RawStatementQuery): Promise<StatementPage> {
    const q = parseStatementQuery(raw);
    const filter: StatementFilter = { sellerId: seller.id, startDate: q.startDate, endDate: q.endDate, operationType: q.operationType };
    const page = await this.d.store.statementPage(filter, q.cursor, q.skip, q.take + 1);
    if (!page.cursorFound) throw cursorNotFound();
    const items = page.entries.slice(0, q.take);
    return { items, count: page.count, take: q.take, skip: q.skip, hasNextPage: page.entries.length > q.take, endCursor: items.length > 0 ? items[items.length - 1]!.id : null };
  }

  /**
   * Totals over whole UTC days. totalCredits and totalDebits sum CREDIT and DEBIT
   * entries (fees are DEBIT entries, so they are inside totalDebits; fee refunds are
   * inside totalCredits); netBalance = totalCredits - totalDebits; totalFees = fees
   * charged minus fees returned. RETAINED / RELEASE_RETAINED move money between
   * available and blocked and are not credits or debits. Without startDate the period
   * starts at the first entry (today when there is none); without endDate it ends today.
   */
  async summary(seller: Seller, raw: { startDate?: unknown; endDate?: unknown }): Promise<StatementSummary> {
    const range = parseDayRange(raw);
    const today = utcDay(this.d.clock.now());
    let startDate = range.startDate ?? (await this.d.store.firstStatementDay(seller.id)) ?? today;
    const endDate = range.endDate ?? (today >= startDate ? today : startDate);
    if (!range.startDate && startDate > endDate) startDate = endDate;
    const t = await this.d.store.statementTotals(seller.id, { startDate, endDate });
    return {
      totalCredits: t.credits,
      totalDebits: t.debits,
      totalFees: t.feesCharged - t.feesReturned,
      netBalance: t.credits - t.debits,
      period: { startDate, endDate },
    };
  }
}
