import { Migration } from '@mikro-orm/migrations';

/**
 * A split charge says so on its own row, so that paying, refunding or returning any other
 * charge never asks `transaction_splits` (one round trip fewer on every payment and refund).
 */
export class Migration20261127190000TransactionSplitFlag extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table transactions add column is_split boolean not null default false;`);
    this.addSql(`update transactions t set is_split = true where exists (select 1 from transaction_splits s where s.transaction_id = t.id);`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table transactions drop column is_split;');
  }
}
