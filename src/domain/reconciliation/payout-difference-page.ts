import { z } from 'zod';
import { parseWith, queryInteger, queryText } from '../shared/zod-input';
import { validationError } from '../shared/errors';
import { type DifferencePageQuery, DIFFERENCES_TAKE_DEFAULT, DIFFERENCES_TAKE_MAX, type KeysetPage, keysetPage } from './difference-page';
import { PAYOUT_KEY_SEPARATOR, type PayoutDifference, type PayoutDifferenceKind, payoutDifferenceKey } from './payout-reconciliation';

/** One page of the payouts part's differences; its cursor is opaque. */
export type PayoutDifferencePage = KeysetPage<PayoutDifference>;

/** Every kind (a record, so that a new kind is not forgotten here). */
const KINDS: Record<PayoutDifferenceKind, true> = {
  NOT_OURS: true,
  NOT_AT_PSP: true,
  AMOUNT_DIFFERS: true,
  PAID_NOT_SETTLED: true,
  SETTLED_NOT_PAID: true,
  FAILED_NOT_REFUNDED: true,
  NOT_DEBITED: true,
  DEBITED_TWICE: true,
};

const INVALID_CURSOR_MESSAGE = 'payouts cursor must be the endCursor of a page of payout differences';

const PayoutPageQuerySchema = z.object({
  take: queryInteger({ min: 1, max: DIFFERENCES_TAKE_MAX, code: 'INVALID_TAKE', message: `payouts take must be an integer from 1 to ${DIFFERENCES_TAKE_MAX}` }),
  cursor: queryText({ max: 256, pattern: /^[A-Za-z0-9_-]+$/, code: 'INVALID_CURSOR', message: INVALID_CURSOR_MESSAGE }),
});

/**
 * Validates the paging of the payout differences (400 INVALID_TAKE, INVALID_CURSOR). A payout
 * difference has no identifier of its own (one payout may have two), so its cursor encodes
 * the sort key of the last one seen: the answer is the decoded key.
 */
export function parsePayoutDifferencePageQuery(raw: { take?: unknown; cursor?: unknown }): DifferencePageQuery {
  const q = parseWith(PayoutPageQuerySchema, { take: raw.take ?? undefined, cursor: raw.cursor ?? undefined });
  return { take: q.take ?? DIFFERENCES_TAKE_DEFAULT, cursor: q.cursor === undefined ? null : decodeCursor(q.cursor) };
}

/**
 * One page of the payout differences (sorted by payoutDifferenceKey): the ones after the
 * cursor's key. A cursor whose difference is gone pages from where its key sorts.
 */
export function payoutDifferencePage(sorted: readonly PayoutDifference[], q: DifferencePageQuery): PayoutDifferencePage {
  const page = keysetPage(sorted, q.take, q.cursor, payoutDifferenceKey);
  return { ...page, endCursor: page.endCursor === null ? null : Buffer.from(page.endCursor, 'utf8').toString('base64url') };
}

function decodeCursor(cursor: string): string {
  const key = Buffer.from(cursor, 'base64url').toString('utf8');
  const parts = key.split(PAYOUT_KEY_SEPARATOR);
  if (parts.length !== 3 || parts[0] === '' || parts[1] === '' || !Object.hasOwn(KINDS, parts[2]!)) throw validationError('INVALID_CURSOR', INVALID_CURSOR_MESSAGE, { cursor });
  return key;
}
