import { Migration } from '@mikro-orm/migrations';

/**
 * The double-entry ledger (ARCHITECTURE.md, Ledger; src/domain/ledger).
 *
 * - ledger_entries: one row per journal entry, immutable, unique `reference` (the
 *   business fact, e.g. `credit:transaction:<id>`) so a fact is posted at most once.
 * - ledger_postings: the entry's signed lines; they sum to zero per entry. No foreign
 *   key to ledger_entries: postings are written only by ledger_post, in the statement
 *   after the entry it just inserted, and the immutability triggers forbid deleting
 *   entries, so no posting can be orphaned; the four key checks per entry cost about
 *   a tenth of posting throughput (measured with `npm run bench -- ledger`).
 * - ledger_wallets: one row per seller holding its balances (available per method,
 *   blocked), updated in the posting's transaction by a guarded statement; CHECK
 *   constraints keep every balance >= 0 as a last line of defence.
 * - ledger_statement_lines: the seller's view of entries (SPEC, Statement entry),
 *   keyset-paginated on (seller_id, created_at desc, id desc).
 * - ledger_statement_daily: per seller, UTC day, type and fee flag: count and sum,
 *   maintained in the same transaction; the summary and the statement count read it.
 *
 * Platform accounts (fees, provider clearing, payouts, adjustments) have no balance
 * row: updating one row per platform account on every posting would serialise all
 * sellers on it. Their balance is derived from ledger_postings when asked.
 *
 * ledger_post() does a whole posting in one round trip (its plans are cached per
 * connection). It never aborts the caller's transaction for a business outcome:
 * it answers POSTED, DUPLICATE, CONFLICT (same reference, other postings) or
 * INSUFFICIENT (nothing written).
 */
export class Migration20261121010000Ledger extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ledger_entries (
        id bigint generated always as identity primary key,
        reference text not null constraint ledger_entries_reference_key unique,
        kind text not null,
        seller_id text null,
        transaction_id text null,
        withdrawal_id text null,
        description text not null,
        metadata jsonb null,
        fingerprint uuid not null,
        created_at timestamptz not null
      );`);
    this.addSql(`
      create table ledger_postings (
        entry_id bigint not null,
        line smallint not null,
        account text not null,
        amount bigint not null check (amount <> 0),
        primary key (entry_id, line)
      );`);
    this.addSql(`
      create table ledger_wallets (
        seller_id text primary key references sellers (id),
        available_pix bigint not null default 0 constraint ledger_wallets_available_pix_check check (available_pix >= 0),
        available_boleto bigint not null default 0 constraint ledger_wallets_available_boleto_check check (available_boleto >= 0),
        available_card bigint not null default 0 constraint ledger_wallets_available_card_check check (available_card >= 0),
        blocked bigint not null default 0 constraint ledger_wallets_blocked_check check (blocked >= 0),
        updated_at timestamptz not null
      ) with (fillfactor = 70);`);
    this.addSql(`
      create table ledger_statement_lines (
        id bigint generated always as identity primary key,
        seller_id text not null,
        entry_id bigint not null,
        type text not null check (type in ('CREDIT','DEBIT','PENDING_CREDIT','PENDING_DEBIT','RETAINED','RELEASE_RETAINED')),
        amount bigint not null check (amount > 0),
        fee boolean not null,
        description text not null,
        transaction_id text null,
        withdrawal_id text null,
        created_at timestamptz not null
      );`);
    this.addSql(`create index ledger_statement_lines_seller_idx on ledger_statement_lines (seller_id, created_at desc, id desc);`);
    this.addSql(`create index ledger_statement_lines_seller_type_idx on ledger_statement_lines (seller_id, type, created_at desc, id desc);`);
    this.addSql(`
      create table ledger_statement_daily (
        seller_id text not null,
        day date not null,
        type text not null,
        fee boolean not null,
        entries bigint not null,
        total bigint not null,
        primary key (seller_id, day, type, fee)
      ) with (fillfactor = 70);`);

    // Entries, postings and statement lines are immutable; corrections are new entries.
    // The only exception: ledger_post() removes the entry row it has just inserted
    // when the balance does not cover it (a savepoint would cost more).
    this.addSql(`
      create function ledger_immutable() returns trigger language plpgsql as $fn$
      begin
        if tg_table_name = 'ledger_entries' and tg_op = 'DELETE' then
          -- nested: old.id exists only on ledger_entries
          if current_setting('ledger.undo_entry', true) = old.id::text then
            return old;
          end if;
        end if;
        raise exception 'ledger rows are immutable: % on % refused', tg_op, tg_table_name using errcode = '55000';
      end
      $fn$;`);
    for (const table of ['ledger_entries', 'ledger_postings', 'ledger_statement_lines']) {
      this.addSql(`create trigger ${table}_immutable before update or delete on ${table} for each row execute function ledger_immutable();`);
    }

    this.addSql(`
      create function ledger_post(
        p_reference text, p_kind text, p_seller_id text, p_transaction_id text, p_withdrawal_id text,
        p_description text, p_metadata jsonb, p_at timestamptz,
        p_accounts text[], p_amounts bigint[],
        p_line_types text[], p_line_amounts bigint[], p_line_fees boolean[], p_line_descriptions text[]
      ) returns table (
        r_status text, r_entry_id bigint, r_created_at timestamptz,
        r_available_pix bigint, r_available_boleto bigint, r_available_card bigint, r_blocked bigint, r_wallet_updated_at timestamptz
      ) language plpgsql as $fn$
      declare
        v_prefix text := 'seller:' || coalesce(p_seller_id, '') || ':';
        v_fingerprint uuid;
        v_existing uuid;
        v_sum numeric;
        v_seller_sum numeric;
        v_foreign bigint;
        d_pix bigint;
        d_boleto bigint;
        d_card bigint;
        d_blocked bigint;
      begin
        -- The entry must balance and may touch only this seller's known accounts; the
        -- seller's balance change is derived here from the postings themselves.
        if coalesce(cardinality(p_accounts), 0) < 2 or cardinality(p_accounts) <> cardinality(p_amounts) then
          raise exception 'ledger_post %: malformed postings', p_reference using errcode = '22023';
        end if;
        select coalesce(sum(u.m), 0),
               coalesce(sum(u.m) filter (where u.a like 'seller:%'), 0),
               count(*) filter (where u.a like 'seller:%' and (p_seller_id is null or left(u.a, length(v_prefix)) <> v_prefix)),
               coalesce(sum(u.m) filter (where u.a = v_prefix || 'available:PIX'), 0),
               coalesce(sum(u.m) filter (where u.a = v_prefix || 'available:BOLETO'), 0),
               coalesce(sum(u.m) filter (where u.a = v_prefix || 'available:CARD'), 0),
               coalesce(sum(u.m) filter (where u.a = v_prefix || 'blocked'), 0)
          into v_sum, v_seller_sum, v_foreign, d_pix, d_boleto, d_card, d_blocked
          from unnest(p_accounts, p_amounts) as u(a, m);
        if v_sum <> 0 then
          raise exception 'ledger_post %: postings sum to %', p_reference, v_sum using errcode = '22023';
        end if;
        if v_foreign > 0 or v_seller_sum <> d_pix + d_boleto + d_card + d_blocked then
          raise exception 'ledger_post %: posting to an unknown or foreign seller account', p_reference using errcode = '22023';
        end if;
        v_fingerprint := md5(p_kind || '|' || coalesce(p_seller_id, '') || '|' || array_to_string(p_accounts, ',') || '|' || array_to_string(p_amounts, ','))::uuid;

        -- Idempotency: the unique reference decides. A concurrent post of the same
        -- reference waits here for the first one's transaction, then sees its row.
        insert into ledger_entries (reference, kind, seller_id, transaction_id, withdrawal_id, description, metadata, fingerprint, created_at)
        values (p_reference, p_kind, p_seller_id, p_transaction_id, p_withdrawal_id, p_description, p_metadata, v_fingerprint, p_at)
        on conflict (reference) do nothing
        returning id into r_entry_id;
        if r_entry_id is null then
          select e.id, e.created_at, e.fingerprint into r_entry_id, r_created_at, v_existing
            from ledger_entries e where e.reference = p_reference;
          if r_entry_id is null then
            raise exception 'ledger_post %: reference held by a transaction this snapshot cannot see', p_reference using errcode = '40001';
          end if;
          r_status := case when v_existing = v_fingerprint then 'DUPLICATE' else 'CONFLICT' end;
          select w.available_pix, w.available_boleto, w.available_card, w.blocked, w.updated_at
            into r_available_pix, r_available_boleto, r_available_card, r_blocked, r_wallet_updated_at
            from ledger_wallets w where w.seller_id = p_seller_id;
          return next;
          return;
        end if;
        r_created_at := p_at;

        -- The seller's balances: one row, one guarded statement. Credits upsert (the
        -- row appears with the first credit); anything that lowers a balance is a
        -- conditional update that matches no row when a balance would go below zero.
        -- Concurrent posts for the seller queue on this row lock; the condition is
        -- re-checked against the latest committed balances.
        if p_seller_id is not null then
          if d_pix >= 0 and d_boleto >= 0 and d_card >= 0 and d_blocked >= 0 then
            insert into ledger_wallets as w (seller_id, available_pix, available_boleto, available_card, blocked, updated_at)
            values (p_seller_id, d_pix, d_boleto, d_card, d_blocked, p_at)
            on conflict (seller_id) do update
              set available_pix = w.available_pix + excluded.available_pix,
                  available_boleto = w.available_boleto + excluded.available_boleto,
                  available_card = w.available_card + excluded.available_card,
                  blocked = w.blocked + excluded.blocked,
                  updated_at = excluded.updated_at
            returning w.available_pix, w.available_boleto, w.available_card, w.blocked, w.updated_at
              into r_available_pix, r_available_boleto, r_available_card, r_blocked, r_wallet_updated_at;
          else
            update ledger_wallets w
               set available_pix = w.available_pix + d_pix,
                   available_boleto = w.available_boleto + d_boleto,
                   available_card = w.available_card + d_card,
                   blocked = w.blocked + d_blocked,
                   updated_at = p_at
             where w.seller_id = p_seller_id
               and w.available_pix + d_pix >= 0
               and w.available_boleto + d_boleto >= 0
               and w.available_card + d_card >= 0
               and w.blocked + d_blocked >= 0
            returning w.available_pix, w.available_boleto, w.available_card, w.blocked, w.updated_at
              into r_available_pix, r_available_boleto, r_available_card, r_blocked, r_wallet_updated_at;
            if not found then
              perform set_config('ledger.undo_entry', r_entry_id::text, true);
              delete from ledger_entries e where e.id = r_entry_id;
              perform set_config('ledger.undo_entry', '', true);
              r_status := 'INSUFFICIENT';
              r_entry_id := null;
              r_created_at := null;
              select w.available_pix, w.available_boleto, w.available_card, w.blocked, w.updated_at
                into r_available_pix, r_available_boleto, r_available_card, r_blocked, r_wallet_updated_at
                from ledger_wallets w where w.seller_id = p_seller_id;
              return next;
              return;
            end if;
          end if;
        end if;

        insert into ledger_postings (entry_id, line, account, amount)
        select r_entry_id, u.n::smallint, u.a, u.m
          from unnest(p_accounts, p_amounts) with ordinality as u(a, m, n);

        if p_seller_id is not null and coalesce(cardinality(p_line_types), 0) > 0 then
          insert into ledger_statement_lines (seller_id, entry_id, type, amount, fee, description, transaction_id, withdrawal_id, created_at)
          select p_seller_id, r_entry_id, u.t, u.m, u.f, u.d, p_transaction_id, p_withdrawal_id, p_at
            from unnest(p_line_types, p_line_amounts, p_line_fees, p_line_descriptions) with ordinality as u(t, m, f, d, n)
           order by u.n;
          -- Same lock order for every post of a seller: wallet row first, then these.
          insert into ledger_statement_daily as s (seller_id, day, type, fee, entries, total)
          select p_seller_id, (p_at at time zone 'UTC')::date, u.t, u.f, count(*), sum(u.m)
            from unnest(p_line_types, p_line_amounts, p_line_fees) as u(t, m, f)
           group by u.t, u.f
           order by u.t, u.f
          on conflict (seller_id, day, type, fee) do update
            set entries = s.entries + excluded.entries, total = s.total + excluded.total;
        end if;

        r_status := 'POSTED';
        return next;
      end
      $fn$;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop function ledger_post;');
    this.addSql('drop table ledger_statement_daily, ledger_statement_lines, ledger_wallets, ledger_postings, ledger_entries;');
    this.addSql('drop function ledger_immutable;');
  }
}
