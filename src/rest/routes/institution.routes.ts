import { createHash, timingSafeEqual } from 'node:crypto';
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { Services } from '../../app/services';
import { unauthenticated } from '../../domain/accounts/identity.service';
import { validationError } from '../../domain/shared/errors';

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
    const b = (req.body ?? {}) as Record<string, unknown>;
    const str = (k: string, required: boolean): string | undefined => {
      const v = b[k];
      if (v === undefined || v === null) {
        if (required) throw validationError('FIELD_REQUIRED', `${k} is required`, { field: k });
        return undefined;
      }
      if (typeof v !== 'string' || v.length === 0 || v.length > 200) throw validationError('INVALID_FIELD', `${k} must be a string of 1 to 200 characters`, { field: k });
      return v;
    };
    const paidAt = str('paidAt', false);
    if (paidAt && Number.isNaN(Date.parse(paidAt))) throw validationError('INVALID_FIELD', 'paidAt must be an ISO 8601 date-time', { field: 'paidAt' });
    const outcome = await services.transactionReports.apply({
      reportId: str('reportId', true)!,
      transactionId: str('transactionId', true)!,
      status: str('status', true)!,
      end2endId: str('end2endId', false),
      paidAt: paidAt ? new Date(paidAt) : undefined,
      refusedReason: str('refusedReason', false),
    });
    res.json({ status: true, data: { applied: outcome.applied, duplicate: outcome.duplicate, transactionStatus: outcome.transaction.status } });
  });
  return router;
}
