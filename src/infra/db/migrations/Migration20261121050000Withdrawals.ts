import { Migration } from '@mikro-orm/migrations';

/** PIX withdrawals (payouts) and the institution reports received for them. */
export class Migration20261121050000Withdrawals extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table withdrawals (
        id text primary key,
        seller_id text not null references sellers(id),
        amount bigint not null check (amount >= 500),
        fee_amount bigint not null check (fee_amount >= 0),
        method text not null,
        pix_key text not null,
        pix_key_type text not null check (pix_key_type in ('CPF','CNPJ','PHONE','EMAIL','EVP')),
        status text not null,
        description text null,
        external_reference text null,
        beneficiary_name text null,
        beneficiary_document_type text null check (beneficiary_document_type in ('CPF','CNPJ')),
        beneficiary_document_number text null,
        metadata jsonb null,
        end2end text null,
        failure_reason text null,
        approved_at timestamptz null,
        processed_at timestamptz null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );`);
    // Lists and exports walk (seller, createdAt desc, id desc); status is the common filter.
    this.addSql(`create index withdrawals_seller_created_idx on withdrawals (seller_id, created_at desc, id desc);`);
    this.addSql(`create index withdrawals_seller_status_created_idx on withdrawals (seller_id, status, created_at desc, id desc);`);
    this.addSql(`create index withdrawals_end2end_idx on withdrawals (end2end) where end2end is not null;`);
    this.addSql(`
      create table withdrawal_reports (
        report_id text primary key,
        withdrawal_id text not null,
        status text not null,
        applied boolean not null,
        received_at timestamptz not null
      );`);
    this.addSql(`create index withdrawal_reports_withdrawal_idx on withdrawal_reports (withdrawal_id, received_at);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table withdrawal_reports; drop table withdrawals;');
  }
}
