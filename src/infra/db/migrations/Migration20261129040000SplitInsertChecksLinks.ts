import { Migration } from '@mikro-orm/migrations';

/**
 * A split charge's instructions and parties in one call, inside the charge's create
 * transaction, after checking that every recipient is connected to the marketplace by an
 * ACTIVE link and KYC-approved at that moment. When one is not, it raises SQLSTATE PX422
 * with the zero-based position of the first such recipient as its detail, the create's
 * transaction fails and nothing is written: the check costs the create no round trip of
 * its own, and no link ended before the create's statement ran can slip through.
 */
export class Migration20261129040000SplitInsertChecksLinks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create function transaction_split_insert(p_transaction_id text, p_marketplace_id text, p_fee_payer text, p_fee_recipient_id text,
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
        end if;
        insert into transaction_splits (transaction_id, marketplace_id, fee_payer, fee_recipient_id, instructions, created_at)
        values (p_transaction_id, p_marketplace_id, p_fee_payer, p_fee_recipient_id, p_instructions, p_created_at);
        insert into transaction_split_parties (transaction_id, seller_id, role, position)
        select p_transaction_id, p.seller_id, case when p.n = 1 then 'MARKETPLACE' else 'RECIPIENT' end, (p.n - 1)::int
          from unnest(array[p_marketplace_id] || p_recipients) with ordinality as p(seller_id, n);
      end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function transaction_split_insert(text, text, text, text, jsonb, timestamptz, text[]);`);
  }
}
