import { Migration } from '@mikro-orm/migrations';

/** Operators' per-seller request budgets (requests per minute per class); no row means the default. */
export class Migration20261123130000SellerRateLimits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table seller_rate_limits (
        seller_id text not null references sellers(id) on delete cascade,
        limit_class text not null check (limit_class in ('creates', 'reads', 'lists', 'webhooks')),
        per_minute integer not null check (per_minute between 1 and 1000000),
        updated_at timestamptz not null,
        primary key (seller_id, limit_class)
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table seller_rate_limits;');
  }
}
