import type { NextFunction, Request, Response } from 'express';
import type { Services } from '../../application/services';
import { HttpError } from '../http-error';

const HEALTH = /^\/health(\/|$)/;

/**
 * Refuses new work with 503 OVERLOADED and `Retry-After` while the process is
 * saturated (see LoadMonitor), so queues stay bounded instead of growing until
 * every request times out. Health paths (`/health` and below) are always answered:
 * an orchestrator must not restart a process for being busy.
 */
export function shedLoad(services: Services) {
  const retryAfter = String(Math.max(1, Math.ceil(services.loadMonitor.intervalMs / 1000)));
  return (req: Request, res: Response, next: NextFunction): void => {
    const reason = HEALTH.test(req.path) ? null : services.loadMonitor.overloaded();
    if (!reason) return next();
    res.setHeader('Retry-After', retryAfter);
    next(new HttpError(503, 'OVERLOADED', `the service is overloaded (${reason}); retry after ${retryAfter} s`));
  };
}
