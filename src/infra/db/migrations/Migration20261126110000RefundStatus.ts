import { Migration } from '@mikro-orm/migrations';

/**
 * A refund's state at the PSP: REQUESTED (booked, not yet taken by the PSP), PROCESSING
 * (`EM_PROCESSAMENTO`), RETURNED (`DEVOLVIDO`) or FAILED (`NAO_REALIZADO`, with the PSP's
 * reason), and the PSP's `rtrId` once known. Refunds booked before this change start
 * REQUESTED and get a poll job, so they are followed to their outcome like new ones.
 */
export class Migration20261126110000RefundStatus extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table transaction_refunds
        add column status text not null default 'REQUESTED' check (status in ('REQUESTED', 'PROCESSING', 'RETURNED', 'FAILED')),
        add column rtr_id text null,
        add column failure_reason text null,
        add column updated_at timestamptz null;`);
    this.addSql(`update transaction_refunds set updated_at = created_at;`);
    this.addSql(`alter table transaction_refunds alter column updated_at set not null;`);
    this.addSql(`
      insert into jobs (kind, key, run_at, payload)
      select 'transaction.poll-refund', 'refund-poll:' || r.id || ':0', now(),
             jsonb_build_object('transactionId', r.transaction_id, 'refundId', r.id, 'end2endId', t.end2end_id, 'attempt', 0)
        from transaction_refunds r join transactions t on t.id = r.transaction_id
      on conflict (key) do nothing;`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from jobs where kind = 'transaction.poll-refund';`);
    this.addSql('alter table transaction_refunds drop column status, drop column rtr_id, drop column failure_reason, drop column updated_at;');
  }
}
