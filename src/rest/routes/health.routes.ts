import { Router } from 'express';
import type { Services } from '../../application/services';

const PROBE_TIMEOUT_MS = 2_000;

type Check = 'ok' | 'error';

async function probe(check: () => Promise<boolean>): Promise<Check> {
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

/** The database and, when one is configured, the broker. */
async function dependencyChecks(services: Services): Promise<{ database: Check; broker?: Check }> {
  const { broker } = services.health;
  const [database, brokerCheck] = await Promise.all([probe(services.health.database), broker ? probe(broker) : undefined]);
  return brokerCheck === undefined ? { database } : { database, broker: brokerCheck };
}

const allOk = (checks: Record<string, Check | boolean>) => Object.values(checks).every((c) => c === 'ok' || c === true);

/**
 * GET /health: the service's version (package.json) and its dependencies: 200 when every dependency in use is ok, 503 naming the failing one. A
 * cache (Redis) that does not answer is `degraded`, not an error: the service still
 * serves, with the limiter's rules for a missing store, so the answer stays 200.
 * GET /health/live: the process runs (an orchestrator restarts it when this fails).
 * GET /health/ready: it can serve (migrated, database reachable, broker connected when
 * configured, not shutting down); an orchestrator routes traffic only while this is 200.
 */
export function healthRoutes(services: Services): Router {
  const router = Router();
  const uptime = () => Math.round((Date.now() - services.startedAt.getTime()) / 10) / 100;
  router.get('/health', async (_req, res) => {
    const [deps, cacheProbe] = await Promise.all([dependencyChecks(services), probe(services.health.cache)]);
    const cache = cacheProbe === 'ok' ? 'ok' : 'degraded';
    const checks = { database: deps.database, cache, ...(deps.broker ? { broker: deps.broker } : {}) };
    const ok = allOk(deps);
    res.status(ok ? 200 : 503).json({ status: !ok ? 'error' : cache === 'ok' ? 'ok' : 'degraded', timestamp: services.clock.now().toISOString(), uptime: uptime(), version: services.version, checks });
  });
  router.get('/health/live', (_req, res) => {
    res.status(200).json({ status: 'ok', timestamp: services.clock.now().toISOString(), uptime: uptime() });
  });
  router.get('/health/ready', async (_req, res) => {
    const deps = await dependencyChecks(services);
    // Migrations run before the server listens: a process that answers is migrated.
    const checks = { migrations: 'ok' as Check, ...deps, accepting: services.lifecycle.draining ? ('error' as Check) : ('ok' as Check) };
    const ok = allOk(checks);
    // Reported, not required: a PSP outage must not take every instance (balances, reads) out of
    // rotation; creates answer 503 INSTITUTION_UNAVAILABLE on their own meanwhile.
    const institution = services.health.institution ? { institution: await probe(services.health.institution) } : {};
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'error', timestamp: services.clock.now().toISOString(), uptime: uptime(), checks: { ...checks, ...institution } });
  });
  return router;
}
