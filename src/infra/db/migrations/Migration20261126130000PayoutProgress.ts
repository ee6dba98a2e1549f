import { Migration } from '@mikro-orm/migrations';

/**
 * A withdrawal's payout at a PSP: its identifier there (derived from the withdrawal id and
 * written with the withdrawal, in the transaction that debits the seller), and the sends
 * begun, each counted and committed before its call. Withdrawals created before this change
 * get their identifier the same way (`W` + id; our ids fit the PSPs' 35 letters and digits).
 */
export class Migration20261126130000PayoutProgress extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table withdrawals
        add column psp_payout_id text null,
        add column payout_attempts integer not null default 0,
        add column payout_sent_at timestamptz null;`);
    this.addSql(`update withdrawals set psp_payout_id = 'W' || id where id ~ '^[a-zA-Z0-9]{1,34}$';`);
    this.addSql(`create unique index withdrawals_psp_payout_id_key on withdrawals (psp_payout_id);`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table withdrawals drop column psp_payout_id, drop column payout_attempts, drop column payout_sent_at;');
  }
}
