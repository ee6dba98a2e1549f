import { Router } from 'express';
import type { Services } from '../../application/services';
import { rateLimited } from '../middleware/rate-limit';
import { authenticate, sellerOf } from '../middleware/auth';
import { sendCommandResult } from '../send-command-result';

/**
 * Sandbox-only simulation endpoints (absent in production): pay a charge now, or make
 * the simulated institution send any status report for it.
 */
export function sandboxRoutes(services: Services): Router {
  const router = Router();
  const auth = rateLimited(services, authenticate(services, 'apiKeyHeader'));

  router.post('/v1/sandbox/transactions/:id/pay', auth, async (req, res) => {
    sendCommandResult(res, 200, await services.commands.sandboxPayCharge({ seller: sellerOf(res), transactionId: String(req.params.id), input: req.body }));
  });

  router.post('/v1/sandbox/transactions/:id/report', auth, async (req, res) => {
    sendCommandResult(res, 200, await services.commands.sandboxReportCharge({ seller: sellerOf(res), transactionId: String(req.params.id), input: req.body }));
  });

  return router;
}
