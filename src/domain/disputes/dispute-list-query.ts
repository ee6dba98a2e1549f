import { endOfUtcDayExclusive, parseDayRange, startOfUtcDay } from '../ledger/statement-query';
import { validationError } from '../shared/errors';
import { integerParam } from '../shared/query-params';
import { DISPUTE_STATUSES, isDisputeStatus, type DisputeOrigin } from './dispute-status';
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

const absent = (v: unknown) => v === undefined || v === null || v === '';

/**
 * Filters of the dispute list: `status`, `origin` (MED, CONTESTATION), `transactionId`,
 * `startDate` / `endDate` (YYYY-MM-DD, inclusive UTC days of creation), `take` (1 to
 * 100, default 10), `skip` (>= 0). Newest first.
 */
export function parseDisputeListQuery(sellerId: string, raw: RawDisputeListQuery): DisputeListFilter {
  const filter: DisputeListFilter = { sellerId, limit: DISPUTES_TAKE_DEFAULT, offset: 0 };
  if (!absent(raw.take)) {
    const t = integerParam(raw.take);
    if (t === null || t < 1 || t > DISPUTES_TAKE_MAX) throw validationError('INVALID_TAKE', `take must be an integer from 1 to ${DISPUTES_TAKE_MAX}`, { field: 'take' });
    filter.limit = t;
  }
  if (!absent(raw.skip)) {
    const s = integerParam(raw.skip);
    if (s === null || s < 0) throw validationError('INVALID_SKIP', 'skip must be an integer, 0 or greater', { field: 'skip' });
    filter.offset = s;
  }
  if (!absent(raw.status)) {
    if (!isDisputeStatus(raw.status)) throw validationError('INVALID_STATUS', `status must be one of ${DISPUTE_STATUSES.join(', ')}`, { field: 'status' });
    filter.status = raw.status;
  }
  if (!absent(raw.origin)) {
    if (raw.origin !== 'MED' && raw.origin !== 'CONTESTATION') throw validationError('INVALID_ORIGIN', 'origin must be MED or CONTESTATION', { field: 'origin' });
    filter.origin = raw.origin as DisputeOrigin;
  }
  if (!absent(raw.transactionId)) {
    if (typeof raw.transactionId !== 'string' || raw.transactionId.length > 128) throw validationError('INVALID_TRANSACTION_ID', 'transactionId must be a string of at most 128 characters', { field: 'transactionId' });
    filter.transactionId = raw.transactionId;
  }
  const range = parseDayRange({ startDate: raw.startDate, endDate: raw.endDate });
  if (range.startDate) filter.createdFrom = startOfUtcDay(range.startDate);
  if (range.endDate) filter.createdUntil = new Date(endOfUtcDayExclusive(range.endDate).getTime() - 1);
  return filter;
}
