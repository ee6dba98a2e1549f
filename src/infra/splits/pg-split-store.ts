import type { Tx } from '../../domain/shared/unit-of-work';
import type { ReversibleSplitReturn } from '../../domain/splits/split-ledger-entries';
import type { RecipientShare, SplitStore, StoredSplit } from '../../domain/splits/split-store';
import type { PartyDebit, PartyRole, PartyShare, SplitInstruction, SplitPlan } from '../../domain/splits/split.types';
import type { Sql } from '../db/sql';

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const date = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));

/** transaction_split_insert's refusal of a recipient; its detail is the recipient's zero-based position. */
const RECIPIENT_REFUSED_SQLSTATE = 'PX422';

export class PgSplitStore implements SplitStore {
  constructor(private readonly sql: Sql) {}

  insert(tx: Tx, s: { transactionId: string; marketplaceId: string; plan: SplitPlan; createdAt: Date }): Promise<void> {
    // Checks the links and writes the split in the statement that travels with the create's commit (Migration20261129040000).
    this.sql.defer(`select transaction_split_insert(?, ?, ?, ?, ?::jsonb, ?, ?::text[])`, [
      s.transactionId,
      s.marketplaceId,
      s.plan.feePayer,
      s.plan.feeRecipientId,
      JSON.stringify(s.plan.recipients),
      s.createdAt,
      s.plan.recipients.map((r) => r.recipientId),
    ], tx);
    return Promise.resolve();
  }

  refusedRecipient(error: unknown): number | null {
    const e = error as { code?: unknown; detail?: unknown } | null;
    if (e?.code !== RECIPIENT_REFUSED_SQLSTATE) return null;
    const index = Number(e.detail);
    return Number.isInteger(index) && index >= 0 ? index : null;
  }

  async find(tx: Tx | undefined, transactionId: string): Promise<StoredSplit | null> {
    const row = await this.sql.one<Record<string, unknown>>(
      `select s.marketplace_id, m.name as marketplace_name, s.fee_payer, s.fee_recipient_id, s.instructions, s.recipient_ids, s.gross, s.fee, s.returned
         from transaction_splits s join sellers m on m.id = s.marketplace_id
        where s.transaction_id = ?`,
      [transactionId],
      tx,
    );
    if (!row) return null;
    const [gross, fee, returned] = [row.gross, row.fee, row.returned] as (unknown[] | null)[];
    const sellers = [String(row.marketplace_id), ...(row.recipient_ids as string[])];
    return {
      transactionId,
      marketplaceId: String(row.marketplace_id),
      marketplaceName: String(row.marketplace_name),
      plan: { feePayer: row.fee_payer as SplitPlan['feePayer'], feeRecipientId: (row.fee_recipient_id as string | null) ?? null, recipients: row.instructions as SplitInstruction[] },
      parties: sellers.map((sellerId, i) => ({
        sellerId,
        role: (i === 0 ? 'MARKETPLACE' : 'RECIPIENT') as PartyRole,
        gross: num(gross?.[i]),
        fee: num(fee?.[i]),
        returned: num(returned?.[i]) ?? 0,
      })),
    };
  }

  async recordShares(tx: Tx, transactionId: string, shares: readonly PartyShare[]): Promise<void> {
    // Each party's part lands at its position (marketplace first, then the recipients in instruction order).
    this.sql.defer(
      `update transaction_splits s
          set (gross, fee) = (select array_agg(v.gross order by p.n), array_agg(v.fee order by p.n)
                                from unnest(array[s.marketplace_id] || s.recipient_ids) with ordinality as p(seller_id, n)
                                left join unnest(?::text[], ?::bigint[], ?::bigint[]) as v(seller_id, gross, fee) on v.seller_id = p.seller_id)
        where s.transaction_id = ?`,
      [shares.map((s) => s.sellerId), shares.map((s) => s.gross), shares.map((s) => s.fee), transactionId],
      tx,
    );
  }

  async addReturned(tx: Tx, transactionId: string, debits: readonly PartyDebit[]): Promise<void> {
    if (debits.length === 0) return;
    this.sql.defer(
      `update transaction_splits s
          set returned = (select array_agg(coalesce(s.returned[p.n], 0) + coalesce(v.amount, 0) order by p.n)
                            from unnest(array[s.marketplace_id] || s.recipient_ids) with ordinality as p(seller_id, n)
                            left join (select seller_id, sum(amount) as amount from unnest(?::text[], ?::bigint[]) as d(seller_id, amount) group by seller_id) v
                              on v.seller_id = p.seller_id)
        where s.transaction_id = ?`,
      [debits.map((d) => d.sellerId), debits.map((d) => d.amount), transactionId],
      tx,
    );
  }

  async givenParts(tx: Tx, transactionId: string, cause: ReversibleSplitReturn): Promise<PartyDebit[]> {
    const refund = cause.kind === 'REFUND';
    const rows = await this.sql.query<{ seller_id: string; amount: string }>(
      `select seller_id, (metadata ->> 'amount')::bigint as amount from ledger_entries
        where transaction_id = ? and kind = ? and metadata ->> 'split' = 'true' and (? or metadata ->> 'refundId' = ?)`,
      [transactionId, refund ? 'REFUND_DEBIT' : 'CHARGEBACK_DEBIT', !refund, refund ? cause.refundId : ''],
      tx,
    );
    return rows.map((r) => ({ sellerId: r.seller_id, amount: Number(r.amount) }));
  }

  async recipientShares(sellerId: string, o: { transactionId?: string; limit: number; skip: number }): Promise<{ items: RecipientShare[]; total: number }> {
    // The GIN index on recipient_ids finds the recipient's charges; its party is at 1 + its place among the recipients.
    const where = [`s.recipient_ids @> array[?]::text[]`];
    const params: unknown[] = [sellerId, sellerId];
    if (o.transactionId) {
      where.push('s.transaction_id = ?');
      params.push(o.transactionId);
    }
    const rows = await this.sql.query<Record<string, unknown>>(
      `select count(*) over () as total, s.transaction_id, s.marketplace_id, m.name as marketplace_name, t.status,
              s.gross[x.party] as gross, s.fee[x.party] as fee, coalesce(s.returned[x.party], 0) as returned,
              t.paid_at, t.end2end_id, t.created_at
         from transaction_splits s
        cross join lateral (select array_position(s.recipient_ids, ?::text) + 1 as party) x
         join transactions t on t.id = s.transaction_id
         join sellers m on m.id = s.marketplace_id
        where ${where.join(' and ')}
        order by t.created_at desc, s.transaction_id desc limit ? offset ?`,
      [...params, o.limit, o.skip],
    );
    return {
      total: rows[0] ? Number(rows[0].total) : 0,
      items: rows.map((r) => ({
        transactionId: String(r.transaction_id),
        marketplaceId: String(r.marketplace_id),
        marketplaceName: String(r.marketplace_name),
        status: String(r.status),
        gross: num(r.gross),
        fee: num(r.fee),
        returned: Number(r.returned),
        paidAt: r.paid_at ? date(r.paid_at as Date) : null,
        end2endId: (r.end2end_id as string | null) ?? null,
        createdAt: date(r.created_at as Date),
      })),
    };
  }
}
