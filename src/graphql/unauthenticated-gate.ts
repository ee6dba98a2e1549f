import type { NextFunction, Request, Response } from 'express';
import type { Services } from '../application/services';
import { CSRF_HEADER } from '../domain/accounts/browser-session';
import { presentsCredential } from '../domain/accounts/presented-credential';
import { rateLimitFields } from '../domain/rate-limits/rate-limit-decision';
import { isRateLimited } from '../domain/rate-limits/rate-limited.error';
import { bearerToken } from './bearer-token';

/**
 * Before the body of a GraphQL request is read and its credential looked up: the
 * address's budget for unauthenticated traffic (domain/rate-limits/unauthenticated-budget.ts).
 * Past it, HTTP 429 with `Retry-After` and the RateLimit headers, and the error as every
 * GraphQL refusal reads (`extensions.code` RATE_LIMITED, `details.retryAfterSeconds`).
 */
export function graphqlUnauthenticatedGate(services: Services) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      // What the door will try: a Bearer token, or the session cookie with its CSRF header.
      const credential = presentsCredential({ authorization: bearerToken(req.header('authorization')) ?? undefined, cookie: req.headers.cookie, csrfToken: req.header(CSRF_HEADER) });
      await services.unauthenticatedBudget.admit(req.ip ?? req.socket.remoteAddress ?? 'unknown', credential);
      next();
    } catch (e) {
      if (!isRateLimited(e)) return next(e);
      const fields = rateLimitFields([e.decision]);
      res.setHeader('Retry-After', String(e.decision.resetSeconds));
      res.setHeader('RateLimit-Policy', fields.policy);
      if (fields.remaining) res.setHeader('RateLimit', fields.remaining);
      // The request's body is left unread: the connection closes after the answer.
      res.setHeader('Connection', 'close');
      res.status(429).json({ errors: [{ message: e.message, extensions: { code: e.code, kind: e.kind, details: e.details } }] });
    }
  };
}
