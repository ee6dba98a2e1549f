import { createHash, timingSafeEqual } from 'node:crypto';
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { Services } from '../../app/services';
import { unauthenticated } from '../../domain/accounts/identity.service';
import { sendCommandResult } from '../send-command-result';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * POST /v1/institution/reports: the payment institution's callbacks (charge registered,
 * paid, expired, refused...). Authenticated with `Authorization: Bearer <INSTITUTION_CALLBACK_SECRET>`;
 * idempotent by `reportId`.
 */
export function institutionRoutes(services: Services, callbackSecrets: readonly string[]): Router {
  const router = Router();
  const expected = callbackSecrets.map(digest);
  const auth = (req: Request, _res: Response, next: NextFunction) => {
    const m = /^Bearer\s+(\S+)$/i.exec(req.header('authorization') ?? '');
    const given = m ? digest(m[1]!) : undefined;
    next(given && expected.some((e) => timingSafeEqual(given, e)) ? undefined : unauthenticated('institution credential missing or wrong'));
  };
  router.post('/v1/institution/reports', auth, async (req, res) => {
    sendCommandResult(res, 200, await services.commands.applyInstitutionReport({ input: req.body }));
  });
  return router;
}
