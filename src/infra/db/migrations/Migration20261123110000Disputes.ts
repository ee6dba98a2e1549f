import { Migration } from '@mikro-orm/migrations';

/**
 * Disputes and MED (src/domain/disputes).
 *
 * - disputes: one row per contestation or MED return; at most one active (OPEN or
 *   UNDER_REVIEW) dispute per transaction. `blocked_amount` is what the contestation
 *   retained, `owed_amount` what a forced debit could not take from the balances.
 * - transaction_holds: money retained while a transaction is PENDING_REVIEW or
 *   BLOCKED, and the status it returns to when the hold is released.
 * - transactions.dispute_id: the transaction's latest dispute, shown in its answer.
 * - The seller's debt lives in the ledger as account `debt:<sellerId>`; its balance is
 *   the sum of its postings, read through a partial index that holds only those.
 */
export class Migration20261123110000Disputes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index ledger_postings_debt_idx on ledger_postings (account) include (amount) where account like 'debt:%';`);
    this.addSql(`
      create table disputes (
        id text primary key,
        seller_id text not null references sellers (id),
        transaction_id text not null references transactions (id),
        origin text not null check (origin in ('MED', 'CONTESTATION')),
        status text not null check (status in ('OPEN', 'UNDER_REVIEW', 'WON', 'LOST')),
        amount bigint not null check (amount > 0),
        blocked_amount bigint not null default 0 check (blocked_amount >= 0),
        owed_amount bigint not null default 0 check (owed_amount >= 0),
        appeal_reason text null,
        appealed_at timestamptz null,
        appeal_deadline timestamptz not null,
        decided_at timestamptz null,
        decided_by text null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );`);
    this.addSql(`alter table transactions add column dispute_id text null;`);
    this.addSql(`create unique index disputes_active_transaction_key on disputes (transaction_id) where status in ('OPEN', 'UNDER_REVIEW');`);
    this.addSql(`create index disputes_seller_idx on disputes (seller_id, created_at desc, id desc);`);
    this.addSql(`
      create table transaction_holds (
        transaction_id text primary key references transactions (id),
        seller_id text not null,
        amount bigint not null check (amount >= 0),
        previous_status text not null,
        released_at timestamptz null,
        created_at timestamptz not null
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table transaction_holds;');
    this.addSql('alter table transactions drop column dispute_id;');
    this.addSql('drop table disputes;');
    this.addSql('drop index ledger_postings_debt_idx;');
  }
}
