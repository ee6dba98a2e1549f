import { Migration } from '@mikro-orm/migrations';

/** PIX charges, their refunds and the institution reports received for them. */
export class Migration20261121040000Transactions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table transactions (
        id text primary key,
        seller_id text not null references sellers(id),
        amount bigint not null check (amount > 0),
        payment_method text not null,
        status text not null,
        provider_reference text not null,
        txid text not null unique,
        location_id text not null unique,
        br_code text not null,
        qr_code text not null,
        expires_at timestamptz not null,
        paid_at timestamptz null,
        end2end_id text null,
        fee_amount bigint null,
        net_amount bigint null,
        refunded_amount bigint not null default 0 check (refunded_amount >= 0 and refunded_amount <= amount),
        refund_type text null,
        refused_reason text null,
        customer jsonb null,
        metadata jsonb null,
        description text null,
        merchant_order_id text null,
        postback_url text null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );`);
    this.addSql(`create index transactions_seller_created_idx on transactions (seller_id, created_at desc, id desc);`);
    this.addSql(`create index transactions_seller_status_created_idx on transactions (seller_id, status, created_at desc, id desc);`);
    this.addSql(`
      create table transaction_refunds (
        id text primary key,
        transaction_id text not null references transactions(id),
        seller_id text not null,
        amount bigint not null check (amount > 0),
        created_at timestamptz not null
      );`);
    this.addSql(`create index transaction_refunds_transaction_idx on transaction_refunds (transaction_id);`);
    this.addSql(`
      create table institution_reports (
        report_id text primary key,
        transaction_id text not null,
        status text not null,
        applied boolean not null,
        received_at timestamptz not null
      );`);
    this.addSql(`create index institution_reports_transaction_idx on institution_reports (transaction_id, received_at);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table institution_reports; drop table transaction_refunds; drop table transactions;');
  }
}
