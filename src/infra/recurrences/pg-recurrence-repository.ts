import type { DocumentType } from '../../domain/documents/document';
import type { AuthorisationJourney } from '../../domain/recurrences/create-recurrence.input';
import type { RecurrencePeriod } from '../../domain/recurrences/recurrence-calendar';
import type { RecurrenceStatus } from '../../domain/recurrences/recurrence-status';
import type { PushRequestStatus, Recurrence, RecurrenceListFilter, RecurrenceRepository } from '../../domain/recurrences/recurrence.types';
import type { RetryPolicy } from '../../domain/recurrences/retry-policy';
import type { Tx } from '../../domain/shared/unit-of-work';
import type { Sql } from '../db/sql';
import { cents, date } from '../ledger/sql-values';

interface Row {
  id: string;
  seller_id: string;
  rec_id: string;
  status: RecurrenceStatus;
  journey: AuthorisationJourney;
  contract_object: string | null;
  contract_number: string;
  payer_name: string;
  payer_document_type: DocumentType;
  payer_document: string;
  first_date: string;
  last_date: string | null;
  period: RecurrencePeriod;
  amount_type: 'FIXED' | 'VARIABLE';
  amount: string | null;
  minimum_amount: string | null;
  retry_policy: RetryPolicy;
  location_id: string | null;
  br_code: string | null;
  push_request_status: PushRequestStatus | null;
  first_payment_transaction_id: string | null;
  authorisation_expires_at: Date | string;
  ended_by: NonNullable<Recurrence['end']>['by'] | null;
  end_reason: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  approved_at: Date | string | null;
  next_cycle_amount: string | null;
  sandbox_clock_days: number;
}

const INSERTED = `id, seller_id, rec_id, status, journey, contract_object, contract_number, payer_name, payer_document_type, payer_document,
  first_date, last_date, period, amount_type, amount, minimum_amount, retry_policy, location_id, br_code, push_request_status,
  first_payment_transaction_id, authorisation_expires_at, ended_by, end_reason, created_at, updated_at, approved_at, next_cycle_amount, sandbox_clock_days`;
// Dates as text: a `date` read into a JS Date would shift with the process's time zone.
const SELECTED = INSERTED.replace('first_date, last_date', 'first_date::text as first_date, last_date::text as last_date');

function toRecurrence(r: Row): Recurrence {
  return {
    id: r.id,
    sellerId: r.seller_id,
    recId: r.rec_id,
    status: r.status,
    journey: r.journey,
    contract: { object: r.contract_object, number: r.contract_number, payer: { name: r.payer_name, document: r.payer_document, documentType: r.payer_document_type } },
    calendar: { firstDate: r.first_date, lastDate: r.last_date, period: r.period },
    amount: r.amount_type === 'FIXED' ? { type: 'FIXED', cents: cents(r.amount!) } : { type: 'VARIABLE', minimumCents: r.minimum_amount === null ? null : cents(r.minimum_amount) },
    retryPolicy: r.retry_policy,
    locationId: r.location_id,
    brCode: r.br_code,
    pushRequestStatus: r.push_request_status,
    firstPaymentTransactionId: r.first_payment_transaction_id,
    authorisationExpiresAt: date(r.authorisation_expires_at),
    end: r.ended_by === null ? null : { by: r.ended_by, reason: r.end_reason },
    createdAt: date(r.created_at),
    updatedAt: date(r.updated_at),
    approvedAt: r.approved_at === null ? null : date(r.approved_at),
    nextCycleAmount: r.next_cycle_amount === null ? null : cents(r.next_cycle_amount),
    sandboxClockDays: Number(r.sandbox_clock_days),
  };
}

export class PgRecurrenceRepository implements RecurrenceRepository {
  constructor(private readonly sql: Sql) {}

  async insert(tx: Tx, r: Recurrence): Promise<void> {
    const placeholders = INSERTED.split(',').map(() => '?').join(', ');
    this.sql.defer(
      `insert into recurrences (${INSERTED}) values (${placeholders})`,
      [
        r.id, r.sellerId, r.recId, r.status, r.journey, r.contract.object, r.contract.number, r.contract.payer.name, r.contract.payer.documentType, r.contract.payer.document,
        r.calendar.firstDate, r.calendar.lastDate, r.calendar.period, r.amount.type, r.amount.type === 'FIXED' ? r.amount.cents : null,
        r.amount.type === 'VARIABLE' ? r.amount.minimumCents : null, r.retryPolicy, r.locationId, r.brCode, r.pushRequestStatus,
        r.firstPaymentTransactionId, r.authorisationExpiresAt, r.end?.by ?? null, r.end?.reason ?? null, r.createdAt, r.updatedAt, r.approvedAt,
        r.nextCycleAmount, r.sandboxClockDays,
      ],
      tx,
    );
  }

  async lock(tx: Tx, id: string): Promise<Recurrence | null> {
    const row = await this.sql.one<Row>(`select ${SELECTED} from recurrences where id = ? for update`, [id], tx);
    return row ? toRecurrence(row) : null;
  }

  async update(tx: Tx, r: Recurrence): Promise<void> {
    this.sql.defer(
      `update recurrences set status = ?, push_request_status = ?, ended_by = ?, end_reason = ?, approved_at = ?, updated_at = ?, next_cycle_amount = ?, sandbox_clock_days = ? where id = ?`,
      [r.status, r.pushRequestStatus, r.end?.by ?? null, r.end?.reason ?? null, r.approvedAt, r.updatedAt, r.nextCycleAmount, r.sandboxClockDays, r.id],
      tx,
    );
  }

  async findById(id: string): Promise<Recurrence | null> {
    const row = await this.sql.one<Row>(`select ${SELECTED} from recurrences where id = ?`, [id]);
    return row ? toRecurrence(row) : null;
  }

  async findByLocation(locationId: string): Promise<Recurrence | null> {
    const row = await this.sql.one<Row>(`select ${SELECTED} from recurrences where location_id = ?`, [locationId]);
    return row ? toRecurrence(row) : null;
  }

  async findByRecId(recId: string): Promise<Recurrence | null> {
    const row = await this.sql.one<Row>(`select ${SELECTED} from recurrences where rec_id = ?`, [recId]);
    return row ? toRecurrence(row) : null;
  }

  async list(f: RecurrenceListFilter): Promise<{ items: Recurrence[]; total: number }> {
    const where = f.status ? 'seller_id = ? and status = ?' : 'seller_id = ?';
    const params = f.status ? [f.sellerId, f.status] : [f.sellerId];
    // Sequential: the embedded database has a single connection.
    const rows = await this.sql.query<Row>(`select ${SELECTED} from recurrences where ${where} order by created_at desc, id desc limit ? offset ?`, [...params, f.limit, f.offset]);
    const count = await this.sql.one<{ total: string }>(`select count(*) as total from recurrences where ${where}`, params);
    return { items: rows.map(toRecurrence), total: Number(count?.total ?? 0) };
  }
}
