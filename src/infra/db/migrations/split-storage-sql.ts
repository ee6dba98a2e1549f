/**
 * SQL that more than one migration writes (the later one also in its `down`): the
 * one-row-per-party table of splits, and the function that checks a split's recipients
 * and stores it. Changing a text here changes what every migration using it runs: add a
 * new text for a new layout instead.
 */

export const SPLIT_PARTIES_TABLE = [
  `
      create table transaction_split_parties (
        transaction_id text not null references transactions (id),
        seller_id text not null references sellers (id),
        role text not null check (role in ('MARKETPLACE', 'RECIPIENT')),
        position integer not null,
        gross bigint null,
        fee bigint null,
        returned bigint not null default 0 check (returned >= 0),
        primary key (transaction_id, seller_id)
      );`,
  `create index transaction_split_parties_seller on transaction_split_parties (seller_id, transaction_id);`,
];

/** One party per row, as 20261127140000 stored them. */
export const SPLIT_WRITES_PARTY_ROWS = `
        insert into transaction_splits (transaction_id, marketplace_id, fee_payer, fee_recipient_id, instructions, created_at)
        values (p_transaction_id, p_marketplace_id, p_fee_payer, p_fee_recipient_id, p_instructions, p_created_at);
        insert into transaction_split_parties (transaction_id, seller_id, role, position)
        select p_transaction_id, p.seller_id, case when p.n = 1 then 'MARKETPLACE' else 'RECIPIENT' end, (p.n - 1)::int
          from unnest(array[p_marketplace_id] || p_recipients) with ordinality as p(seller_id, n);`;

/** The parties in the split's own row, as 20261130010000 stores them. */
export const SPLIT_WRITES_ONE_ROW = `
        insert into transaction_splits (transaction_id, marketplace_id, fee_payer, fee_recipient_id, instructions, created_at, recipient_ids)
        values (p_transaction_id, p_marketplace_id, p_fee_payer, p_fee_recipient_id, p_instructions, p_created_at, p_recipients);`;

/**
 * transaction_split_insert: refuses (SQLSTATE PX422, detail the zero-based position) the
 * first recipient without an ACTIVE link to the marketplace and KYC approval, else runs `writes`.
 */
export const splitInsertFunction = (writes: string): string => `
      create or replace function transaction_split_insert(p_transaction_id text, p_marketplace_id text, p_fee_payer text, p_fee_recipient_id text,
                                                          p_instructions jsonb, p_created_at timestamptz, p_recipients text[])
      returns void language plpgsql as $$
      declare
        v_missing bigint;
      begin
        select min(r.n) into v_missing
          from unnest(p_recipients) with ordinality as r(seller_id, n)
         where not exists (
           select 1 from marketplace_links l join sellers s on s.id = l.recipient_id
            where l.marketplace_id = p_marketplace_id and l.recipient_id = r.seller_id and l.status = 'ACTIVE' and s.kyc_status = 'APPROVED');
        if v_missing is not null then
          raise exception 'split recipient % is not a connected, KYC-approved recipient of marketplace %', p_recipients[v_missing], p_marketplace_id
            using errcode = 'PX422', detail = (v_missing - 1)::text;
        end if;${writes}
      end $$;`;
