import { Migration } from '@mikro-orm/migrations';

/** People, sellers, API keys and sessions. */
export class Migration20261121000000Foundation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table sellers (
        id text primary key,
        name text not null,
        document_type text not null check (document_type in ('CPF','CNPJ')),
        document_number text not null,
        kyc_status text not null check (kyc_status in ('PENDING_REVIEW','APPROVED','REJECTED')),
        fee_plan jsonb not null,
        created_at timestamptz not null
      );`);
    this.addSql(`
      create table users (
        id text primary key,
        email text not null unique,
        password_hash text not null,
        role text not null default 'USER' check (role in ('USER','OPERATOR')),
        seller_id text null references sellers(id),
        totp_secret_enc text null,
        totp_enabled_at timestamptz null,
        totp_last_step bigint null,
        created_at timestamptz not null
      );`);
    this.addSql(`create index users_seller_id_idx on users (seller_id);`);
    this.addSql(`
      create table api_keys (
        id text primary key,
        seller_id text not null references sellers(id),
        user_id text not null references users(id),
        mode text not null check (mode in ('test','live')),
        prefix text not null,
        last4 text not null,
        key_hash text not null unique,
        created_at timestamptz not null,
        last_used_at timestamptz null,
        revoked_at timestamptz null
      );`);
    this.addSql(`create index api_keys_seller_id_idx on api_keys (seller_id, created_at);`);
    this.addSql(`
      create table sessions (
        id text primary key,
        user_id text not null references users(id),
        token_hash text not null unique,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        revoked_at timestamptz null
      );`);
    this.addSql(`create index sessions_expires_at_idx on sessions (expires_at);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table sessions; drop table api_keys; drop table users; drop table sellers;');
  }
}
