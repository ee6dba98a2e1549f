import { Router } from 'express';
import type { Services } from '../../app/services';

const PROBE_TIMEOUT_MS = 2_000;

async function probe(check: () => Promise<boolean>): Promise<'ok' | 'error'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
  });
  try {
    return (await Promise.race([check().catch(() => false), timeout])) ? 'ok' : 'error';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /health: 200 when every check is ok, 503 naming the failing one otherwise. A
 * cache (Redis) that does not answer is `degraded`, not an error: the service still
 * serves, with the limiter's rules for a missing store, so the answer stays 200.
 */
export function healthRoutes(services: Services): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const [database, cacheProbe] = await Promise.all([probe(services.health.database), probe(services.health.cache)]);
    const cache = cacheProbe === 'ok' ? 'ok' : 'degraded';
    const ok = database === 'ok';
    const now = services.clock.now();
    res.status(ok ? 200 : 503).json({
      status: !ok ? 'error' : cache === 'ok' ? 'ok' : 'degraded',
      timestamp: now.toISOString(),
      uptime: Math.round((Date.now() - services.startedAt.getTime()) / 10) / 100,
      checks: { database, cache },
    });
  });
  return router;
}
