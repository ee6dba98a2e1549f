import { Migration } from '@mikro-orm/migrations';

/**
 * Data-subject requests (LGPD): exports and erasures, with their due dates, the queued
 * export's file and single-use download link, and the history of every step.
 */
export class Migration20261123170000DataSubjectRequests extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table data_subject_requests (
        id text primary key,
        kind text not null check (kind in ('EXPORT','ERASURE')),
        user_id text not null references users(id),
        seller_id text null,
        status text not null check (status in ('QUEUED','COMPLETED','OPEN','EXECUTED','REJECTED')),
        reason text null,
        requested_at timestamptz not null,
        due_at timestamptz null,
        closed_at timestamptz null,
        closed_by text null,
        rejection_reason text null,
        retention_until timestamptz null,
        retention_done_at timestamptz null,
        build_started_at timestamptz null,
        export_file text null,
        download_token_hash text null unique,
        download_expires_at timestamptz null,
        downloaded_at timestamptz null
      );`);
    // At most one open erasure per user: a second request answers the open one.
    this.addSql(`create unique index data_subject_requests_open_erasure_idx on data_subject_requests (user_id) where kind = 'ERASURE' and status = 'OPEN';`);
    this.addSql(`create index data_subject_requests_user_idx on data_subject_requests (user_id, requested_at desc);`);
    this.addSql(`create index data_subject_requests_due_idx on data_subject_requests (status, due_at);`);
    this.addSql(`
      create table data_subject_request_events (
        id bigserial primary key,
        request_id text not null references data_subject_requests(id),
        at timestamptz not null,
        actor text not null,
        action text not null,
        detail jsonb null
      );`);
    this.addSql(`create index data_subject_request_events_request_idx on data_subject_request_events (request_id, id);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table data_subject_request_events; drop table data_subject_requests;');
  }
}
