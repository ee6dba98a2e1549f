import { Migration } from '@mikro-orm/migrations';
import { SPLIT_PARTIES_TABLE, SPLIT_WRITES_ONE_ROW, SPLIT_WRITES_PARTY_ROWS, splitInsertFunction } from './split-storage-sql';

/**
 * A split charge's parties in its `transaction_splits` row instead of one row per party:
 * `recipient_ids` (instruction order; the marketplace is party 1, recipient i is party i + 1),
 * and per party, in that order, `gross` and `fee` (null until paid) and `returned` (empty
 * until something is given back; a missing element is 0). The create writes one row and one
 * GIN entry per recipient instead of a row, two index entries and two foreign-key checks per
 * party (docs/decisions/0013-split-parties-in-one-row.md). `transaction_split_parties` stays,
 * as a view with its former columns, for reports and ad-hoc queries. Existing splits move over.
 */
export class Migration20261130010000SplitPartiesInOneRow extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table transaction_splits
        add column recipient_ids text[] null,
        add column gross bigint[] null,
        add column fee bigint[] null,
        add column returned bigint[] not null default '{}';`);
    this.addSql(`
      update transaction_splits s
         set recipient_ids = coalesce(p.recipient_ids, '{}'), gross = p.gross, fee = p.fee, returned = p.returned
        from (select transaction_id,
                     array_agg(seller_id order by position) filter (where role = 'RECIPIENT') as recipient_ids,
                     case when bool_and(gross is not null) then array_agg(gross order by position) end as gross,
                     case when bool_and(fee is not null) then array_agg(fee order by position) end as fee,
                     array_agg(returned order by position) as returned
                from transaction_split_parties group by transaction_id) p
       where p.transaction_id = s.transaction_id;`);
    this.addSql(`update transaction_splits set recipient_ids = '{}' where recipient_ids is null;`);
    this.addSql(`
      alter table transaction_splits
        alter column recipient_ids set not null,
        add constraint transaction_splits_gross_per_party check (gross is null or cardinality(gross) = cardinality(recipient_ids) + 1),
        add constraint transaction_splits_fee_per_party check (fee is null or cardinality(fee) = cardinality(recipient_ids) + 1),
        add constraint transaction_splits_returned_per_party check (cardinality(returned) in (0, cardinality(recipient_ids) + 1) and 0 <= all (returned));`);
    this.addSql(`create index transaction_splits_recipients on transaction_splits using gin (recipient_ids);`);
    this.addSql(`drop table transaction_split_parties;`);
    this.addSql(`
      create view transaction_split_parties as
      select s.transaction_id, p.seller_id, case when p.n = 1 then 'MARKETPLACE' else 'RECIPIENT' end as role, (p.n - 1)::int as position,
             s.gross[p.n] as gross, s.fee[p.n] as fee, coalesce(s.returned[p.n], 0) as returned
        from transaction_splits s
       cross join lateral unnest(array[s.marketplace_id] || s.recipient_ids) with ordinality as p(seller_id, n);`);
    this.addSql(splitInsertFunction(SPLIT_WRITES_ONE_ROW));
  }

  override async down(): Promise<void> {
    this.addSql(`alter view transaction_split_parties rename to transaction_split_parties_view;`);
    for (const sql of SPLIT_PARTIES_TABLE) this.addSql(sql);
    this.addSql(`
      insert into transaction_split_parties (transaction_id, seller_id, role, position, gross, fee, returned)
      select transaction_id, seller_id, role, position, gross, fee, returned from transaction_split_parties_view;`);
    this.addSql(`drop view transaction_split_parties_view;`);
    this.addSql(splitInsertFunction(SPLIT_WRITES_PARTY_ROWS));
    this.addSql(`drop index transaction_splits_recipients;`);
    this.addSql(`
      alter table transaction_splits
        drop constraint transaction_splits_gross_per_party,
        drop constraint transaction_splits_fee_per_party,
        drop constraint transaction_splits_returned_per_party,
        drop column recipient_ids, drop column gross, drop column fee, drop column returned;`);
  }
}
