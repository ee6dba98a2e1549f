import { z } from 'zod';
import { validationError } from '../shared/errors';
import { coded, codedMessage, parseWith, queryEnum, queryInteger, queryText } from '../shared/zod-input';
import type { StatementType } from './ledger.types';
import { STATEMENT_TYPES } from './ledger.types';

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

/** An optional `YYYY-MM-DD` (a real calendar day); unlike `queryDay`, an empty value is refused. */
const optionalDay = (field: string, description: string) =>
  z
    .string(coded('INVALID_DATE', dayMessage(field)))
    .refine(isCalendarDay, { message: codedMessage('INVALID_DATE', dayMessage(field)) })
    .nullish()
    .describe(`${description} (YYYY-MM-DD)`);

/** The statement summary's period (and any day range): validates it and documents it. */
export const DayRangeQuery = z.object({
  startDate: optionalDay('startDate', 'first UTC day; default the first day with an entry'),
  endDate: optionalDay('endDate', 'last UTC day; default today'),
});

/** Both days when given, start not after end (400 INVALID_DATE, INVALID_DATE_RANGE). */
export function parseDayRange(raw: { startDate?: unknown; endDate?: unknown }): DayRange {
  const q = parseWith(DayRangeQuery, raw);
  const startDate = q.startDate ?? null;
  const endDate = q.endDate ?? null;
  if (startDate && endDate && startDate > endDate) {
    throw validationError('INVALID_DATE_RANGE', 'startDate must not be after endDate', { startDate, endDate });
  }
  return { startDate, endDate };
}

/** The statement's query: validates it (REST and GraphQL) and documents it (OpenAPI). */
export const StatementQuerySchema = z.object({
  take: queryInteger({ min: 1, max: STATEMENT_TAKE_MAX, code: 'INVALID_TAKE', message: `take must be an integer from 1 to ${STATEMENT_TAKE_MAX}`, description: `page size, default ${STATEMENT_TAKE_DEFAULT}` }),
  skip: queryInteger({ min: 0, code: 'INVALID_SKIP', message: 'skip must be an integer, 0 or greater', description: 'offset (normally 0 with a cursor)' }),
  operationType: queryEnum(STATEMENT_TYPES, { code: 'INVALID_OPERATION_TYPE', message: `operationType must be one of ${STATEMENT_TYPES.join(', ')}` }),
  cursor: queryText({ max: 18, pattern: /^[1-9]\d{0,17}$/, code: 'INVALID_CURSOR', message: 'cursor must be the id of a statement entry', description: 'id of the last entry of the previous page (keyset pagination)' }),
  startDate: queryDay('startDate', 'from this UTC day'),
  endDate: queryDay('endDate', 'to this UTC day'),
});

export function parseStatementQuery(raw: RawStatementQuery): StatementQuery {
  const q = parseWith(StatementQuerySchema, raw);
  return { take: q.take ?? STATEMENT_TAKE_DEFAULT, skip: q.skip ?? 0, operationType: q.operationType ?? null, cursor: q.cursor ?? null, ...parseDayRange(q) };
}

export const cursorNotFound = () =>
  validationError('CURSOR_NOT_FOUND', 'cursor does not name an entry of this statement', { field: 'cursor' });

/** The UTC day of an instant, `YYYY-MM-DD`. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** First instant of a UTC day. */
export const startOfUtcDay = (d: string): Date => new Date(`${d}T00:00:00.000Z`);

/** First instant after a UTC day (exclusive upper bound of an inclusive end date). */
export const endOfUtcDayExclusive = (d: string): Date => new Date(startOfUtcDay(d).getTime() + 86_400_000);
