import { z } from 'zod';
import { endOfUtcDayExclusive, parseDayRange, queryDay, startOfUtcDay } from '../ledger/statement-query';
import { parseWith, queryEnum, queryInteger, queryText } from '../shared/zod-input';
import { DISPUTE_STATUSES, type DisputeOrigin } from './dispute-status';
import type { DisputeListFilter } from './dispute.types';

export const DISPUTES_TAKE_DEFAULT = 10;
export const DISPUTES_TAKE_MAX = 100;

export interface RawDisputeListQuery {
  take?: unknown;
  skip?: unknown;
  status?: unknown;
  origin?: unknown;
  transactionId?: unknown;
  startDate?: unknown;
  endDate?: unknown;
}

/** The list's query: validates it (REST and GraphQL) and documents it (OpenAPI). */
export const DisputeListQuery = z.object({
  take: queryInteger({ min: 1, max: DISPUTES_TAKE_MAX, code: 'INVALID_TAKE', message: `take must be an integer from 1 to ${DISPUTES_TAKE_MAX}`, description: `page size, default ${DISPUTES_TAKE_DEFAULT}` }),
  skip: queryInteger({ min: 0, code: 'INVALID_SKIP', message: 'skip must be an integer, 0 or greater', description: 'offset' }),
  status: queryEnum(DISPUTE_STATUSES, { code: 'INVALID_STATUS', message: `status must be one of ${DISPUTE_STATUSES.join(', ')}` }),
  origin: queryEnum(['MED', 'CONTESTATION'] as const, { code: 'INVALID_ORIGIN', message: 'origin must be MED or CONTESTATION' }),
  transactionId: queryText({ max: 128, code: 'INVALID_TRANSACTION_ID', message: 'transactionId must be a string of at most 128 characters' }),
  startDate: queryDay('startDate', 'created on or after this UTC day'),
  endDate: queryDay('endDate', 'created on or before this UTC day'),
});

/**
 * Filters of the dispute list: `status`, `origin` (MED, CONTESTATION), `transactionId`,
 * `startDate` / `endDate` (YYYY-MM-DD, inclusive UTC days of creation), `take` (1 to
 * 100, default 10), `skip` (>= 0). Newest first.
 */
export function parseDisputeListQuery(sellerId: string, raw: RawDisputeListQuery): DisputeListFilter {
  const q = parseWith(DisputeListQuery, raw);
  const filter: DisputeListFilter = { sellerId, limit: q.take ?? DISPUTES_TAKE_DEFAULT, offset: q.skip ?? 0 };
  if (q.status) filter.status = q.status;
  if (q.origin) filter.origin = q.origin as DisputeOrigin;
  if (q.transactionId !== undefined) filter.transactionId = q.transactionId;
  const range = parseDayRange({ startDate: q.startDate, endDate: q.endDate });
  if (range.startDate) filter.createdFrom = startOfUtcDay(range.startDate);
  if (range.endDate) filter.createdUntil = new Date(endOfUtcDayExclusive(range.endDate).getTime() - 1);
  return filter;
}
