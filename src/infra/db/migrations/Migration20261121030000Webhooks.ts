import { Migration } from '@mikro-orm/migrations';

/**
 * Webhooks: registrations, the per-seller postback secret, deliveries (one row per
 * event and target, saved with its masked payload before anything is enqueued) and
 * every attempt made for them.
 */
export class Migration20261121030000Webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table webhook_endpoints (
        id text primary key,
        seller_id text not null,
        category text not null check (category in ('TRANSACTION','WITHDRAWAL','DISPUTE','ALL')),
        url text not null,
        description text null,
        secret_enc text not null,
        secret_last4 text not null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        secret_rotated_at timestamptz null,
        deleted_at timestamptz null
      );`);
    this.addSql(`create index webhook_endpoints_seller_idx on webhook_endpoints (seller_id, category) where deleted_at is null;`);
    this.addSql(`
      create table webhook_postback_secrets (
        seller_id text primary key,
        secret_enc text not null,
        secret_last4 text not null,
        created_at timestamptz not null,
        rotated_at timestamptz null
      );`);
    this.addSql(`
      create table webhook_deliveries (
        id text primary key,
        dedupe_key text not null unique,
        event_id text not null,
        event_type text not null,
        seller_id text not null,
        aggregate_type text not null,
        aggregate_id text not null,
        target text not null check (target in ('ENDPOINT','POSTBACK')),
        endpoint_id text null,
        url text not null,
        payload jsonb not null,
        trigger text not null check (trigger in ('EVENT','MANUAL','REPLAY','TEST')),
        status text not null check (status in ('PENDING','DELIVERED','EXPIRED','FAILED','CANCELED')),
        attempts int not null default 0,
        cycle int not null default 1,
        attempt_in_cycle int not null default 0,
        next_attempt_at timestamptz null,
        lease_until timestamptz null,
        expires_at timestamptz not null,
        last_attempt_at timestamptz null,
        last_status_code int null,
        last_error text null,
        delivered_at timestamptz null,
        replayed_at timestamptz null,
        replay_of text null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );`);
    this.addSql(`create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status = 'PENDING';`);
    this.addSql(`create index webhook_deliveries_event_idx on webhook_deliveries (event_id);`);
    this.addSql(`create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, created_at desc);`);
    this.addSql(`create index webhook_deliveries_seller_idx on webhook_deliveries (seller_id, status, created_at);`);
    this.addSql(`
      create table webhook_attempts (
        id bigserial primary key,
        delivery_id text not null references webhook_deliveries(id),
        event_id text not null,
        seller_id text not null,
        endpoint_id text null,
        number int not null,
        cycle int not null,
        attempt_in_cycle int not null,
        attempted_at timestamptz not null,
        url text not null,
        success boolean not null,
        status_code int null,
        latency_ms int not null,
        error text null,
        response_excerpt text null
      );`);
    this.addSql(`create index webhook_attempts_delivery_idx on webhook_attempts (delivery_id, id);`);
    this.addSql(`create index webhook_attempts_event_idx on webhook_attempts (event_id, id);`);
    this.addSql(`create index webhook_attempts_endpoint_idx on webhook_attempts (endpoint_id, id);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table webhook_attempts; drop table webhook_deliveries; drop table webhook_postback_secrets; drop table webhook_endpoints;');
  }
}
