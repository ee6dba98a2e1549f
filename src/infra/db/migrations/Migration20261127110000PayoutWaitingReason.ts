import { Migration } from '@mikro-orm/migrations';

/**
 * Why an approved withdrawal is not sent yet (the platform's balance at the PSP does not cover
 * it, docs/operate/going-live.md, Payouts): shown to the seller and the operator, cleared when
 * the withdrawal moves on.
 */
export class Migration20261127110000PayoutWaitingReason extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table withdrawals add column payout_waiting_reason text null;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table withdrawals drop column payout_waiting_reason;');
  }
}
