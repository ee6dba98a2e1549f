import { Router, type Request } from 'express';
import type { Services } from '../../application/services';
import type { StatementEntry, Wallet } from '../../domain/ledger/ledger.types';
import { rateLimited } from '../middleware/rate-limit';
import { authenticate, sellerOf } from '../middleware/auth';

/** SPEC, Statement entry: transactionId / withdrawalId only when the entry relates to one; amountComponents on a due-date charge's credit. */
export function statementEntryJson(e: StatementEntry) {
  return {
    id: e.id,
    amount: e.amount,
    type: e.type,
    description: e.description,
    createdAt: e.createdAt.toISOString(),
    ...(e.transactionId !== undefined ? { transactionId: e.transactionId } : {}),
    ...(e.withdrawalId !== undefined ? { withdrawalId: e.withdrawalId } : {}),
    ...(e.amountComponents !== undefined ? { amountComponents: { ...e.amountComponents } } : {}),
  };
}

function walletJson(w: Wallet) {
  return {
    balancePix: w.balancePix,
    balanceBoleto: w.balanceBoleto,
    balanceCard: w.balanceCard,
    balanceTotal: w.balanceTotal,
    balanceBlocked: w.balanceBlocked,
    balanceDebt: w.balanceDebt,
    currency: w.currency,
    updatedAt: w.updatedAt.toISOString(),
    recentMovements: w.recentMovements.map(statementEntryJson),
  };
}

const query = (req: Request, name: string): unknown => (req.query as Record<string, unknown>)[name];

/**
 * Wallet, balance, statement and summary (SPEC), `Authorization: Bearer <API key>` (or
 * a dashboard session) of a user with a linked seller.
 *
 * GET /balance-statement/statements query parameters: take (1..100, default 10),
 * skip (>= 0, default 0), startDate / endDate (YYYY-MM-DD, inclusive, UTC days),
 * operationType, and `cursor`: the id of the last entry of the previous page (keyset
 * pagination, newest first; use it instead of skip for long statements). `count` is
 * the number of entries matching the filters, whatever the page.
 */
export function balanceRoutes(services: Services): Router {
  const router = Router();
  const auth = rateLimited(services, authenticate(services, 'bearer'));

  router.get('/seller-wallet/gestao', auth, async (_req, res) => {
    const wallet = await services.wallet.wallet(sellerOf(res));
    res.json({ status: true, data: walletJson(wallet) });
  });

  router.get('/balance-statement', auth, async (_req, res) => {
    res.json({ status: true, data: await services.wallet.balance(sellerOf(res)) });
  });

  router.get('/balance-statement/statements', auth, async (req, res) => {
    const page = await services.wallet.statement(sellerOf(res), {
      take: query(req, 'take'),
      skip: query(req, 'skip'),
      startDate: query(req, 'startDate'),
      endDate: query(req, 'endDate'),
      operationType: query(req, 'operationType'),
      cursor: query(req, 'cursor'),
    });
    res.json({ status: true, data: page.items.map(statementEntryJson), count: page.count });
  });

  router.get('/balance-statement/summary', auth, async (req, res) => {
    const summary = await services.wallet.summary(sellerOf(res), { startDate: query(req, 'startDate'), endDate: query(req, 'endDate') });
    res.json({ status: true, data: summary });
  });

  return router;
}
