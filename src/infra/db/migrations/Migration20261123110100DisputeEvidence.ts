import { Migration } from '@mikro-orm/migrations';

/**
 * Evidence files of dispute appeals, bytes included (the default storage adapter): it
 * works with several api instances and in the embedded database, and a file commits
 * or rolls back with its appeal.
 */
export class Migration20261123110100DisputeEvidence extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table dispute_evidence (
        id text primary key,
        dispute_id text not null references disputes (id),
        seller_id text not null,
        name text not null,
        type text not null check (type in ('PDF', 'PNG', 'JPG')),
        size integer not null check (size > 0),
        sha256 text not null,
        content bytea not null,
        created_at timestamptz not null
      );`);
    this.addSql(`create index dispute_evidence_dispute_idx on dispute_evidence (dispute_id, created_at, id);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table dispute_evidence;');
  }
}
