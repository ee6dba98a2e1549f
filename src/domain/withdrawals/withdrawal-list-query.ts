import { endOfUtcDayExclusive, parseDayRange, startOfUtcDay } from '../ledger/statement-query';
import { validationError } from '../shared/errors';
import { isWithdrawalStatus, WITHDRAWAL_STATUSES } from './withdrawal-status';
import type { WithdrawalListFilter } from './withdrawal.types';
import { integerParam } from '../shared/query-params';

export const WITHDRAWAL_LIST = {
  takeDefault: 10,
  takeMax: 100,
  skipMax: 10_000_000,
  textMax: 200,
} as const;

/**
 * Query parameters of GET /api/v1/cobranca/withdrawals (and the GraphQL list). SPEC
 * names take, skip, status, method, startDate; the rest are ours:
 * - `endDate` YYYY-MM-DD, inclusive (both dates are UTC days of createdAt);
 * - `id` exact withdrawal id;
 * - `minAmount`, `maxAmount` cents, inclusive;
 * - `metadataKey` (rows whose metadata has the key) with optional `metadataValue`
 *   (case-insensitive substring of that key's value);
 * - `search` case-insensitive substring of id, externalReference, end2end or pixKey;
 * - `csv` `true` answers a CSV file of every match (take and skip are ignored).
 */
export interface RawWithdrawalListQuery {
  take?: unknown;
  skip?: unknown;
  status?: unknown;
  method?: unknown;
  startDate?: unknown;
  endDate?: unknown;
  id?: unknown;
  minAmount?: unknown;
  maxAmount?: unknown;
  metadataKey?: unknown;
  metadataValue?: unknown;
  search?: unknown;
  csv?: unknown;
}

const absent = (v: unknown) => v === undefined || v === null || v === '';


function bounded(v: unknown, field: string, code: string, min: number, max: number): number | undefined {
  if (absent(v)) return undefined;
  const n = integerParam(v);
  if (n === null || n < min || n > max) throw validationError(code, `${field} must be an integer from ${min} to ${max}`, { field });
  return n;
}

function text(v: unknown, field: string, code: string): string | undefined {
  if (absent(v)) return undefined;
  if (typeof v !== 'string' || v.length > WITHDRAWAL_LIST.textMax || /[\u0000-\u001f]/.test(v)) {
    throw validationError(code, `${field} must be a string of at most ${WITHDRAWAL_LIST.textMax} characters`, { field });
  }
  return v;
}

export function parseWithdrawalListQuery(sellerId: string, q: RawWithdrawalListQuery): { filter: WithdrawalListFilter; csv: boolean } {
  const filter: WithdrawalListFilter = {
    sellerId,
    take: bounded(q.take, 'take', 'INVALID_TAKE', 1, WITHDRAWAL_LIST.takeMax) ?? WITHDRAWAL_LIST.takeDefault,
    skip: bounded(q.skip, 'skip', 'INVALID_SKIP', 0, WITHDRAWAL_LIST.skipMax) ?? 0,
  };
  if (!absent(q.status)) {
    if (!isWithdrawalStatus(q.status)) throw validationError('INVALID_STATUS', `status must be one of ${WITHDRAWAL_STATUSES.join(', ')}`, { field: 'status' });
    filter.status = q.status;
  }
  if (!absent(q.method)) {
    if (q.method !== 'PIX') throw validationError('INVALID_METHOD', 'method must be PIX', { field: 'method' });
    filter.method = 'PIX';
  }
  // Arrays (a repeated parameter) and malformed days are INVALID_DATE; start after end INVALID_DATE_RANGE.
  const range = parseDayRange({ startDate: absent(q.startDate) ? null : q.startDate, endDate: absent(q.endDate) ? null : q.endDate });
  if (range.startDate) filter.createdFrom = startOfUtcDay(range.startDate);
  if (range.endDate) filter.createdBefore = endOfUtcDayExclusive(range.endDate);
  filter.id = text(q.id, 'id', 'INVALID_ID');
  filter.minAmount = bounded(q.minAmount, 'minAmount', 'INVALID_MIN_AMOUNT', 0, Number.MAX_SAFE_INTEGER);
  filter.maxAmount = bounded(q.maxAmount, 'maxAmount', 'INVALID_MAX_AMOUNT', 0, Number.MAX_SAFE_INTEGER);
  if (filter.minAmount !== undefined && filter.maxAmount !== undefined && filter.minAmount > filter.maxAmount) {
    throw validationError('INVALID_AMOUNT_RANGE', 'minAmount must not be above maxAmount', { field: 'minAmount' });
  }
  filter.metadataKey = text(q.metadataKey, 'metadataKey', 'INVALID_METADATA_KEY');
  filter.metadataValue = text(q.metadataValue, 'metadataValue', 'INVALID_METADATA_VALUE');
  if (filter.metadataValue !== undefined && filter.metadataKey === undefined) {
    throw validationError('METADATA_KEY_REQUIRED', 'metadataValue needs metadataKey', { field: 'metadataKey' });
  }
  filter.search = text(q.search, 'search', 'INVALID_SEARCH');
  let csv = false;
  if (!absent(q.csv)) {
    const c = typeof q.csv === 'boolean' ? String(q.csv) : typeof q.csv === 'string' ? q.csv.toLowerCase() : null;
    if (c !== 'true' && c !== 'false') throw validationError('INVALID_CSV_FLAG', 'csv must be true or false', { field: 'csv' });
    csv = c === 'true';
  }
  for (const k of Object.keys(filter) as (keyof WithdrawalListFilter)[]) if (filter[k] === undefined) delete filter[k];
  return { filter, csv };
}
