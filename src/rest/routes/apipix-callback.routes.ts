import { Router } from 'express';
import type { Services } from '../../application/services';

/** Where a PSP speaking API Pix sends its callbacks: the registered URL (with its secret), plus `/pix`. */
export const APIPIX_CALLBACK_PATHS = ['/v1/institution/apipix/:token', '/v1/institution/apipix/:token/pix'];

/**
 * POST `{registered URL}/pix` with `{pix: [...]}` (Efí's `?ignorar=` form lands on the first
 * path). A wrong secret or address is an unknown route; every Pix is read back from the PSP
 * and only what it confirms goes through the one institution-report path.
 */
export function apiPixCallbackRoutes(services: Services): Router {
  const router = Router();
  router.post(APIPIX_CALLBACK_PATHS, async (req, res, next) => {
    const answer = await services.commands.receivePspCallback({ token: String(req.params.token), address: req.ip, input: req.body });
    if (!answer) return next(); // the unknown-route answer
    res.status(200).json({ status: true, data: answer.view });
  });
  return router;
}
