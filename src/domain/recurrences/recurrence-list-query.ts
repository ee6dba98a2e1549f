import { z } from 'zod';
import { parseWith, queryEnum, queryInteger } from '../shared/zod-input';
import { RECURRENCE_STATUSES } from './recurrence-status';
import type { RecurrenceListFilter } from './recurrence.types';

export const RECURRENCES_TAKE_DEFAULT = 10;
export const RECURRENCES_TAKE_MAX = 100;

/** The list's query: validates it (REST and GraphQL) and documents it (OpenAPI). */
export const RecurrenceListQuery = z.object({
  take: queryInteger({ min: 1, max: RECURRENCES_TAKE_MAX, code: 'INVALID_TAKE', message: `take must be an integer from 1 to ${RECURRENCES_TAKE_MAX}`, description: `page size, default ${RECURRENCES_TAKE_DEFAULT}` }),
  skip: queryInteger({ min: 0, code: 'INVALID_SKIP', message: 'skip must be an integer, 0 or greater', description: 'offset' }),
  status: queryEnum(RECURRENCE_STATUSES, { code: 'INVALID_STATUS', message: `status must be one of ${RECURRENCE_STATUSES.join(', ')}` }),
});

export function parseRecurrenceListQuery(sellerId: string, raw: unknown): RecurrenceListFilter {
  const q = parseWith(RecurrenceListQuery, raw ?? {});
  return { sellerId, limit: q.take ?? RECURRENCES_TAKE_DEFAULT, offset: q.skip ?? 0, ...(q.status ? { status: q.status } : {}) };
}
