import type { FeePlan } from '../../domain/accounts/accounts.types';
import type { TransactionStatus } from '../../domain/transactions/transaction-status';
import type { TransactionRepository } from '../../domain/transactions/transactions.ports';
import type { RefundStatus } from '../../domain/transactions/refund-status';
import type { BoletoCharge, CardSummary, Transaction, TransactionListFilter, TransactionPaymentMethod, TransactionRefund } from '../../domain/transactions/transaction.types';
import type { Tx } from '../../domain/shared/unit-of-work';
import type { DueDateCharge } from '../../domain/due-date/due-date-charge';
import type { Sql } from '../db/sql';
import { containsPattern } from '../db/contains-pattern';

interface Row {
  id: string;
  seller_id: string;
  amount: string;
  payment_method: TransactionPaymentMethod;
  status: TransactionStatus;
  provider_reference: string;
  txid: string | null;
  location_id: string | null;
  br_code: string | null;
  expires_at: Date | null;
  boleto: (Omit<BoletoCharge, 'expiresAt'> & { expiresAt: string }) | null;
  card: CardSummary | null;
  due_date_charge?: DueDateCharge | null;
  is_split?: boolean;
  paid_at: Date | null;
  end2end_id: string | null;
  fee_amount: string | null;
  net_amount: string | null;
  refunded_amount: string;
  refund_type: 'FULL' | 'PARTIAL' | null;
  refused_reason: string | null;
  customer: Transaction['customer'];
  metadata: Transaction['metadata'];
  description: string | null;
  merchant_order_id: string | null;
  postback_url: string | null;
  dispute_id?: string | null;
  created_at: Date;
  updated_at: Date;
}

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));
const date = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));

function toTransaction(r: Row, qrImageUrl: (locationId: string) => string): Transaction {
  return {
    id: r.id,
    sellerId: r.seller_id,
    amount: Number(r.amount),
    paymentMethod: r.payment_method,
    status: r.status,
    createdAt: date(r.created_at),
    updatedAt: date(r.updated_at),
    providerReference: r.provider_reference,
    txid: r.txid,
    locationId: r.location_id,
    pix: r.payment_method === 'PIX' && r.location_id ? { copyPaste: r.br_code ?? '', qrCode: qrImageUrl(r.location_id), expiresAt: date(r.expires_at ?? r.created_at) } : null,
    boleto: r.boleto ? { ...r.boleto, expiresAt: date(r.boleto.expiresAt) } : null,
    card: r.card,
    dueDateCharge: r.due_date_charge ?? null,
    isSplit: r.is_split === true,
    paidAt: r.paid_at ? date(r.paid_at) : null,
    end2endId: r.end2end_id,
    feeAmount: num(r.fee_amount),
    netAmount: num(r.net_amount),
    refundedAmount: Number(r.refunded_amount),
    refundType: r.refund_type,
    refusedReason: r.refused_reason,
    customer: r.customer,
    metadata: r.metadata,
    description: r.description,
    merchantOrderId: r.merchant_order_id,
    postbackUrl: r.postback_url,
    disputeId: r.dispute_id ?? null,
  };
}

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

export class PgTransactionRepository implements TransactionRepository {
  /** `qrImageUrl` makes a location's image URL (images are served by URL, not stored). */
  constructor(
    private readonly sql: Sql,
    private readonly qrImageUrl: (locationId: string) => string,
  ) {}

  async insert(tx: Tx, t: Transaction): Promise<void> {
    this.sql.defer(
      `insert into transactions (id, seller_id, amount, payment_method, status, provider_reference, txid, location_id, br_code,
         expires_at, paid_at, end2end_id, fee_amount, net_amount, refunded_amount, refund_type, refused_reason, customer, metadata,
         description, merchant_order_id, postback_url, created_at, updated_at, boleto, card, due_date_charge, is_split)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        t.id, t.sellerId, t.amount, t.paymentMethod, t.status, t.providerReference, t.txid, t.locationId, t.pix?.copyPaste ?? null,
        t.pix?.expiresAt ?? t.boleto?.expiresAt ?? null, t.paidAt, t.end2endId, t.feeAmount, t.netAmount, t.refundedAmount, t.refundType, t.refusedReason,
        json(t.customer), json(t.metadata), t.description, t.merchantOrderId, t.postbackUrl, t.createdAt, t.updatedAt,
        json(t.boleto), json(t.card), json(t.dueDateCharge), t.isSplit === true,
      ],
      tx,
    );
  }

  async lock(tx: Tx, id: string): Promise<Transaction | null> {
    const row = await this.sql.one<Row>(`select * from transactions where id = ? for update`, [id], tx);
    return row ? toTransaction(row, this.qrImageUrl) : null;
  }

  /** Only the fields that change after creation are written (a charge with a due date: its amount, once paid). */
  async update(tx: Tx, t: Transaction): Promise<void> {
    this.sql.defer(
      `update transactions set status = ?, paid_at = ?, end2end_id = ?, fee_amount = ?, net_amount = ?, refunded_amount = ?,
         refund_type = ?, refused_reason = ?, updated_at = ?, amount = ?, due_date_charge = ? where id = ?`,
      [t.status, t.paidAt, t.end2endId, t.feeAmount, t.netAmount, t.refundedAmount, t.refundType, t.refusedReason, t.updatedAt, t.amount, json(t.dueDateCharge), t.id],
      tx,
    );
  }

  async lockWithFeePlan(tx: Tx, id: string): Promise<{ transaction: Transaction; feePlan: FeePlan } | null> {
    const row = await this.sql.one<Row & { seller_fee_plan: FeePlan }>(
      `select t.*, s.fee_plan as seller_fee_plan from transactions t join sellers s on s.id = t.seller_id where t.id = ? for update of t`,
      [id],
      tx,
    );
    return row ? { transaction: toTransaction(row, this.qrImageUrl), feePlan: row.seller_fee_plan } : null;
  }

  async findById(id: string): Promise<Transaction | null> {
    const row = await this.sql.one<Row>(`select * from transactions where id = ?`, [id]);
    return row ? toTransaction(row, this.qrImageUrl) : null;
  }

  async findByBoletoToken(token: string): Promise<Transaction | null> {
    const row = await this.sql.one<Row>(`select * from transactions where boleto is not null and boleto ->> 'token' = ?`, [token]);
    return row ? toTransaction(row, this.qrImageUrl) : null;
  }

  async findByLocation(locationId: string): Promise<Transaction | null> {
    const row = await this.sql.one<Row>(`select * from transactions where location_id = ?`, [locationId]);
    return row ? toTransaction(row, this.qrImageUrl) : null;
  }

  async findByTxid(txid: string): Promise<Transaction | null> {
    const row = await this.sql.one<Row>(`select * from transactions where txid = ?`, [txid]);
    return row ? toTransaction(row, this.qrImageUrl) : null;
  }

  async brCodeAtLocation(locationId: string): Promise<string | null> {
    // A PIX Automático recurrence's QR (its location) is rendered like a charge's.
    const row = await this.sql.one<{ br_code: string }>(
      `select br_code from transactions where location_id = ? union all select br_code from recurrences where location_id = ? and br_code is not null limit 1`,
      [locationId, locationId],
    );
    return row ? row.br_code : null;
  }

  async list(f: TransactionListFilter): Promise<{ items: Transaction[]; total: number }> {
    const where = ['seller_id = ?'];
    const params: unknown[] = [f.sellerId];
    if (f.status) {
      where.push('status = ?');
      params.push(f.status);
    }
    if (f.paymentMethod) {
      where.push('payment_method = ?');
      params.push(f.paymentMethod);
    }
    if (f.createdFrom) {
      where.push('created_at >= ?');
      params.push(f.createdFrom);
    }
    if (f.createdUntil) {
      where.push('created_at <= ?');
      params.push(f.createdUntil);
    }
    if (f.search) {
      const p = containsPattern(f.search);
      where.push(`(id ilike ? escape '!' or description ilike ? escape '!' or merchant_order_id ilike ? escape '!' or end2end_id ilike ? escape '!')`);
      params.push(p, p, p, p);
    }
    const clause = where.join(' and ');
    const [rows, count] = await Promise.all([
      this.sql.query<Row>(`select * from transactions where ${clause} order by created_at desc, id desc limit ? offset ?`, [...params, f.limit, f.offset]),
      this.sql.one<{ total: string }>(`select count(*) as total from transactions where ${clause}`, params),
    ]);
    return { items: rows.map((r) => toTransaction(r, this.qrImageUrl)), total: Number(count?.total ?? 0) };
  }

  async recordReport(tx: Tx, r: { reportId: string; transactionId: string; status: string; receivedAt: Date; applied: boolean }): Promise<boolean> {
    const rows = await this.sql.query(
      `insert into institution_reports (report_id, transaction_id, status, applied, received_at) values (?, ?, ?, ?, ?)
       on conflict (report_id) do nothing returning report_id`,
      [r.reportId, r.transactionId, r.status.slice(0, 100), r.applied, r.receivedAt],
      tx,
    );
    return rows.length === 1;
  }

  async insertRefund(tx: Tx, r: { id: string; transactionId: string; sellerId: string; amount: number; createdAt: Date }): Promise<void> {
    await this.sql.query(`insert into transaction_refunds (id, transaction_id, seller_id, amount, created_at, updated_at) values (?, ?, ?, ?, ?, ?)`, [r.id, r.transactionId, r.sellerId, r.amount, r.createdAt, r.createdAt], tx);
  }

  async findRefund(id: string): Promise<TransactionRefund | null> {
    const row = await this.sql.one<RefundRow>(`select * from transaction_refunds where id = ?`, [id]);
    return row ? toRefund(row) : null;
  }

  async listRefunds(transactionId: string): Promise<TransactionRefund[]> {
    const rows = await this.sql.query<RefundRow>(`select * from transaction_refunds where transaction_id = ? order by created_at, id`, [transactionId]);
    return rows.map(toRefund);
  }

  async listRefundsOf(sellerId: string, transactionIds: readonly string[]): Promise<TransactionRefund[]> {
    if (transactionIds.length === 0) return [];
    const rows = await this.sql.query<RefundRow>(
      `select * from transaction_refunds where seller_id = ? and transaction_id = any(?::text[]) order by created_at, id`,
      [sellerId, transactionIds],
    );
    return rows.map(toRefund);
  }

  async lockRefund(tx: Tx, id: string): Promise<TransactionRefund | null> {
    const row = await this.sql.one<RefundRow>(`select * from transaction_refunds where id = ? for update`, [id], tx);
    return row ? toRefund(row) : null;
  }

  async updateRefund(tx: Tx, r: TransactionRefund): Promise<void> {
    await this.sql.query(`update transaction_refunds set status = ?, rtr_id = ?, failure_reason = ?, updated_at = ? where id = ?`, [r.status, r.rtrId, r.failureReason, r.updatedAt, r.id], tx);
  }
}

interface RefundRow {
  id: string;
  transaction_id: string;
  seller_id: string;
  amount: string;
  status: RefundStatus;
  rtr_id: string | null;
  failure_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

const toRefund = (r: RefundRow): TransactionRefund => ({
  id: r.id,
  transactionId: r.transaction_id,
  sellerId: r.seller_id,
  amount: Number(r.amount),
  status: r.status,
  rtrId: r.rtr_id,
  failureReason: r.failure_reason,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});
