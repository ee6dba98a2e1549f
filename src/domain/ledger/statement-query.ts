import { z } from 'zod';
import { validationError } from '../shared/errors';
import { coded, codedMessage } from '../shared/zod-input';
import type { StatementType } from './ledger.types';
import { STATEMENT_TYPES } from './ledger.types';
import { integerParam } from '../shared/query-params';

/**
 * Statement filters, shared by the REST and GraphQL doors.
 *
 * Dates: `startDate` and `endDate` are calendar days `YYYY-MM-DD`, both inclusive,
 * interpreted in UTC: the range is [startDate 00:00:00.000Z, endDate + 1 day 00:00Z).
 *
 * Pagination: newest first (createdAt desc, then id desc). `cursor` is the id of the
 * last entry of the previous page; the next page holds the entries that come after it
 * in that order. `skip` is applied after the cursor (normally 0 with a cursor). The
 * cursor is the efficient way to walk a long statement; `skip` costs O(skip).
 */
export const STATEMENT_TAKE_DEFAULT = 10;
export const STATEMENT_TAKE_MAX = 100;

export interface DayRange {
  startDate: string | null;
  endDate: string | null;
}

export interface StatementQuery extends DayRange {
  take: number;
  skip: number;
  operationType: StatementType | null;
  cursor: string | null;
}

export interface RawStatementQuery {
  take?: unknown;
  skip?: unknown;
  startDate?: unknown;
  endDate?: unknown;
  operationType?: unknown;
  cursor?: unknown;
}

const absent = (v: unknown) => v === undefined || v === null;


const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day `YYYY-MM-DD` (2024-02-30 is refused). */
export function isCalendarDay(v: string): boolean {
  const m = DAY.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && y >= 1970;
}

const dayMessage = (field: string) => `${field} must be a date in the format YYYY-MM-DD`;

/** An optional `YYYY-MM-DD` query parameter (a real calendar day), 400 INVALID_DATE otherwise. */
export const queryDay = (field: string, description: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string(coded('INVALID_DATE', dayMessage(field))).refine(isCalendarDay, { message: codedMessage('INVALID_DATE', dayMessage(field)) }).describe(`${description} (YYYY-MM-DD)`).optional(),
  );

function day(v: unknown, field: 'startDate' | 'endDate'): string | null {
  if (absent(v)) return null;
  if (typeof v !== 'string' || !isCalendarDay(v)) {
    throw validationError('INVALID_DATE', dayMessage(field), { field });
  }
  return v;
}

export function parseDayRange(raw: { startDate?: unknown; endDate?: unknown }): DayRange {
  const startDate = day(raw.startDate, 'startDate');
  const endDate = day(raw.endDate, 'endDate');
  if (startDate && endDate && startDate > endDate) {
    throw validationError('INVALID_DATE_RANGE', 'startDate must not be after endDate', { startDate, endDate });
  }
  return { startDate, endDate };
}

export function parseStatementQuery(raw: RawStatementQuery): StatementQuery {
  let take = STATEMENT_TAKE_DEFAULT;
  if (!absent(raw.take)) {
    const t = integerParam(raw.take);
    if (t === null || t < 1 || t > STATEMENT_TAKE_MAX) {
      throw validationError('INVALID_TAKE', `take must be an integer from 1 to ${STATEMENT_TAKE_MAX}`, { field: 'take' });
    }
    take = t;
  }
  let skip = 0;
  if (!absent(raw.skip)) {
    const s = integerParam(raw.skip);
    if (s === null || s < 0) throw validationError('INVALID_SKIP', 'skip must be an integer, 0 or greater', { field: 'skip' });
    skip = s;
  }
  let operationType: StatementType | null = null;
  if (!absent(raw.operationType)) {
    if (typeof raw.operationType !== 'string' || !(STATEMENT_TYPES as readonly string[]).includes(raw.operationType)) {
      throw validationError('INVALID_OPERATION_TYPE', `operationType must be one of ${STATEMENT_TYPES.join(', ')}`, { field: 'operationType' });
    }
    operationType = raw.operationType as StatementType;
  }
  let cursor: string | null = null;
  if (!absent(raw.cursor)) {
    if (typeof raw.cursor !== 'string' || !/^[1-9]\d{0,17}$/.test(raw.cursor)) {
      throw validationError('INVALID_CURSOR', 'cursor must be the id of a statement entry', { field: 'cursor' });
    }
    cursor = raw.cursor;
  }
  return { take, skip, operationType, cursor, ...parseDayRange(raw) };
}

export const cursorNotFound = () =>
  validationError('CURSOR_NOT_FOUND', 'cursor does not name an entry of this statement', { field: 'cursor' });

/** The UTC day of an instant, `YYYY-MM-DD`. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** First instant of a UTC day. */
export const startOfUtcDay = (d: string): Date => new Date(`${d}T00:00:00.000Z`);

/** First instant after a UTC day (exclusive upper bound of an inclusive end date). */
export const endOfUtcDayExclusive = (d: string): Date => new Date(startOfUtcDay(d).getTime() + 86_400_000);
