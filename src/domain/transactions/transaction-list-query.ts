import { z } from 'zod';
import { coded, codedMessage, issue, parseWith, queryEnum, queryInteger, queryText } from '../shared/zod-input';
import { TRANSACTION_STATUSES } from './transaction-status';
import { TRANSACTION_PAYMENT_METHODS, type TransactionListFilter } from './transaction.types';

export const LIST_LIMITS = { defaultLimit: 50, minLimit: 1, maxLimit: 500 } as const;
const MAX_OFFSET = 10_000_000;
const SEARCH_MAX = 200;
const CODE = 'INVALID_QUERY_PARAMETER';
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

const dateTime = (name: string, description: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string(coded(CODE, `${name} must be an ISO 8601 date-time`))
      .regex(ISO_DATE_TIME)
      .refine((s) => !Number.isNaN(new Date(s).getTime()), { message: codedMessage(CODE, `${name} must be an ISO 8601 date-time`) })
      .describe(description)
      .optional(),
  );

/**
 * Query of GET /api/v1/cobranca/transactions (and the GraphQL list): one schema that
 * validates and documents it. Every failure is 400 INVALID_QUERY_PARAMETER naming the field.
 */
export const TransactionListQuery = z
  .object({
    status: queryEnum(TRANSACTION_STATUSES, { code: CODE, message: 'status is not a transaction status' }),
    paymentMethod: queryEnum(TRANSACTION_PAYMENT_METHODS, { code: CODE, message: 'paymentMethod must be PIX, BOLETO or CARD' }),
    limit: queryInteger({
      min: LIST_LIMITS.minLimit,
      max: LIST_LIMITS.maxLimit,
      code: CODE,
      message: `limit must be an integer from ${LIST_LIMITS.minLimit} to ${LIST_LIMITS.maxLimit}`,
      description: `page size, default ${LIST_LIMITS.defaultLimit}`,
    }),
    offset: queryInteger({ min: 0, max: MAX_OFFSET, code: CODE, message: `offset must be an integer from 0 to ${MAX_OFFSET}`, description: 'rows to skip' }),
    createdFrom: dateTime('createdFrom', 'ISO 8601 date-time, inclusive'),
    createdUntil: dateTime('createdUntil', 'ISO 8601 date-time, inclusive'),
    search: queryText({
      max: SEARCH_MAX,
      pattern: /^[^\u0000-\u001f]*$/,
      code: CODE,
      message: `search must be a string of at most ${SEARCH_MAX} characters`,
      description: 'case-insensitive substring of id, description, merchantOrderId or end2endId',
    }),
  })
  .superRefine((q, ctx) => {
    if (q.createdFrom && q.createdUntil && new Date(q.createdFrom) > new Date(q.createdUntil)) {
      issue(ctx, CODE, 'createdFrom must not be after createdUntil', ['createdFrom']);
    }
  });

export function parseTransactionListQuery(sellerId: string, query: Record<string, unknown>): TransactionListFilter {
  const q = parseWith(TransactionListQuery, query, CODE);
  return {
    sellerId,
    limit: q.limit ?? LIST_LIMITS.defaultLimit,
    offset: q.offset ?? 0,
    status: q.status,
    paymentMethod: q.paymentMethod,
    createdFrom: q.createdFrom ? new Date(q.createdFrom) : undefined,
    createdUntil: q.createdUntil ? new Date(q.createdUntil) : undefined,
    search: q.search,
  };
}
