import { Router } from 'express';
import type { Services } from '../../application/services';
import { sendCommandResult } from '../send-command-result';
import { signedCallback } from '../middleware/signed-callback';

/**
 * POST /v1/institution/reports: the payment institution's callbacks (charge registered,
 * paid, expired, refused...). The body is signed with INSTITUTION_CALLBACK_SECRET
 * (signed-callback.ts: timestamp and HMAC headers, five-minute window); idempotent by
 * `reportId`, so a replay inside the window changes nothing.
 */
export function institutionRoutes(services: Services, callbackSecrets: readonly string[]): Router {
  const router = Router();
  router.post('/v1/institution/reports', signedCallback(callbackSecrets, services.clock), async (req, res) => {
    sendCommandResult(res, 200, await services.commands.applyInstitutionReport({ input: req.body }));
  });
  return router;
}
