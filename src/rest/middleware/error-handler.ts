import type { NextFunction, Request, Response } from 'express';
import type { Services } from '../../application/services';
import { DomainError } from '../../domain/shared/errors';
import { isRateLimited } from '../../domain/rate-limits/rate-limited.error';
import { mapError } from '../error-mapper';
import { setRateLimitHeaders } from '../rate-limit-headers';
import { HttpError } from '../http-error';

export function notFoundRoute(req: Request, _res: Response, next: NextFunction): void {
  next(new HttpError(404, 'ROUTE_NOT_FOUND', `no route for ${req.method} ${req.path}`));
}

/** How long a client should wait before retrying while a dependency is down. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

export function errorHandler(services: Services) {
  return (caught: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const requestId = (res.locals.requestId as string | undefined) ?? 'unknown';
    // A database outage is a 503 with a stable code, logged once per outage (not here).
    const outage = services.databaseOutage.absorb(caught);
    const err = outage ? new DomainError('DATABASE_UNAVAILABLE', 'the database is unavailable; retry later', 'UNAVAILABLE') : caught;
    if (outage && !res.headersSent) res.setHeader('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS));
    const mapped = mapError(err, { path: req.path, requestId, now: services.clock.now() });
    if (mapped.unexpected) services.logger.error({ err, requestId, path: req.path }, 'unexpected error');
    if (res.headersSent) {
      res.end();
      return;
    }
    if (isRateLimited(err)) setRateLimitHeaders(res, err.decision);
    res.set(mapped.headers).status(mapped.status).json(mapped.body);
  };
}
