import type { CycleStatus } from '../../domain/recurrences/cycle-status';
import type { CycleAttempt, RecurrenceCycle, RecurrenceCycleRepository } from '../../domain/recurrences/recurrence-cycle.types';
import type { Tx } from '../../domain/shared/unit-of-work';
import type { Sql } from '../db/sql';
import { cents, date } from '../ledger/sql-values';

interface Row {
  recurrence_id: string;
  number: number;
  seller_id: string;
  due_date: string;
  amount: string | null;
  status: CycleStatus;
  transaction_id: string | null;
  attempts: (Omit<CycleAttempt, 'at'> & { at: string })[] | string;
  next_attempt_on: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

function toCycle(r: Row): RecurrenceCycle {
  const attempts = typeof r.attempts === 'string' ? (JSON.parse(r.attempts) as Exclude<Row['attempts'], string>) : r.attempts;
  return {
    recurrenceId: r.recurrence_id,
    sellerId: r.seller_id,
    number: Number(r.number),
    dueDate: r.due_date,
    amount: r.amount === null ? null : cents(r.amount),
    status: r.status,
    transactionId: r.transaction_id,
    attempts: attempts.map((a) => ({ ...a, at: new Date(a.at) })),
    nextAttemptOn: r.next_attempt_on,
    createdAt: date(r.created_at),
    updatedAt: date(r.updated_at),
  };
}

const attemptsJson = (c: RecurrenceCycle) => JSON.stringify(c.attempts.map((a) => ({ ...a, at: a.at.toISOString() })));

export class PgRecurrenceCycleRepository implements RecurrenceCycleRepository {
  constructor(private readonly sql: Sql) {}

  async insert(tx: Tx, c: RecurrenceCycle): Promise<void> {
    this.sql.defer(
      `insert into recurrence_cycles (recurrence_id, number, seller_id, due_date, amount, status, transaction_id, attempts, next_attempt_on, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?)`,
      [c.recurrenceId, c.number, c.sellerId, c.dueDate, c.amount, c.status, c.transactionId, attemptsJson(c), c.nextAttemptOn, c.createdAt, c.updatedAt],
      tx,
    );
  }

  async update(tx: Tx, c: RecurrenceCycle): Promise<void> {
    this.sql.defer(
      `update recurrence_cycles set status = ?, attempts = ?::jsonb, next_attempt_on = ?, updated_at = ? where recurrence_id = ? and number = ?`,
      [c.status, attemptsJson(c), c.nextAttemptOn, c.updatedAt, c.recurrenceId, c.number],
      tx,
    );
  }

  async list(recurrenceId: string, tx?: Tx): Promise<RecurrenceCycle[]> {
    // Dates as text: a `date` read into a JS Date would shift with the process's time zone.
    const rows = await this.sql.query<Row>(
      `select recurrence_id, number, seller_id, due_date::text as due_date, amount, status, transaction_id, attempts, next_attempt_on::text as next_attempt_on, created_at, updated_at
       from recurrence_cycles where recurrence_id = ? order by number`,
      [recurrenceId],
      tx,
    );
    return rows.map(toCycle);
  }
}
