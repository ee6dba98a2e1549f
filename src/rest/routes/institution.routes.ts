import { createHash, timingSafeEqual } from 'node:crypto';
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { Services } from '../../app/services';
import { unauthenticated } from '../../domain/accounts/identity.service';
import { parseWith } from '../../domain/shared/zod-input';
import { InstitutionReport } from '../request-schemas';

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
    const b = parseWith(InstitutionReport, req.body);
    const outcome = await services.transactionReports.apply({
      reportId: b.reportId,
      transactionId: b.transactionId,
      status: b.status,
      end2endId: b.end2endId ?? undefined,
      paidAt: b.paidAt ? new Date(b.paidAt) : undefined,
      refusedReason: b.refusedReason ?? undefined,
    });
    res.json({ status: true, data: { applied: outcome.applied, duplicate: outcome.duplicate, transactionStatus: outcome.transaction.status } });
  });
  return router;
}
