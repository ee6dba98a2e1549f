import { Migration } from '@mikro-orm/migrations';

/**
 * Endpoint health and care: each registration's state (ACTIVE, FAILING, DISABLED) with
 * the time and reason of its last change and every change in a history table; the time
 * failures start counting from again after a re-enable; an optional per-endpoint
 * delivery rate; and HELD deliveries (an event for a disabled endpoint, kept for
 * recovery instead of being sent or dropped).
 */
export class Migration20261127150000WebhookEndpointHealth extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table webhook_endpoints
        add column state text not null default 'ACTIVE' check (state in ('ACTIVE','FAILING','DISABLED')),
        add column state_changed_at timestamptz null,
        add column state_reason text null,
        add column health_since timestamptz null,
        add column max_per_second integer null check (max_per_second is null or max_per_second between 1 and 1000);`);
    this.addSql(`
      create table webhook_endpoint_state_changes (
        id bigserial primary key,
        endpoint_id text not null,
        seller_id text not null,
        from_state text not null,
        to_state text not null,
        reason text not null,
        detail text null,
        changed_at timestamptz not null
      );`);
    this.addSql(`create index webhook_endpoint_state_changes_endpoint_idx on webhook_endpoint_state_changes (endpoint_id, id);`);
    this.addSql(`create index webhook_attempts_endpoint_time_idx on webhook_attempts (endpoint_id, attempted_at);`);
    this.addSql(`alter table webhook_deliveries drop constraint webhook_deliveries_status_check;`);
    this.addSql(`alter table webhook_deliveries add constraint webhook_deliveries_status_check check (status in ('PENDING','DELIVERED','EXPIRED','FAILED','CANCELED','HELD'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`update webhook_deliveries set status = 'EXPIRED' where status = 'HELD';`);
    this.addSql(`alter table webhook_deliveries drop constraint webhook_deliveries_status_check;`);
    this.addSql(`alter table webhook_deliveries add constraint webhook_deliveries_status_check check (status in ('PENDING','DELIVERED','EXPIRED','FAILED','CANCELED'));`);
    this.addSql('drop index webhook_attempts_endpoint_time_idx;');
    this.addSql('drop table webhook_endpoint_state_changes;');
    this.addSql('alter table webhook_endpoints drop column state, drop column state_changed_at, drop column state_reason, drop column health_since, drop column max_per_second;');
  }
}
