import { z } from 'zod';
import { endOfUtcDayExclusive, parseDayRange, queryDay, startOfUtcDay } from '../ledger/statement-query';
import { validationError } from '../shared/errors';
import { coded, parseWith, queryEnum, queryInteger, queryText } from '../shared/zod-input';
import { WITHDRAWAL_STATUSES } from './withdrawal-status';
import type { WithdrawalListFilter } from './withdrawal.types';

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

const between = (field: string, code: string, min: number, max: number, description?: string) =>
  queryInteger({ min, max, code, message: `${field} must be an integer from ${min} to ${max}`, description });

const text = (field: string, code: string, description: string) =>
  queryText({ max: WITHDRAWAL_LIST.textMax, pattern: /^[^\u0000-\u001f]*$/, code, message: `${field} must be a string of at most ${WITHDRAWAL_LIST.textMax} characters`, description });

/** `true` / `false` in any case (or a boolean from GraphQL); 400 INVALID_CSV_FLAG otherwise. */
const csvFlag = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') return v;
  const c = v.toLowerCase();
  return c === 'true' ? true : c === 'false' ? false : v;
}, z.boolean(coded('INVALID_CSV_FLAG', 'csv must be true or false')).optional().describe('`true` answers a CSV file of every match (take and skip are ignored)'));

/** The list's query: validates it (REST and GraphQL) and documents it (OpenAPI). */
export const WithdrawalListQuery = z.object({
  take: between('take', 'INVALID_TAKE', 1, WITHDRAWAL_LIST.takeMax, `page size, default ${WITHDRAWAL_LIST.takeDefault}`),
  skip: between('skip', 'INVALID_SKIP', 0, WITHDRAWAL_LIST.skipMax, 'offset'),
  status: queryEnum(WITHDRAWAL_STATUSES, { code: 'INVALID_STATUS', message: `status must be one of ${WITHDRAWAL_STATUSES.join(', ')}` }),
  method: queryEnum(['PIX'] as const, { code: 'INVALID_METHOD', message: 'method must be PIX' }),
  startDate: queryDay('startDate', 'created on or after this UTC day'),
  endDate: queryDay('endDate', 'created on or before this UTC day'),
  id: text('id', 'INVALID_ID', 'exact withdrawal id'),
  minAmount: between('minAmount', 'INVALID_MIN_AMOUNT', 0, Number.MAX_SAFE_INTEGER, 'cents, inclusive'),
  maxAmount: between('maxAmount', 'INVALID_MAX_AMOUNT', 0, Number.MAX_SAFE_INTEGER, 'cents, inclusive'),
  metadataKey: text('metadataKey', 'INVALID_METADATA_KEY', 'rows whose metadata has this key'),
  metadataValue: text('metadataValue', 'INVALID_METADATA_VALUE', 'case-insensitive substring of the metadataKey value (needs metadataKey)'),
  search: text('search', 'INVALID_SEARCH', 'case-insensitive substring of id, externalReference, end2end or pixKey'),
  csv: csvFlag,
});

export function parseWithdrawalListQuery(sellerId: string, raw: RawWithdrawalListQuery): { filter: WithdrawalListFilter; csv: boolean } {
  const q = parseWith(WithdrawalListQuery, raw);
  // Start after end is INVALID_DATE_RANGE, as on every day-range filter.
  const range = parseDayRange({ startDate: q.startDate ?? null, endDate: q.endDate ?? null });
  if (q.minAmount !== undefined && q.maxAmount !== undefined && q.minAmount > q.maxAmount) {
    throw validationError('INVALID_AMOUNT_RANGE', 'minAmount must not be above maxAmount', { field: 'minAmount' });
  }
  if (q.metadataValue !== undefined && q.metadataKey === undefined) {
    throw validationError('METADATA_KEY_REQUIRED', 'metadataValue needs metadataKey', { field: 'metadataKey' });
  }
  const filter: WithdrawalListFilter = {
    sellerId,
    take: q.take ?? WITHDRAWAL_LIST.takeDefault,
    skip: q.skip ?? 0,
    status: q.status,
    method: q.method,
    createdFrom: range.startDate ? startOfUtcDay(range.startDate) : undefined,
    createdBefore: range.endDate ? endOfUtcDayExclusive(range.endDate) : undefined,
    id: q.id,
    minAmount: q.minAmount,
    maxAmount: q.maxAmount,
    metadataKey: q.metadataKey,
    metadataValue: q.metadataValue,
    search: q.search,
  };
  for (const k of Object.keys(filter) as (keyof WithdrawalListFilter)[]) if (filter[k] === undefined) delete filter[k];
  return { filter, csv: q.csv ?? false };
}
