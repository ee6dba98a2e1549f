import { Router } from 'express';
import type { Services } from '../../application/services';
import { refundView } from '../../domain/transactions/refund-view';
import { transactionView } from '../../domain/transactions/transaction-view';
import { parseTransactionListQuery } from '../../domain/transactions/transaction-list-query';
import { sendCommandResult } from '../send-command-result';
import { rateLimited } from '../middleware/rate-limit';
import { authenticate, sellerOf } from '../middleware/auth';

const BASE = '/api/v1/cobranca/transactions';

/** PIX charges: create, get, list, refund and the refunds' outcomes (SPEC, /api/v1/cobranca/transactions). */
export function transactionsRoutes(services: Services): Router {
  const router = Router();
  const auth = rateLimited(services, authenticate(services, 'apiKeyHeader'));
  const { transactions } = services;

  router.post(BASE, auth, async (req, res) => {
    const result = await services.commands.createCharge({ seller: sellerOf(res), input: req.body, idempotencyKey: req.header('idempotency-key') });
    sendCommandResult(res, 201, result);
  });

  router.get(BASE, auth, async (req, res) => {
    const filter = parseTransactionListQuery(sellerOf(res).id, req.query as Record<string, unknown>);
    const { items, total } = await transactions.list(filter);
    res.json({ status: true, data: { items: items.map(transactionView), total, limit: filter.limit, offset: filter.offset } });
  });

  router.get(`${BASE}/:id`, auth, async (req, res) => {
    const t = await transactions.get(sellerOf(res).id, String(req.params.id));
    res.json({ status: true, data: await services.splitChargeQueries.withSplit(t, transactionView(t)) });
  });

  router.get(`${BASE}/:id/refunds`, auth, async (req, res) => {
    const refunds = await transactions.refunds(sellerOf(res).id, String(req.params.id));
    res.json({ status: true, data: { items: refunds.map(refundView) } });
  });

  router.post(`${BASE}/:id/refund`, auth, async (req, res) => {
    const input = { seller: sellerOf(res), transactionId: String(req.params.id), input: req.body, idempotencyKey: req.header('idempotency-key') };
    sendCommandResult(res, 200, await services.commands.refund(input));
  });

  return router;
}
