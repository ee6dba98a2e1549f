import type { DataRequestRepository } from '../../domain/privacy/data-subject.ports';
import type { DataRequest, DataRequestEvent, DataRequestFilter } from '../../domain/privacy/data-subject.types';
import type { Tx } from '../../domain/shared/unit-of-work';
import type { Sql } from '../db/sql';
import { date } from '../ledger/sql-values';

interface Row {
  id: string;
  kind: DataRequest['kind'];
  user_id: string;
  seller_id: string | null;
  status: DataRequest['status'];
  reason: string | null;
  requested_at: Date | string;
  due_at: Date | string | null;
  closed_at: Date | string | null;
  closed_by: string | null;
  rejection_reason: string | null;
  retention_until: Date | string | null;
  retention_done_at: Date | string | null;
  export_file: string | null;
  download_expires_at: Date | string | null;
  downloaded_at: Date | string | null;
}

const COLUMNS = `id, kind, user_id, seller_id, status, reason, requested_at, due_at, closed_at, closed_by, rejection_reason,
  retention_until, retention_done_at, export_file, download_expires_at, downloaded_at`;

const opt = (v: Date | string | null) => (v === null ? null : date(v));

function toRequest(r: Row): DataRequest {
  return {
    id: r.id,
    kind: r.kind,
    userId: r.user_id,
    sellerId: r.seller_id,
    status: r.status,
    reason: r.reason,
    requestedAt: date(r.requested_at),
    dueAt: opt(r.due_at),
    closedAt: opt(r.closed_at),
    closedBy: r.closed_by,
    rejectionReason: r.rejection_reason,
    retentionUntil: opt(r.retention_until),
    retentionDoneAt: opt(r.retention_done_at),
    exportFile: r.export_file,
    downloadExpiresAt: opt(r.download_expires_at),
    downloadedAt: opt(r.downloaded_at),
  };
}

const OPEN_STATUS: Record<DataRequest['kind'], DataRequest['status']> = { EXPORT: 'QUEUED', ERASURE: 'OPEN' };

export class PgDataRequestRepository implements DataRequestRepository {
  constructor(private readonly sql: Sql) {}

  async insert(tx: Tx, r: DataRequest): Promise<void> {
    await this.sql.query(
      `insert into data_subject_requests (id, kind, user_id, seller_id, status, reason, requested_at, due_at) values (?, ?, ?, ?, ?, ?, ?, ?)`,
      [r.id, r.kind, r.userId, r.sellerId, r.status, r.reason, r.requestedAt, r.dueAt],
      tx,
    );
  }

  async findForUpdate(tx: Tx, id: string) {
    const row = await this.sql.one<Row>(`select ${COLUMNS} from data_subject_requests where id = ? for update`, [id], tx);
    return row ? toRequest(row) : null;
  }

  async findById(id: string) {
    const row = await this.sql.one<Row>(`select ${COLUMNS} from data_subject_requests where id = ?`, [id]);
    return row ? toRequest(row) : null;
  }

  async findOpen(tx: Tx, userId: string, kind: DataRequest['kind']) {
    // The user's row lock serialises two requests of the same user.
    await this.sql.query(`select 1 from users where id = ? for update`, [userId], tx);
    const row = await this.sql.one<Row>(
      `select ${COLUMNS} from data_subject_requests where user_id = ? and kind = ? and status = ? order by requested_at desc limit 1`,
      [userId, kind, OPEN_STATUS[kind]],
      tx,
    );
    return row ? toRequest(row) : null;
  }

  async listByUser(userId: string) {
    const rows = await this.sql.query<Row>(`select ${COLUMNS} from data_subject_requests where user_id = ? order by requested_at desc, id desc limit 100`, [userId]);
    return rows.map(toRequest);
  }

  async list(f: DataRequestFilter, now: Date) {
    const where: string[] = [];
    const params: unknown[] = [];
    if (f.status) (where.push('status = ?'), params.push(f.status));
    if (f.kind) (where.push('kind = ?'), params.push(f.kind));
    if (f.dueBefore) (where.push('due_at <= ?'), params.push(f.dueBefore));
    const rows = await this.sql.query<Row>(
      `select ${COLUMNS} from data_subject_requests ${where.length ? `where ${where.join(' and ')}` : ''}
        order by (status in ('OPEN','QUEUED') and due_at < ?) desc, due_at asc nulls last, requested_at desc, id desc
        limit ? offset ?`,
      [...params, now, f.take, f.skip],
    );
    return rows.map(toRequest);
  }

  async update(tx: Tx, r: DataRequest): Promise<void> {
    this.sql.defer(
      `update data_subject_requests set status = ?, closed_at = ?, closed_by = ?, rejection_reason = ?, retention_until = ?, retention_done_at = ? where id = ?`,
      [r.status, r.closedAt, r.closedBy, r.rejectionReason, r.retentionUntil, r.retentionDoneAt, r.id],
      tx,
    );
  }

  addEvent(tx: Tx, requestId: string, e: DataRequestEvent): void {
    this.sql.defer(
      `insert into data_subject_request_events (request_id, at, actor, action, detail) values (?, ?, ?, ?, ?)`,
      [requestId, e.at, e.actor, e.action, e.detail === null ? null : JSON.stringify(e.detail)],
      tx,
    );
  }

  async history(requestId: string) {
    const rows = await this.sql.query<{ at: Date | string; actor: string; action: string; detail: Record<string, unknown> | null }>(
      `select at, actor, action, detail from data_subject_request_events where request_id = ? order by id`,
      [requestId],
    );
    return rows.map((r) => ({ at: date(r.at), actor: r.actor, action: r.action, detail: r.detail }));
  }

  async claimBuild(requestId: string, now: Date, staleBefore: Date) {
    const rows = await this.sql.query(
      `update data_subject_requests set build_started_at = ?
        where id = ? and status = 'QUEUED' and (build_started_at is null or build_started_at < ?) returning id`,
      [now, requestId, staleBefore],
    );
    return rows.length === 1;
  }

  async setDownloadToken(requestId: string, file: string, tokenHash: string, expiresAt: Date) {
    await this.sql.query(
      `update data_subject_requests set export_file = ?, download_token_hash = ?, download_expires_at = ?, downloaded_at = null where id = ?`,
      [file, tokenHash, expiresAt, requestId],
    );
  }

  async claimDownload(tokenHash: string, now: Date) {
    const row = await this.sql.one<Row>(
      `update data_subject_requests set downloaded_at = ?, download_token_hash = null
        where download_token_hash = ? and downloaded_at is null and download_expires_at > ?
        returning ${COLUMNS}`,
      [now, tokenHash, now],
    );
    return row ? toRequest(row) : null;
  }

  async expiredExportFiles(now: Date, limit: number) {
    return this.sql.query<{ id: string; file: string }>(
      `select id, export_file as file from data_subject_requests where export_file is not null and download_expires_at < ? order by download_expires_at limit ?`,
      [now, limit],
    );
  }

  forgetExportFile(tx: Tx, requestId: string): void {
    this.sql.defer(`update data_subject_requests set export_file = null, download_token_hash = null where id = ?`, [requestId], tx);
  }

  async usersOfSeller(tx: Tx, sellerId: string) {
    const rows = await this.sql.query<{ id: string }>(`select id from users where seller_id = ?`, [sellerId], tx);
    return rows.map((r) => r.id);
  }
}
