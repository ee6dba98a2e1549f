import type { Dispute, DisputeListFilter, DisputeRepository, TransactionHold } from '../../domain/disputes/dispute.types';
import type { DisputeOrigin, DisputeStatus } from '../../domain/disputes/dispute-status';
import type { Tx } from '../../domain/shared/unit-of-work';
import type { TransactionStatus } from '../../domain/transactions/transaction-status';
import type { Sql } from '../db/sql';
import { cents, date } from '../ledger/sql-values';

type Row = Record<string, unknown>;

const optDate = (v: unknown): Date | null => (v === null || v === undefined ? null : date(v));

function toDispute(r: Row): Dispute {
  return {
    id: String(r.id),
    sellerId: String(r.seller_id),
    transactionId: String(r.transaction_id),
    origin: r.origin as DisputeOrigin,
    status: r.status as DisputeStatus,
    amount: cents(r.amount),
    blockedAmount: cents(r.blocked_amount),
    owedAmount: cents(r.owed_amount),
    appealReason: (r.appeal_reason as string | null) ?? null,
    appealedAt: optDate(r.appealed_at),
    appealDeadline: date(r.appeal_deadline),
    decidedAt: optDate(r.decided_at),
    decidedBy: (r.decided_by as string | null) ?? null,
    createdAt: date(r.created_at),
    updatedAt: date(r.updated_at),
  };
}

function toHold(r: Row): TransactionHold {
  return {
    transactionId: String(r.transaction_id),
    sellerId: String(r.seller_id),
    amount: cents(r.amount),
    previousStatus: r.previous_status as TransactionStatus,
    releasedAt: optDate(r.released_at),
    createdAt: date(r.created_at),
  };
}

/** Disputes and transaction holds on PostgreSQL. */
export class PgDisputeRepository implements DisputeRepository {
  constructor(private readonly sql: Sql) {}

  async insert(tx: Tx, d: Dispute): Promise<void> {
    await this.sql.query(
      `insert into disputes (id, seller_id, transaction_id, origin, status, amount, blocked_amount, owed_amount, appeal_reason, appealed_at,
         appeal_deadline, decided_at, decided_by, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [d.id, d.sellerId, d.transactionId, d.origin, d.status, d.amount, d.blockedAmount, d.owedAmount, d.appealReason, d.appealedAt,
        d.appealDeadline, d.decidedAt, d.decidedBy, d.createdAt, d.updatedAt],
      tx,
    );
    await this.sql.query(`update transactions set dispute_id = ? where id = ?`, [d.id, d.transactionId], tx);
  }

  async update(tx: Tx, d: Dispute): Promise<void> {
    await this.sql.query(
      `update disputes set origin = ?, status = ?, blocked_amount = ?, owed_amount = ?, appeal_reason = ?, appealed_at = ?, decided_at = ?,
         decided_by = ?, updated_at = ? where id = ?`,
      [d.origin, d.status, d.blockedAmount, d.owedAmount, d.appealReason, d.appealedAt, d.decidedAt, d.decidedBy, d.updatedAt, d.id],
      tx,
    );
  }

  async lock(tx: Tx, id: string): Promise<Dispute | null> {
    const r = await this.sql.one<Row>(`select * from disputes where id = ? for update`, [id], tx);
    return r ? toDispute(r) : null;
  }

  async lockActiveOfTransaction(tx: Tx, transactionId: string): Promise<Dispute | null> {
    const r = await this.sql.one<Row>(`select * from disputes where transaction_id = ? and status in ('OPEN', 'UNDER_REVIEW') for update`, [transactionId], tx);
    return r ? toDispute(r) : null;
  }

  async findById(id: string): Promise<Dispute | null> {
    const r = await this.sql.one<Row>(`select * from disputes where id = ?`, [id]);
    return r ? toDispute(r) : null;
  }

  async latestOfTransactions(transactionIds: string[]): Promise<Map<string, Dispute>> {
    const out = new Map<string, Dispute>();
    if (transactionIds.length === 0) return out;
    const rows = await this.sql.query<Row>(
      `select distinct on (transaction_id) * from disputes where transaction_id = any(?::text[]) order by transaction_id, created_at desc, id desc`,
      [transactionIds],
    );
    for (const r of rows) out.set(String(r.transaction_id), toDispute(r));
    return out;
  }

  async list(f: DisputeListFilter): Promise<{ items: Dispute[]; total: number }> {
    const where = ['seller_id = ?'];
    const params: unknown[] = [f.sellerId];
    const add = (clause: string, v: unknown) => {
      where.push(clause);
      params.push(v);
    };
    if (f.status) add('status = ?', f.status);
    if (f.origin) add('origin = ?', f.origin);
    if (f.transactionId) add('transaction_id = ?', f.transactionId);
    if (f.createdFrom) add('created_at >= ?', f.createdFrom);
    if (f.createdUntil) add('created_at <= ?', f.createdUntil);
    const clause = where.join(' and ');
    const [rows, count] = await Promise.all([
      this.sql.query<Row>(`select * from disputes where ${clause} order by created_at desc, id desc limit ? offset ?`, [...params, f.limit, f.offset]),
      this.sql.one<{ total: unknown }>(`select count(*) as total from disputes where ${clause}`, params),
    ]);
    return { items: rows.map(toDispute), total: cents(count?.total ?? 0) };
  }

  async insertHold(tx: Tx, h: TransactionHold): Promise<void> {
    await this.sql.query(
      `insert into transaction_holds (transaction_id, seller_id, amount, previous_status, released_at, created_at) values (?, ?, ?, ?, ?, ?)
       on conflict (transaction_id) do update set amount = excluded.amount, previous_status = excluded.previous_status, released_at = null,
         created_at = excluded.created_at`,
      [h.transactionId, h.sellerId, h.amount, h.previousStatus, h.releasedAt, h.createdAt],
      tx,
    );
  }

  async activeHold(tx: Tx, transactionId: string): Promise<TransactionHold | null> {
    const r = await this.sql.one<Row>(`select * from transaction_holds where transaction_id = ? and released_at is null`, [transactionId], tx);
    return r ? toHold(r) : null;
  }

  async markHoldReleased(tx: Tx, transactionId: string, at: Date): Promise<void> {
    await this.sql.query(`update transaction_holds set released_at = ? where transaction_id = ?`, [at, transactionId], tx);
  }
}
