import { Migration } from '@mikro-orm/migrations';
import { SPLIT_PARTIES_TABLE } from './split-storage-sql';

/**
 * Marketplaces: the link between a marketplace and each recipient (invited, accepted,
 * declined or ended; at most one open link per pair), the split instructions of a charge,
 * and each party's part of it (its gross and fee once paid, and what it gave back since).
 */
export class Migration20261127140000MarketplaceSplits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table marketplace_links (
        id text primary key,
        marketplace_id text not null references sellers (id),
        recipient_id text not null references sellers (id),
        status text not null check (status in ('INVITED', 'ACTIVE', 'DECLINED', 'ENDED')),
        invited_at timestamptz not null,
        accepted_at timestamptz null,
        ended_at timestamptz null,
        ended_by text null check (ended_by in ('MARKETPLACE', 'RECIPIENT')),
        updated_at timestamptz not null,
        check (marketplace_id <> recipient_id)
      );`);
    this.addSql(`create unique index marketplace_links_open_pair on marketplace_links (marketplace_id, recipient_id) where status in ('INVITED', 'ACTIVE');`);
    this.addSql(`create index marketplace_links_recipient on marketplace_links (recipient_id);`);
    this.addSql(`
      create table transaction_splits (
        transaction_id text primary key references transactions (id),
        marketplace_id text not null references sellers (id),
        fee_payer text not null check (fee_payer in ('MARKETPLACE', 'PRO_RATA', 'RECIPIENT')),
        fee_recipient_id text null,
        instructions jsonb not null,
        created_at timestamptz not null
      );`);
    for (const sql of SPLIT_PARTIES_TABLE) this.addSql(sql);
  }

  override async down(): Promise<void> {
    this.addSql('drop table transaction_split_parties;');
    this.addSql('drop table transaction_splits;');
    this.addSql('drop table marketplace_links;');
  }
}
