import { Router } from 'express';
import type { Services } from '../../application/services';
import type { RecurrenceCallbackKind } from '../../domain/recurrences/receive-recurrence-callback.command';

/** Where a PSP speaking API Pix sends its callbacks: the registered URL (with its secret), plus `/pix`. */
export const APIPIX_CALLBACK_PATHS = ['/v1/institution/apipix/:token', '/v1/institution/apipix/:token/pix'];
/** PIX Automático: the URL registered with `PUT /webhookrec` and `PUT /webhookcobr`, plus `/rec` or `/cobr`. */
export const APIPIX_RECURRENCE_CALLBACK_PATHS = ['/v1/institution/apipix/:token/rec', '/v1/institution/apipix/:token/cobr'];

/** A body that names recurrences (`recs`) or recurring charges (`cobsr`), whatever path it came on (a PSP that appends nothing). */
const recurrenceKindOf = (body: unknown): RecurrenceCallbackKind | null => {
  if (body === null || typeof body !== 'object') return null;
  if ('recs' in body) return 'rec';
  if ('cobsr' in body) return 'cobr';
  return null;
};

/**
 * POST `{registered URL}/pix` with `{pix: [...]}` (Efí's `?ignorar=` form lands on the first
 * path). A wrong secret or address is an unknown route; every Pix is read back from the PSP
 * and only what it confirms goes through the one institution-report path.
 */
export function apiPixCallbackRoutes(services: Services): Router {
  const router = Router();
  router.post(APIPIX_RECURRENCE_CALLBACK_PATHS, async (req, res, next) => {
    const kind: RecurrenceCallbackKind = req.path.endsWith('/cobr') ? 'cobr' : 'rec';
    const answer = await services.commands.receiveRecurrenceCallback({ kind, token: String(req.params.token), address: req.ip, input: req.body });
    if (!answer) return next();
    res.status(200).json({ status: true, data: answer.view });
  });
  router.post(APIPIX_CALLBACK_PATHS, async (req, res, next) => {
    const kind = recurrenceKindOf(req.body);
    if (kind) {
      const answer = await services.commands.receiveRecurrenceCallback({ kind, token: String(req.params.token), address: req.ip, input: req.body });
      if (!answer) return next();
      return void res.status(200).json({ status: true, data: answer.view });
    }
    const answer = await services.commands.receivePspCallback({ token: String(req.params.token), address: req.ip, input: req.body });
    if (!answer) return next(); // the unknown-route answer
    res.status(200).json({ status: true, data: answer.view });
  });
  return router;
}
