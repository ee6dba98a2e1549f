import { Migration } from '@mikro-orm/migrations';

/**
 * An outbox row that fails on its own, while its neighbours relay, is a poison row: it
 * counts its failures and, past a limit, is set aside (`parked_at`) so that it no longer
 * blocks the rows behind it. It is kept with its last error; `parked_at = null` puts it back.
 */
export class Migration20261122000000OutboxQuarantine extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table outbox add column relay_failures int not null default 0, add column last_relay_error text null, add column parked_at timestamptz null;`);
    this.addSql(`drop index outbox_unpublished_idx;`);
    this.addSql(`create index outbox_unpublished_idx on outbox (id) where published_at is null and parked_at is null;`);
    this.addSql(`create index outbox_parked_idx on outbox (parked_at) where parked_at is not null and published_at is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index outbox_parked_idx;`);
    this.addSql(`drop index outbox_unpublished_idx;`);
    this.addSql(`create index outbox_unpublished_idx on outbox (id) where published_at is null;`);
    this.addSql(`alter table outbox drop column relay_failures, drop column last_relay_error, drop column parked_at;`);
  }
}
