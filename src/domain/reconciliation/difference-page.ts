import { z } from 'zod';
import { parseWith, queryInteger, queryText } from '../shared/zod-input';
import type { ReconciliationDifference } from './reconciliation-report';

/** Differences per page of the daily report: 100 unless asked, at most 1,000. */
export const DIFFERENCES_TAKE_DEFAULT = 100;
export const DIFFERENCES_TAKE_MAX = 1_000;

export interface DifferencePageQuery {
  take: number;
  /** The end-to-end id of the last difference of the previous page (keyset paging); null for the first page. */
  cursor: string | null;
}

/** One page of a day's differences, sorted by a key of each (keyset paging). */
export interface KeysetPage<T> {
  items: T[];
  /** Every difference of the day, whatever the page. */
  total: number;
  take: number;
  /** Differences before this page. */
  skip: number;
  hasNextPage: boolean;
  /** The cursor of the next page: the key of this page's last difference. */
  endCursor: string | null;
}

/** The collection part's page: its cursor is an end-to-end id. */
export type DifferencePage = KeysetPage<ReconciliationDifference>;

const DifferencePageQuerySchema = z.object({
  take: queryInteger({ min: 1, max: DIFFERENCES_TAKE_MAX, code: 'INVALID_TAKE', message: `take must be an integer from 1 to ${DIFFERENCES_TAKE_MAX}` }),
  cursor: queryText({ max: 64, pattern: /^[a-zA-Z0-9]+$/, code: 'INVALID_CURSOR', message: 'cursor must be the endCursor of a page of differences (an end-to-end id)' }),
});

/** Validates the paging of the report's differences (400 INVALID_TAKE, INVALID_CURSOR). */
export function parseDifferencePageQuery(raw: { take?: unknown; cursor?: unknown }): DifferencePageQuery {
  const q = parseWith(DifferencePageQuerySchema, { take: raw.take ?? undefined, cursor: raw.cursor ?? undefined });
  return { take: q.take ?? DIFFERENCES_TAKE_DEFAULT, cursor: q.cursor ?? null };
}

/**
 * One page of the differences, which the report sorts by end-to-end id (each id once): the
 * ones after the cursor. A cursor that names no difference still pages from where it sorts,
 * so a day whose differences changed between two pages loses none and repeats none.
 */
export function differencePage(sorted: readonly ReconciliationDifference[], q: DifferencePageQuery): DifferencePage {
  return keysetPage(sorted, q.take, q.cursor, (d) => d.endToEndId);
}

/**
 * The items after `cursor` in `sorted`, which is in ascending order of `key` (by code unit,
 * each key once): `take` of them, with the key of the last as the next page's cursor.
 */
export function keysetPage<T>(sorted: readonly T[], take: number, cursor: string | null, key: (item: T) => string): KeysetPage<T> {
  const skip = cursor === null ? 0 : countUpTo(sorted, cursor, key);
  const items = sorted.slice(skip, skip + take);
  return {
    items,
    total: sorted.length,
    take,
    skip,
    hasNextPage: skip + items.length < sorted.length,
    endCursor: items.length > 0 ? key(items[items.length - 1]!) : null,
  };
}

/** How many items sort at or before `cursor` (binary search over the sorted keys). */
function countUpTo<T>(sorted: readonly T[], cursor: string, key: (item: T) => string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(sorted[mid]!) <= cursor) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
