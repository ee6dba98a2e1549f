import { Migration } from '@mikro-orm/migrations';

/**
 * PIX Automático recurrences (API Pix `rec`): the contract, its payer, the calendar, the
 * amount, the retry policy and the authorisation journey; webhooks may subscribe to their
 * events alone (category RECURRENCE).
 */
export class Migration20261127130000Recurrences extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table recurrences (
        id text primary key,
        seller_id text not null references sellers (id),
        rec_id text not null unique,
        status text not null check (status in ('CREATED','APPROVED','REJECTED','EXPIRED','CANCELLED')),
        journey text not null check (journey in ('PUSH_REQUEST','QR','QR_WITH_FIRST_PAYMENT')),
        contract_object text null,
        contract_number text not null,
        payer_name text not null,
        payer_document_type text not null,
        payer_document text not null,
        first_date date not null,
        last_date date null,
        period text not null,
        amount_type text not null check (amount_type in ('FIXED','VARIABLE')),
        amount bigint null check (amount > 0),
        minimum_amount bigint null check (minimum_amount > 0),
        retry_policy text not null,
        location_id text null unique,
        br_code text null,
        push_request_status text null,
        first_payment_transaction_id text null references transactions (id),
        authorisation_expires_at timestamptz not null,
        ended_by text null,
        end_reason text null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        approved_at timestamptz null,
        check ((amount_type = 'FIXED') = (amount is not null))
      );`);
    this.addSql(`create index recurrences_seller_idx on recurrences (seller_id, created_at desc, id desc);`);
    this.addSql(`alter table webhook_endpoints drop constraint webhook_endpoints_category_check;`);
    this.addSql(`alter table webhook_endpoints add constraint webhook_endpoints_category_check check (category in ('TRANSACTION','WITHDRAWAL','DISPUTE','RECURRENCE','ALL'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table recurrences;`);
    this.addSql(`alter table webhook_endpoints drop constraint webhook_endpoints_category_check;`);
    this.addSql(`alter table webhook_endpoints add constraint webhook_endpoints_category_check check (category in ('TRANSACTION','WITHDRAWAL','DISPUTE','ALL'));`);
  }
}
