import { Migration } from '@mikro-orm/migrations';

/** A marketplace recipient may register a webhook for its split-share events alone (category SPLIT_SHARE). */
export class Migration20261128030000SplitShareWebhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table webhook_endpoints drop constraint webhook_endpoints_category_check;`);
    this.addSql(`alter table webhook_endpoints add constraint webhook_endpoints_category_check check (category in ('TRANSACTION','WITHDRAWAL','DISPUTE','RECURRENCE','SPLIT_SHARE','ALL'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`update webhook_endpoints set category = 'ALL' where category = 'SPLIT_SHARE';`);
    this.addSql(`alter table webhook_endpoints drop constraint webhook_endpoints_category_check;`);
    this.addSql(`alter table webhook_endpoints add constraint webhook_endpoints_category_check check (category in ('TRANSACTION','WITHDRAWAL','DISPUTE','RECURRENCE','ALL'));`);
  }
}
