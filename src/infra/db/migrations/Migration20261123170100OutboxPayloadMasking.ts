import { Migration } from '@mikro-orm/migrations';

/**
 * Events kept past the retention window (the latest of each resource, for resends) have
 * their personal data masked once; `payload_masked_at` records it. The partial index
 * holds only the rows still to mask.
 */
export class Migration20261123170100OutboxPayloadMasking extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table outbox add column payload_masked_at timestamptz null;`);
    this.addSql(`create index outbox_unmasked_idx on outbox (occurred_at) where payload_masked_at is null and published_at is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index outbox_unmasked_idx;`);
    this.addSql(`alter table outbox drop column payload_masked_at;`);
  }
}
