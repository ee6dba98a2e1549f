import { Router } from 'express';
import type { Services } from '../../app/services';
import { transactionView } from '../../domain/transactions/transaction-view';
import { rateLimited } from '../middleware/rate-limit';
import { authenticate, sellerOf } from '../middleware/auth';

/**
 * Sandbox-only simulation endpoints (absent in production): pay a charge now, or make
 * the simulated institution send any status report for it.
 */
export function sandboxRoutes(services: Services): Router {
  const router = Router();
  const auth = rateLimited(services, authenticate(services, 'apiKeyHeader'));

  router.post('/v1/sandbox/transactions/:id/pay', auth, async (req, res) => {
    const t = await services.sandbox.payCharge(sellerOf(res).id, String(req.params.id));
    res.json({ status: true, data: transactionView(t) });
  });

  router.post('/v1/sandbox/transactions/:id/report', auth, async (req, res) => {
    const body = (req.body as Record<string, unknown> | undefined) ?? {};
    const outcome = await services.sandbox.reportCharge(sellerOf(res).id, String(req.params.id), { status: body.status, refusedReason: body.refusedReason });
    res.json({ status: true, data: { applied: outcome.applied, transaction: transactionView(outcome.transaction) } });
  });

  return router;
}
