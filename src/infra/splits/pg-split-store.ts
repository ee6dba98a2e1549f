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
    const rows = await this.sql.query<Record<string, unknown>>(
      `select s.marketplace_id, m.name as marketplace_name, s.fee_payer, s.fee_recipient_id, s.instructions, p.seller_id, p.role, p.gross, p.fee, p.returned
         from transaction_splits s join transaction_split_parties p on p.transaction_id = s.transaction_id
         join sellers m on m.id = s.marketplace_id
        where s.transaction_id = ? order by p.position`,
      [transactionId],
      tx,
    );
    const first = rows[0];
    if (!first) return null;
    return {
      transactionId,
      marketplaceId: String(first.marketplace_id),
      marketplaceName: String(first.marketplace_name),
      plan: { feePayer: first.fee_payer as SplitPlan['feePayer'], feeRecipientId: (first.fee_recipient_id as string | null) ?? null, recipients: first.instructions as SplitInstruction[] },
      parties: rows.map((r) => ({ sellerId: String(r.seller_id), role: r.role as PartyRole, gross: num(r.gross), fee: num(r.fee), returned: Number(r.returned) })),
    };
  }

  async recordShares(tx: Tx, transactionId: string, shares: readonly PartyShare[]): Promise<void> {
    this.sql.defer(
      `update transaction_split_parties p set gross = v.gross, fee = v.fee
         from unnest(?::text[], ?::bigint[], ?::bigint[]) as v(seller_id, gross, fee)
        where p.transaction_id = ? and p.seller_id = v.seller_id`,
      [shares.map((s) => s.sellerId), shares.map((s) => s.gross), shares.map((s) => s.fee), transactionId],
      tx,
    );
  }

  async addReturned(tx: Tx, transactionId: string, debits: readonly PartyDebit[]): Promise<void> {
    if (debits.length === 0) return;
    this.sql.defer(
      `update transaction_split_parties p set returned = p.returned + v.amount
         from unnest(?::text[], ?::bigint[]) as v(seller_id, amount)
        where p.transaction_id = ? and p.seller_id = v.seller_id`,
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
    const where = [`p.seller_id = ?`, `p.role = 'RECIPIENT'`];
    const params: unknown[] = [sellerId];
    if (o.transactionId) {
      where.push('p.transaction_id = ?');
      params.push(o.transactionId);
    }
    const rows = await this.sql.query<Record<string, unknown>>(
      `select count(*) over () as total, p.transaction_id, s.marketplace_id, m.name as marketplace_name, t.status, p.gross, p.fee, p.returned,
              t.paid_at, t.end2end_id, t.created_at
         from transaction_split_parties p
         join transaction_splits s on s.transaction_id = p.transaction_id
         join transactions t on t.id = p.transaction_id
         join sellers m on m.id = s.marketplace_id
        where ${where.join(' and ')}
        order by t.created_at desc, p.transaction_id desc limit ? offset ?`,
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
