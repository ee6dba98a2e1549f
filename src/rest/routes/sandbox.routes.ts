import { Router } from 'express';
import type { Services } from '../../app/services';
import { DomainError, validationError } from '../../domain/shared/errors';
import { transactionView } from '../../domain/transactions/transaction-view';
import { sandboxEndToEndId } from '../../infra/institution/sandbox-institution';
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
    const t = await services.transactions.get(sellerOf(res).id, String(req.params.id));
    if (t.paymentMethod === 'CARD') {
      throw new DomainError('NOT_PAYABLE', 'a card payment is approved or refused when it is created; it cannot be paid later', 'UNPROCESSABLE');
    }
    await services.sandboxInstitution.pay(t.id, services.clock.now(), undefined, t.paymentMethod);
    res.json({ status: true, data: transactionView(await services.transactions.get(t.sellerId, t.id)) });
  });

  router.post('/v1/sandbox/transactions/:id/report', auth, async (req, res) => {
    const t = await services.transactions.get(sellerOf(res).id, String(req.params.id));
    const status = (req.body as Record<string, unknown> | undefined)?.status;
    if (typeof status !== 'string' || status.length === 0 || status.length > 50) {
      throw validationError('INVALID_FIELD', 'status must be a string of 1 to 50 characters (unknown words become FAILED)', { field: 'status' });
    }
    const now = services.clock.now();
    const outcome = await services.transactionReports.apply({
      reportId: `sandbox-report:${t.id}:${services.platform.tokens.randomToken()}`,
      transactionId: t.id,
      status,
      end2endId: status.toUpperCase() === 'PAID' && t.paymentMethod === 'PIX' ? sandboxEndToEndId(now) : undefined,
      paidAt: status.toUpperCase() === 'PAID' ? now : undefined,
      refusedReason: typeof req.body?.refusedReason === 'string' ? String(req.body.refusedReason) : undefined,
    });
    res.json({ status: true, data: { applied: outcome.applied, transaction: transactionView(outcome.transaction) } });
  });

  return router;
}
