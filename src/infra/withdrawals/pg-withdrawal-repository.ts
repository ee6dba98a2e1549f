import type { DocumentType } from '../../domain/documents/document';
import type { PixKeyType } from '../../domain/pix/pix-key';
import type { Tx } from '../../domain/shared/unit-of-work';
import type { WithdrawalStatus } from '../../domain/withdrawals/withdrawal-status';
import type { WithdrawalRepository } from '../../domain/withdrawals/withdrawals.ports';
import type { Withdrawal, WithdrawalListFilter } from '../../domain/withdrawals/withdrawal.types';
import type { Sql } from '../db/sql';
import { cents, date } from '../ledger/sql-values';
import { containsPattern } from '../db/contains-pattern';

interface Row {
  id: string;
  seller_id: string;
  amount: string;
  fee_amount: string;
  method: 'PIX';
  pix_key: string;
  pix_key_type: PixKeyType;
  status: WithdrawalStatus;
  description: string | null;
  external_reference: string | null;
  beneficiary_name: string | null;
  beneficiary_document_type: DocumentType | null;
  beneficiary_document_number: string | null;
  metadata: Record<string, unknown> | null;
  end2end: string | null;
  failure_reason: string | null;
  payout_waiting_reason: string | null;
  approved_at: Date | string | null;
  processed_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = `id, seller_id, amount, fee_amount, method, pix_key, pix_key_type, status, description, external_reference,
  beneficiary_name, beneficiary_document_type, beneficiary_document_number, metadata, end2end, failure_reason,
  payout_waiting_reason, approved_at, processed_at, created_at, updated_at`;

const optionalDate = (v: Date | string | null): Date | null => (v === null ? null : date(v));

function toWithdrawal(r: Row): Withdrawal {
  return {
    id: r.id,
    sellerId: r.seller_id,
    amount: cents(r.amount),
    feeAmount: cents(r.fee_amount),
    method: r.method,
    pixKey: r.pix_key,
    pixKeyType: r.pix_key_type,
    status: r.status,
    description: r.description,
    externalReference: r.external_reference,
    beneficiary: { name: r.beneficiary_name, documentType: r.beneficiary_document_type, documentNumber: r.beneficiary_document_number },
    metadata: typeof r.metadata === 'string' ? (JSON.parse(r.metadata) as Record<string, unknown>) : r.metadata,
    end2end: r.end2end,
    failureReason: r.failure_reason,
    waitingReason: r.payout_waiting_reason,
    approvedAt: optionalDate(r.approved_at),
    processedAt: optionalDate(r.processed_at),
    createdAt: date(r.created_at),
    updatedAt: date(r.updated_at),
  };
}

/** The WHERE clause of a list filter (without take / skip), with its parameters. */
export function whereOf(f: WithdrawalListFilter): { clause: string; params: unknown[] } {
  const where = ['seller_id = ?'];
  const params: unknown[] = [f.sellerId];
  const add = (sql: string, ...values: unknown[]) => {
    where.push(sql);
    params.push(...values);
  };
  if (f.status) add('status = ?', f.status);
  if (f.method) add('method = ?', f.method);
  if (f.id) add('id = ?', f.id);
  if (f.createdFrom) add('created_at >= ?', f.createdFrom);
  if (f.createdBefore) add('created_at < ?', f.createdBefore);
  if (f.minAmount !== undefined) add('amount >= ?', f.minAmount);
  if (f.maxAmount !== undefined) add('amount <= ?', f.maxAmount);
  // jsonb_exists is the function behind the `?` operator, which would clash with placeholders.
  if (f.metadataKey !== undefined && f.metadataValue === undefined) add('jsonb_exists(metadata, ?)', f.metadataKey);
  if (f.metadataKey !== undefined && f.metadataValue !== undefined) add(`(metadata ->> ?) ilike ? escape '!'`, f.metadataKey, containsPattern(f.metadataValue));
  if (f.search) {
    const p = containsPattern(f.search);
    add(`(id ilike ? escape '!' or external_reference ilike ? escape '!' or end2end ilike ? escape '!' or pix_key ilike ? escape '!')`, p, p, p, p);
  }
  return { clause: where.join(' and '), params };
}

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

export class PgWithdrawalRepository implements WithdrawalRepository {
  constructor(private readonly sql: Sql) {}

  async insert(tx: Tx, w: Withdrawal, pspPayoutId: string): Promise<void> {
    this.sql.defer(
      `insert into withdrawals (${COLUMNS}, psp_payout_id) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        w.id, w.sellerId, w.amount, w.feeAmount, w.method, w.pixKey, w.pixKeyType, w.status, w.description, w.externalReference,
        w.beneficiary.name, w.beneficiary.documentType, w.beneficiary.documentNumber, json(w.metadata), w.end2end, w.failureReason,
        w.waitingReason, w.approvedAt, w.processedAt, w.createdAt, w.updatedAt, pspPayoutId,
      ],
      tx,
    );
  }

  async lock(tx: Tx, id: string): Promise<Withdrawal | null> {
    const row = await this.sql.one<Row>(`select ${COLUMNS} from withdrawals where id = ? for update`, [id], tx);
    return row ? toWithdrawal(row) : null;
  }

  async update(tx: Tx, w: Withdrawal): Promise<void> {
    this.sql.defer(
      `update withdrawals set status = ?, end2end = ?, failure_reason = ?, payout_waiting_reason = ?, approved_at = ?, processed_at = ?, updated_at = ? where id = ?`,
      [w.status, w.end2end, w.failureReason, w.waitingReason, w.approvedAt, w.processedAt, w.updatedAt, w.id],
      tx,
    );
  }

  async findById(id: string): Promise<Withdrawal | null> {
    const row = await this.sql.one<Row>(`select ${COLUMNS} from withdrawals where id = ?`, [id]);
    return row ? toWithdrawal(row) : null;
  }

  async list(f: WithdrawalListFilter): Promise<{ items: Withdrawal[]; total: number }> {
    const { clause, params } = whereOf(f);
    // Sequential: the embedded database has a single connection.
    const rows = await this.sql.query<Row>(`select ${COLUMNS} from withdrawals where ${clause} order by created_at desc, id desc limit ? offset ?`, [...params, f.take, f.skip]);
    const count = await this.sql.one<{ total: string }>(`select count(*) as total from withdrawals where ${clause}`, params);
    return { items: rows.map(toWithdrawal), total: Number(count?.total ?? 0) };
  }

  /**
   * Keyset pagination over (created_at desc, id desc): each batch is one short query
   * on a pooled connection (no connection is held while the client reads), resumed
   * after the last row of the previous batch. Rows created during the export are newer
   * than its first row and do not appear; the batches are not one snapshot.
   */
  async *stream(f: WithdrawalListFilter, batchSize: number): AsyncIterable<Withdrawal[]> {
    const { clause, params } = whereOf(f);
    let after: { createdAt: Date; id: string } | null = null;
    for (;;) {
      const rows: Row[] = after
        ? await this.sql.query<Row>(
            `select ${COLUMNS} from withdrawals where ${clause} and (created_at, id) < (?, ?) order by created_at desc, id desc limit ?`,
            [...params, after.createdAt, after.id, batchSize],
          )
        : await this.sql.query<Row>(`select ${COLUMNS} from withdrawals where ${clause} order by created_at desc, id desc limit ?`, [...params, batchSize]);
      if (rows.length === 0) return;
      const batch = rows.map(toWithdrawal);
      yield batch;
      if (rows.length < batchSize) return;
      const last = batch[batch.length - 1]!;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }

  async recordReport(tx: Tx, r: { reportId: string; withdrawalId: string; status: string; receivedAt: Date; applied: boolean }): Promise<boolean> {
    const rows = await this.sql.query(
      `insert into withdrawal_reports (report_id, withdrawal_id, status, applied, received_at) values (?, ?, ?, ?, ?)
       on conflict (report_id) do nothing returning report_id`,
      [r.reportId, r.withdrawalId, r.status.slice(0, 100), r.applied, r.receivedAt],
      tx,
    );
    return rows.length === 1;
  }
}
