import type { NextFunction, Request, Response } from 'express';
import type { Services } from '../../app/services';
import { mapError } from '../error-mapper';
import { HttpError } from '../http-error';

export function notFoundRoute(req: Request, _res: Response, next: NextFunction): void {
  next(new HttpError(404, 'ROUTE_NOT_FOUND', `no route for ${req.method} ${req.path}`));
}

export function errorHandler(services: Services) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const requestId = (res.locals.requestId as string | undefined) ?? 'unknown';
    const mapped = mapError(err, { path: req.path, requestId, now: services.clock.now() });
    if (mapped.unexpected) services.logger.error({ err, requestId, path: req.path }, 'unexpected error');
    if (res.headersSent) {
      res.end();
      return;
    }
    res.set(mapped.headers).status(mapped.status).json(mapped.body);
  };
}
