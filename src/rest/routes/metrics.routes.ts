import { timingSafeEqual } from 'node:crypto';
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { Services } from '../../application/services';
import { HttpError } from '../http-error';

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** `2xx`, `4xx`...: a bounded label. */
const statusClass = (status: number): string => `${Math.floor(status / 100)}xx`;

/** Observes every request's duration by route template (never the raw path: bounded labels). */
export function httpMetrics(services: Services) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const end = services.metrics.httpTimer();
    res.once('finish', () => {
      const path = req.originalUrl.split('?')[0];
      const route = req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : path === '/graphql' ? '/graphql' : 'unmatched';
      end({ method: req.method, route, status_class: statusClass(res.statusCode) });
    });
    next();
  };
}

/**
 * GET /metrics (Prometheus text format) with `Authorization: Bearer <METRICS_TOKEN>`.
 * Without METRICS_TOKEN the path does not exist: metrics are never public by default.
 */
export function metricsRoutes(services: Services): Router {
  const router = Router();
  const token = services.metricsToken;
  if (!token) return router;
  router.get('/metrics', async (req, res, next) => {
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('Bearer ') || !sameSecret(auth.slice('Bearer '.length), token)) {
      next(new HttpError(401, 'UNAUTHENTICATED', 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>'));
      return;
    }
    const { contentType, body } = await services.metrics.render();
    res.setHeader('Content-Type', contentType);
    res.end(body);
  });
  return router;
}
