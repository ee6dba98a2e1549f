import { Router } from 'express';
import type { Services } from '../../app/services';
import { claimsAtCommit } from '../../domain/transactions/claims-at-commit';
import { withoutCardSecrets } from '../../domain/cards/card-input';
import { parseCreateTransaction } from '../../domain/transactions/create-transaction.input';
import { refuseDisabledPaymentMethod } from '../../domain/transactions/payment-method-input';
import { parseRefundAmount } from '../../domain/transactions/refunds.service';
import { transactionView } from '../../domain/transactions/transaction-view';
import type { Transaction } from '../../domain/transactions/transaction.types';
import { parseTransactionListQuery } from '../../domain/transactions/transaction-list-query';
import { sendIdempotent } from '../idempotent-create';
import { rateLimited } from '../middleware/rate-limit';
import { authenticate, sellerOf } from '../middleware/auth';

const BASE = '/api/v1/cobranca/transactions';

/** PIX charges: create, get, list and refund (SPEC, /api/v1/cobranca/transactions). */
export function transactionsRoutes(services: Services): Router {
  const router = Router();
  const auth = rateLimited(services, authenticate(services, 'apiKeyHeader'));
  const { transactions, refunds } = services;

  router.post(BASE, auth, async (req, res) => {
    refuseDisabledPaymentMethod(req.body, { sandbox: services.mode === 'sandbox' });
    const seller = sellerOf(res);
    await sendIdempotent(services, req, res, {
      sellerId: seller.id,
      operation: 'transactions.create',
      claimAtCommit: claimsAtCommit(req.body),
      fingerprintBody: withoutCardSecrets(req.body, (v) => services.cardFingerprinter.fingerprint(v)),
      execute: async (run) => {
        const input = parseCreateTransaction(req.body, { sandbox: services.mode === 'sandbox' });
        const answer = (t: Transaction) => ({ status: 201, body: { status: true, data: transactionView(t) } });
        return answer(await transactions.create(seller, input, (tx, t) => run.record(tx, t.id, answer(t))));
      },
    });
  });

  router.get(BASE, auth, async (req, res) => {
    const filter = parseTransactionListQuery(sellerOf(res).id, req.query as Record<string, unknown>);
    const { items, total } = await transactions.list(filter);
    res.json({ status: true, data: { items: items.map(transactionView), total, limit: filter.limit, offset: filter.offset } });
  });

  router.get(`${BASE}/:id`, auth, async (req, res) => {
    const t = await transactions.get(sellerOf(res).id, String(req.params.id));
    res.json({ status: true, data: transactionView(t) });
  });

  router.post(`${BASE}/:id/refund`, auth, async (req, res) => {
    const seller = sellerOf(res);
    const id = String(req.params.id);
    await sendIdempotent(services, req, res, {
      sellerId: seller.id,
      operation: 'transactions.refund',
      execute: async (run) => {
        const answer = (t: Transaction) => ({ status: 200, body: { status: true, data: transactionView(t) } });
        const r = await refunds.refund(seller, id, parseRefundAmount(req.body), (tx, done) => run.record(tx, done.refundId, answer(done.transaction)));
        return answer(r.transaction);
      },
    });
  });

  return router;
}
