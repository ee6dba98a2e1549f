import { Migration } from '@mikro-orm/migrations';

/** Idempotency keys, the transactional outbox and durable scheduled jobs. */
export class Migration20261121020000Platform extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table idempotency_keys (
        id text primary key,
        seller_id text not null,
        operation text not null,
        key text not null,
        fingerprint text not null,
        owner text not null,
        resource_id text null,
        response_status int null,
        response_body jsonb null,
        locked_until timestamptz not null,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        unique (seller_id, operation, key)
      );`);
    this.addSql(`create index idempotency_keys_expires_at_idx on idempotency_keys (expires_at);`);
    this.addSql(`
      create table outbox (
        id bigserial primary key,
        event_id text not null unique,
        event_type text not null,
        seller_id text not null,
        aggregate_type text not null,
        aggregate_id text not null,
        payload jsonb not null,
        occurred_at timestamptz not null,
        published_at timestamptz null
      );`);
    this.addSql(`create index outbox_unpublished_idx on outbox (id) where published_at is null;`);
    this.addSql(`create index outbox_aggregate_idx on outbox (aggregate_type, aggregate_id, id);`);
    this.addSql(`
      create table jobs (
        id bigserial primary key,
        kind text not null,
        key text not null unique,
        run_at timestamptz not null,
        payload jsonb not null,
        attempts int not null default 0,
        locked_until timestamptz null,
        last_error text null,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index jobs_due_idx on jobs (run_at);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table jobs; drop table outbox; drop table idempotency_keys;');
  }
}
