import { Migration } from '@mikro-orm/migrations';

/**
 * Reconciliation with the PSP (INSTITUTION=apipix): how far each reading of the PSP's list
 * has got (the sliding window, a day's sweep, the scan for orphan cobs), and every Pix the
 * PSP listed as received, with what it meant for our charges (the daily report reads it).
 */
export class Migration20261126100000ApiPixReconciliation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table apipix_reconcile_cursors (
        name text primary key,
        read_until timestamptz not null,
        updated_at timestamptz not null
      );`);
    this.addSql(`
      create table apipix_received_pix (
        end_to_end_id text primary key,
        txid text null,
        cents bigint not null,
        received_at timestamptz not null,
        transaction_id text null,
        verdict text not null,
        seen_at timestamptz not null
      );`);
    this.addSql(`create index apipix_received_pix_received_idx on apipix_received_pix (received_at);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table apipix_received_pix; drop table apipix_reconcile_cursors;');
  }
}
