import type { LedgerRepository, PostResult, PostStatus, StatementFilter, StatementPageRows, StatementTotals } from '../../domain/ledger/ledger.ports';
import type { JournalEntryDraft, PaidAmountComponents, StatementEntry, StatementType, StoredWallet } from '../../domain/ledger/ledger.types';
import { STATEMENT_DESCRIPTIONS } from '../../domain/ledger/statement-descriptions';
import { endOfUtcDayExclusive, startOfUtcDay, type DayRange } from '../../domain/ledger/statement-query';
import type { Tx } from '../../domain/shared/unit-of-work';
import type { Sql } from '../db/sql';
import { sqlTx } from '../db/unit-of-work';
import { cents, date, day } from './sql-values';

type Row = Record<string, unknown>;

/**
 * The same call as a named prepared statement on the transaction's pg connection:
 * parsed once per connection. Give it a new name whenever ledger_post's signature or
 * result columns change, so pooled connections do not reuse a stale statement.
 */
const POST_PREPARED = {
  name: 'ledger_post_v1',
  text: `select * from ledger_post($1, $2, $3, $4, $5, $6, $7::jsonb, $8::timestamptz,
    $9::text[], $10::bigint[], $11::text[], $12::bigint[], $13::boolean[], $14::text[])`,
};

const STATUSES: readonly PostStatus[] = ['POSTED', 'DUPLICATE', 'INSUFFICIENT', 'CONFLICT'];

function walletOf(r: Row): StoredWallet | null {
  if (r.updated_at === null || r.updated_at === undefined) return null;
  return {
    availablePix: cents(r.available_pix),
    availableBoleto: cents(r.available_boleto),
    availableCard: cents(r.available_card),
    blocked: cents(r.blocked),
    updatedAt: date(r.updated_at),
  };
}

function entryOf(r: Row): StatementEntry {
  const e: StatementEntry = {
    id: String(r.id),
    amount: cents(r.amount),
    type: r.type as StatementType,
    description: String(r.description),
    createdAt: date(r.created_at),
  };
  if (r.transaction_id !== null && r.transaction_id !== undefined) e.transactionId = String(r.transaction_id);
  if (r.withdrawal_id !== null && r.withdrawal_id !== undefined) e.withdrawalId = String(r.withdrawal_id);
  if (r.amount_components !== null && r.amount_components !== undefined) e.amountComponents = paidComponentsOf(r.amount_components as Row);
  return e;
}

/** A constant as a SQL string literal. */
const sqlText = (s: string): string => s.replace(/'/g, "''");

function paidComponentsOf(c: Row): PaidAmountComponents {
  return { original: cents(c.original), fine: cents(c.fine), interest: cents(c.interest), abatement: cents(c.abatement), discount: cents(c.discount) };
}

/**
 * The components of a due-date charge's payment, beside the credit line of its payment
 * only (not its fee, refunds or reversals): a PIX payment's credit is the one line with
 * its description, so one primary-key lookup of the transaction per such line, no more.
 */
const PAID_COMPONENTS = `case when p.type = 'CREDIT' and p.description = '${sqlText(STATEMENT_DESCRIPTIONS.pixReceived)}' then (
    select t.due_date_charge->'paid' from transactions t where t.id = p.transaction_id and t.seller_id = p.seller_id) end`;

/** The ledger_post call for a draft, as a named prepared statement (node-postgres query config). */
export function ledgerPostCall(draft: JournalEntryDraft, at: Date): { name: string; text: string; values: unknown[] } {
  return {
    ...POST_PREPARED,
    values: [
      draft.reference,
      draft.kind,
      draft.sellerId,
      draft.transactionId,
      draft.withdrawalId,
      draft.description,
      draft.metadata === null ? null : JSON.stringify(draft.metadata),
      at,
      draft.postings.map((p) => p.account),
      draft.postings.map((p) => p.amount),
      draft.lines.map((l) => l.type),
      draft.lines.map((l) => l.amount),
      draft.lines.map((l) => l.fee),
      draft.lines.map((l) => l.description),
    ],
  };
}

/** Reads ledger_post's answer row. */
export function postResultOf(r: Row | undefined): PostResult {
  if (!r || !STATUSES.includes(r.r_status as PostStatus)) throw new Error(`ledger_post returned ${JSON.stringify(r)}`);
  return {
    status: r.r_status as PostStatus,
    entryId: r.r_entry_id === null ? null : String(r.r_entry_id),
    createdAt: r.r_created_at === null ? null : date(r.r_created_at),
    wallet: walletOf({
      available_pix: r.r_available_pix,
      available_boleto: r.r_available_boleto,
      available_card: r.r_available_card,
      blocked: r.r_blocked,
      updated_at: r.r_wallet_updated_at,
    }),
  };
}

/**
 * The ledger on PostgreSQL. A posting is one call of the `ledger_post` SQL function
 * (see Migration20261121010000Ledger) inside the caller's transaction, as a named
 * prepared statement on the transaction's connection. Reads run on their own
 * connection, outside any transaction.
 */
export class SqlLedgerRepository implements LedgerRepository {
  constructor(
    private readonly sql: Sql,
    /** Each journal entry once its transaction committed (metrics). */
    private readonly onPosted: (kind: string) => void = () => undefined,
  ) {}

  private read(sql: string, params: unknown[] = []): Promise<Row[]> {
    return this.sql.query<Row>(sql, params);
  }

  async post(tx: Tx, draft: JournalEntryDraft, at: Date): Promise<PostResult> {
    const rows = await sqlTx(tx).execute(ledgerPostCall(draft, at));
    return this.resultOf(tx, draft, rows[0]);
  }

  async postAll(tx: Tx, drafts: readonly JournalEntryDraft[], at: Date): Promise<PostResult[]> {
    const answers = await sqlTx(tx).executeAll<Row>(drafts.map((d) => ledgerPostCall(d, at)));
    return drafts.map((d, i) => this.resultOf(tx, d, answers[i]![0]));
  }

  private resultOf(tx: Tx, draft: JournalEntryDraft, row: Row | undefined): PostResult {
    const result = postResultOf(row);
    if (result.status === 'POSTED') tx.afterCommit(() => this.onPosted(draft.kind));
    return result;
  }

  async wallet(sellerId: string): Promise<StoredWallet | null> {
    const rows = await this.read(
      'select available_pix, available_boleto, available_card, blocked, updated_at from ledger_wallets where seller_id = ?',
      [sellerId],
    );
    return rows[0] ? walletOf(rows[0]) : null;
  }

  async statementPage(filter: StatementFilter, afterId: string | null, skip: number, limit: number): Promise<StatementPageRows> {
    // One statement, one round trip: cursor check, total from the daily aggregates, and
    // the page. Keyset: strictly after the cursor in (created_at desc, id desc) order;
    // the cursor's created_at comes from an InitPlan (no timestamp round trip through
    // JS), so the row comparison is an index condition on (seller_id[, type], created_at, id).
    const params: unknown[] = [];
    let found = 'true';
    if (afterId) {
      found = 'exists (select 1 from ledger_statement_lines c where c.id = ?::bigint and c.seller_id = ?)';
      params.push(afterId, filter.sellerId);
    }
    const totalWhere: string[] = ['d.seller_id = ?'];
    params.push(filter.sellerId);
    if (filter.operationType) {
      totalWhere.push('d.type = ?');
      params.push(filter.operationType);
    }
    if (filter.startDate) {
      totalWhere.push('d.day >= ?::date');
      params.push(filter.startDate);
    }
    if (filter.endDate) {
      totalWhere.push('d.day <= ?::date');
      params.push(filter.endDate);
    }
    const where: string[] = ['l.seller_id = ?'];
    params.push(filter.sellerId);
    if (afterId) {
      where.push('(l.created_at, l.id) < ((select c.created_at from ledger_statement_lines c where c.id = ?::bigint and c.seller_id = ?), ?::bigint)');
      params.push(afterId, filter.sellerId, afterId);
    }
    if (filter.operationType) {
      where.push('l.type = ?');
      params.push(filter.operationType);
    }
    if (filter.startDate) {
      where.push('l.created_at >= ?::timestamptz');
      params.push(startOfUtcDay(filter.startDate));
    }
    if (filter.endDate) {
      where.push('l.created_at < ?::timestamptz');
      params.push(endOfUtcDayExclusive(filter.endDate));
    }
    params.push(limit, skip);
    const rows = await this.read(
      `select ${found} as cursor_found,
              (select coalesce(sum(d.entries), 0) from ledger_statement_daily d where ${totalWhere.join(' and ')}) as total,
              p.id, p.amount, p.type, p.description, p.transaction_id, p.withdrawal_id, p.created_at,
              ${PAID_COMPONENTS} as amount_components
         from (select 1) one
         left join (
           select l.id, l.seller_id, l.amount, l.type, l.description, l.transaction_id, l.withdrawal_id, l.created_at
             from ledger_statement_lines l
            where ${where.join(' and ')}
            order by l.created_at desc, l.id desc
            limit ? offset ?
         ) p on true
        order by p.created_at desc, p.id desc`,
      params,
    );
    const first = rows[0];
    return {
      cursorFound: first?.cursor_found === true,
      count: cents(first?.total ?? 0),
      entries: rows.filter((r) => r.id !== null && r.id !== undefined).map(entryOf),
    };
  }

  private days(range: DayRange, where: string[], params: unknown[]): void {
    if (range.startDate) {
      where.push('day >= ?::date');
      params.push(range.startDate);
    }
    if (range.endDate) {
      where.push('day <= ?::date');
      params.push(range.endDate);
    }
  }

  async statementTotals(sellerId: string, range: DayRange): Promise<StatementTotals> {
    const where: string[] = ['seller_id = ?'];
    const params: unknown[] = [sellerId];
    this.days(range, where, params);
    const rows = await this.read(
      `select coalesce(sum(total) filter (where type = 'CREDIT'), 0) as credits,
              coalesce(sum(total) filter (where type = 'DEBIT'), 0) as debits,
              coalesce(sum(total) filter (where type = 'DEBIT' and fee), 0) as fees_charged,
              coalesce(sum(total) filter (where type = 'CREDIT' and fee), 0) as fees_returned
         from ledger_statement_daily where ${where.join(' and ')}`,
      params,
    );
    const r = rows[0] ?? {};
    return { credits: cents(r.credits ?? 0), debits: cents(r.debits ?? 0), feesCharged: cents(r.fees_charged ?? 0), feesReturned: cents(r.fees_returned ?? 0) };
  }

  async firstStatementDay(sellerId: string): Promise<string | null> {
    const rows = await this.read('select min(day)::text as day from ledger_statement_daily where seller_id = ?', [sellerId]);
    return rows[0]?.day ? day(rows[0].day) : null;
  }

  async platformBalances(): Promise<{ account: string; balance: number }[]> {
    const rows = await this.read(
      "select account, sum(amount) as balance from ledger_postings where account like 'platform:%' group by account order by account",
    );
    return rows.map((r) => ({ account: String(r.account), balance: cents(r.balance) }));
  }
}
