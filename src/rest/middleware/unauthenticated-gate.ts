import type { NextFunction, Request, Response } from 'express';
import type { Services } from '../../application/services';
import { CSRF_HEADER } from '../../domain/accounts/browser-session';
import { presentsCredential } from '../../domain/accounts/presented-credential';
import { clientAddress } from '../client-address';

/** Whether the request claims a credential; the gate counts it at once when it does not. */
export const requestPresentsCredential = (req: Request): boolean =>
  presentsCredential({ apiKey: req.header('x-api-key'), authorization: req.header('authorization'), cookie: req.headers.cookie, csrfToken: req.header(CSRF_HEADER) });

/**
 * Before the body is read and the credential looked up: the address's budget for
 * unauthenticated traffic (domain/rate-limits/unauthenticated-budget.ts). Past it,
 * 429 RATE_LIMITED in the path's format, from the error handler.
 */
export function unauthenticatedGate(services: Services) {
  return async (req: Request, _res: Response, next: NextFunction): Promise<void> => {
    try {
      await services.unauthenticatedBudget.admit(clientAddress(req), requestPresentsCredential(req));
      next();
    } catch (e) {
      next(e);
    }
  };
}
