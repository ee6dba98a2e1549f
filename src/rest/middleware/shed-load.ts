import type { NextFunction, Request, Response } from 'express';
import type { Services } from '../../app/services';
import { HttpError } from '../http-error';

/**
 * Refuses new work with 503 OVERLOADED and `Retry-After` while the process is
 * saturated (see LoadMonitor), so queues stay bounded instead of growing until
 * every request times out. /health is always answered.
 */
export function shedLoad(services: Services) {
  const retryAfter = String(Math.max(1, Math.ceil(services.loadMonitor.intervalMs / 1000)));
  return (req: Request, res: Response, next: NextFunction): void => {
    const reason = req.path === '/health' ? null : services.loadMonitor.overloaded();
    if (!reason) return next();
    res.setHeader('Retry-After', retryAfter);
    next(new HttpError(503, 'OVERLOADED', `the service is overloaded (${reason}); retry after ${retryAfter} s`));
  };
}
