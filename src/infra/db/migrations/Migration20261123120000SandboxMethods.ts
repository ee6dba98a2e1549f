import { Migration } from '@mikro-orm/migrations';

/**
 * Boleto and card transactions (sandbox): their details live in one JSON column per
 * method, and the PIX-only columns become nullable. Card numbers and CVVs are never
 * stored: `card` holds brand, last four digits, a keyed fingerprint and installments.
 */
export class Migration20261123120000SandboxMethods extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table transactions add column boleto jsonb null, add column card jsonb null;`);
    this.addSql(`
      alter table transactions
        alter column txid drop not null,
        alter column location_id drop not null,
        alter column br_code drop not null,
        alter column expires_at drop not null,
        add constraint transactions_payment_method_check check (payment_method in ('PIX', 'BOLETO', 'CARD'));`);
    // The QR image column may already be gone (images are rendered on request); relax it only where it exists.
    this.addSql(`
      do $$ begin
        if exists (select 1 from information_schema.columns
                   where table_schema = current_schema() and table_name = 'transactions' and column_name = 'qr_code') then
          alter table transactions alter column qr_code drop not null;
        end if;
      end $$;`);
    this.addSql(`create unique index transactions_boleto_token_idx on transactions ((boleto ->> 'token')) where boleto is not null;`);
    this.addSql(`create index transactions_seller_method_created_idx on transactions (seller_id, payment_method, created_at desc, id desc);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index transactions_seller_method_created_idx; drop index transactions_boleto_token_idx;`);
    this.addSql(`alter table transactions drop constraint transactions_payment_method_check, drop column card, drop column boleto;`);
  }
}
