import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { DayRangeQuery, StatementQuerySchema } from '../../../domain/ledger/statement-query';
import { envelope, ok } from '../components';
import { BALANCE_EXAMPLE, STATEMENT_EXAMPLE, SUMMARY_EXAMPLE, WALLET_EXAMPLE } from '../examples';
import { registerOperation } from '../operation';
import { Balance, StatementEntry, StatementSummary, Wallet } from '../resources';
import { z } from '../zod';

const SELLER = { 403: ['SELLER_REQUIRED'] };
const DAYS = ['INVALID_DATE', 'INVALID_DATE_RANGE'];

/** Wallet, balance, statement and summary (SPEC), `Authorization: Bearer` (API key or dashboard session). */
export function registerBalance(registry: OpenAPIRegistry): void {
  const common = { method: 'get' as const, tag: 'Wallet and balance', auth: 'bearer' as const, limited: 'seller' as const };
  registerOperation(registry, {
    ...common,
    path: '/seller-wallet/gestao',
    operationId: 'getWallet',
    summary: 'Get the seller wallet',
    description: 'Balances per method and the recent movements.',
    errors: SELLER,
    responses: { 200: ok('The wallet', envelope(Wallet), { limited: 'seller', example: WALLET_EXAMPLE }) },
  });
  registerOperation(registry, {
    ...common,
    path: '/balance-statement',
    operationId: 'getBalance',
    summary: 'Get the balance',
    errors: SELLER,
    responses: { 200: ok('The balance', envelope(Balance), { limited: 'seller', example: BALANCE_EXAMPLE }) },
  });
  registerOperation(registry, {
    ...common,
    path: '/balance-statement/statements',
    operationId: 'listStatement',
    summary: 'List statement entries',
    description: 'Newest first; `count` is the number of entries matching the filters, whatever the page.',
    query: StatementQuerySchema,
    errors: { ...SELLER, 400: ['INVALID_TAKE', 'INVALID_SKIP', 'INVALID_OPERATION_TYPE', 'INVALID_CURSOR', 'CURSOR_NOT_FOUND', ...DAYS] },
    responses: {
      200: ok('A page of entries', z.object({ status: z.literal(true), data: z.array(StatementEntry), count: z.number().int() }).strict(), {
        limited: 'seller',
        example: STATEMENT_EXAMPLE,
      }),
    },
  });
  registerOperation(registry, {
    ...common,
    path: '/balance-statement/summary',
    operationId: 'getStatementSummary',
    summary: 'Get the statement summary',
    query: DayRangeQuery,
    errors: { ...SELLER, 400: DAYS },
    responses: { 200: ok('Totals of the period', envelope(StatementSummary), { limited: 'seller', example: SUMMARY_EXAMPLE }) },
  });
}
