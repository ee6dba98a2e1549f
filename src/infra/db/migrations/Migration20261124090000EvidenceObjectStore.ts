import { Migration } from '@mikro-orm/migrations';

/**
 * Evidence bytes may live in an S3-compatible bucket: a row then has `object_key` and
 * no `content` (an erased one has neither). Objects uploaded for an appeal that has not
 * committed yet are listed in `evidence_pending_objects` until the appeal's transaction
 * confirms them (deleting the row) or the sweep deletes them.
 */
export class Migration20261124090000EvidenceObjectStore extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table dispute_evidence alter column content drop not null;`);
    this.addSql(`alter table dispute_evidence add column object_key text;`);
    this.addSql(`alter table dispute_evidence add constraint dispute_evidence_one_place check (content is null or object_key is null);`);
    this.addSql(`
      create table evidence_pending_objects (
        object_key text primary key,
        created_at timestamptz not null,
        sweep_after timestamptz not null
      );`);
    this.addSql(`create index evidence_pending_objects_sweep_idx on evidence_pending_objects (sweep_after);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table evidence_pending_objects;');
    this.addSql('alter table dispute_evidence drop constraint dispute_evidence_one_place;');
    this.addSql('alter table dispute_evidence drop column object_key;');
    this.addSql(`update dispute_evidence set content = ''::bytea where content is null;`);
    this.addSql('alter table dispute_evidence alter column content set not null;');
  }
}
