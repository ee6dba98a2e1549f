import { Migration } from '@mikro-orm/migrations';

/** The retention purge walks finished deliveries from the oldest. */
export class Migration20261122010000WebhookRetention extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index webhook_deliveries_finished_created_idx on webhook_deliveries (created_at) where status <> 'PENDING';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index webhook_deliveries_finished_created_idx;`);
  }
}
