import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { GuardedStore, type LimitBackend } from '../src/domain/rate-limits/guarded-store';
import { RateLimitService } from '../src/domain/rate-limits/rate-limit.service';
import { systemClock } from '../src/domain/shared/clock';
import { FlexibleRateLimitStore } from '../src/infra/rate-limits/flexible-rate-limit-store';
import { MemoryTokenBuckets } from '../src/infra/rate-limits/memory-token-buckets';
import { RedisTokenBuckets } from '../src/infra/rate-limits/redis-token-buckets';
import type { Benchmark } from './support/benchmark';
import { BENCH_BUDGETS } from './support/budgets';
import { createDatabase } from './support/postgres';
import { cpuMs, freePort, startNode, stop, waitHealthy } from './support/processes';
import { latencies, now, printTable } from './support/report';
import { serviceNodeArgs } from './support/service-node-args';

const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = 16;
const CHECKS = 20_000;
const HUGE = 1_000_000_000;
const CHARGE = JSON.stringify({ amount: 1050, description: 'Pedido de teste', customer: { name: 'Maria Souza', email: 'maria@example.com' } });

const inProcess = (): LimitBackend => ({ windows: FlexibleRateLimitStore.inProcess(), buckets: new MemoryTokenBuckets() });

function service(shared: LimitBackend): RateLimitService {
  const store = new GuardedStore(shared, inProcess(), { down: () => undefined, recovered: () => undefined });
  const overrides = { overrides: async () => ({}), set: async () => undefined };
  return new RateLimitService(store, overrides, { creates: HUGE, reads: HUGE, lists: HUGE, webhooks: HUGE, public: HUGE }, systemClock);
}

/** Wall and CPU time of one check, `inFlight` at a time, over 100 sellers. */
async function checkCost(limits: RateLimitService, inFlight: number): Promise<{ wallUs: number; cpuUs: number; perSecond: number }> {
  let next = 0;
  const cpu = process.cpuUsage();
  const started = now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < CHECKS) await limits.forSeller(`seller-${next++ % 100}`, 'creates');
    }),
  );
  const ms = now() - started;
  const used = process.cpuUsage(cpu);
  return { wallUs: (ms * 1000) / CHECKS, cpuUs: (used.user + used.system) / CHECKS, perSecond: (CHECKS / ms) * 1000 };
}

async function limiterCost() {
  const redis = new Redis(REDIS_URL);
  const prefix = `pixpay-bench-rl-${randomUUID().slice(0, 8)}`;
  try {
    const local = service(inProcess());
    const shared = service({ windows: FlexibleRateLimitStore.redis(redis, prefix), buckets: new RedisTokenBuckets(redis, `${prefix}:tb`) });
    await checkCost(local, 1);
    await checkCost(shared, 1);
    const l1 = await checkCost(local, 1);
    const r1 = await checkCost(shared, 1);
    const r16 = await checkCost(shared, CLIENTS);
    printTable(`limiter alone, ${CHECKS} checks over 100 sellers (this process)`, [
      { metric: 'in process: wall / CPU us per check', value: `${l1.wallUs.toFixed(1)} / ${l1.cpuUs.toFixed(1)}` },
      { metric: 'Redis, 1 in flight: wall / CPU us per check', value: `${r1.wallUs.toFixed(1)} / ${r1.cpuUs.toFixed(1)}` },
      { metric: `Redis, ${CLIENTS} in flight: checks/s, CPU us per check`, value: `${r16.perSecond.toFixed(0)}, ${r16.cpuUs.toFixed(1)}` },
    ]);
  } finally {
    const keys = await redis.keys(`${prefix}:*`);
    for (let i = 0; i < keys.length; i += 1_000) await redis.del(...keys.slice(i, i + 1_000));
    redis.disconnect();
  }
}

async function startApi(dbUrl: string, extra: Record<string, string>) {
  const dist = join(__dirname, '..');
  const port = await freePort();
  const env = { DATABASE_URL: dbUrl, PORT: String(port), ROLE: 'api', LOG_LEVEL: 'warn', MODE: 'sandbox', ...BENCH_BUDGETS, ...extra };
  const email = `bench-${randomUUID()}@example.com`;
  const seeded = await startNode(join(dist, 'src/cli/admin.js'), ['create-seller', '--email', email, '--password', 'bench password 1', '--name', 'Loja Bench', '--document', '00000000000'], env, (out) => {
    try {
      return JSON.parse(out) as { apiKey: { key: string } };
    } catch {
      return undefined;
    }
  });
  const app = await startNode(join(dist, 'src/main.js'), [], env, () => true, undefined, serviceNodeArgs());
  app.child.stderr!.pipe(process.stderr);
  await waitHealthy(`http://127.0.0.1:${port}/health`);
  return { child: app.child, url: `http://127.0.0.1:${port}`, key: seeded.value.apiKey.key };
}

async function createLoad(url: string, key: string, pid: number) {
  const run = () =>
    autocannon({
      url: `${url}/api/v1/cobranca/transactions`,
      method: 'POST',
      connections: CLIENTS,
      duration: SECONDS,
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: CHARGE,
      requests: [{ setupRequest: (req: any) => ({ ...req, headers: { ...req.headers, 'idempotency-key': randomUUID() } }) }],
    });
  await run(); // warm-up, same length
  const cpuBefore = cpuMs(pid);
  const r = await run();
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, cpuMsPerRequest: (cpuMs(pid) - cpuBefore) / Math.max(1, r.requests.total) };
}

/** The create benchmark's load, with the limiter counting in process and in Redis. */
async function createWithAndWithoutRedis() {
  const db = await createDatabase('pixpay_bench_rl');
  try {
    const rows = [];
    for (const [label, extra] of [
      ['in process', {}],
      ['Redis', { REDIS_URL, REDIS_PREFIX: `pixpay-bench-rl-${randomUUID().slice(0, 8)}` }],
    ] as const) {
      const app = await startApi(db.url, extra);
      try {
        const r = await createLoad(app.url, app.key, app.child.pid!);
        rows.push({ metric: `REST create, limiter ${label}: req/s, p50 / p99 ms`, value: `${r.rps.toFixed(0)}, ${r.p50} / ${r.p99}` });
        rows.push({ metric: `REST create, limiter ${label}: server CPU ms per request, non-2xx`, value: `${r.cpuMsPerRequest.toFixed(2)}, ${r.non2xx}` });
      } finally {
        await stop(app.child);
      }
    }
    printTable(`charge creation, ${CLIENTS} clients x ${SECONDS} s (after an equal warm-up run)`, rows);
  } finally {
    await db.drop();
  }
}

/** `concurrency` clients creating charges as fast as answers come, for SECONDS. */
async function flood(url: string, key: string, concurrency: number) {
  const ok: number[] = [];
  const shed: number[] = [];
  let other = 0;
  const deadline = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < deadline) {
        const started = now();
        const res = await fetch(`${url}/api/v1/cobranca/transactions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': key, 'idempotency-key': randomUUID() },
          body: CHARGE,
        }).catch(() => null);
        await res?.arrayBuffer();
        const ms = now() - started;
        if (res?.status === 201) ok.push(ms);
        else if (res?.status === 503) {
          // A well-behaved client waits as told before trying again.
          shed.push(ms);
          await new Promise((r) => setTimeout(r, 1_000 * Number(res.headers.get('retry-after') ?? 1)));
        } else other++;
      }
    }),
  );
  return { ok: latencies(ok), shed: latencies(shed), other };
}

/** More clients than a 4-connection pool serves: queueing without bound vs shedding past 8 waiters. */
async function overloadBound() {
  const db = await createDatabase('pixpay_bench_overload');
  const CONCURRENCY = 64;
  try {
    const rows = [];
    for (const [label, extra] of [
      ['no shedding', {}],
      ['shedding (8 waiters, 250 ms lag)', { OVERLOAD_MAX_DB_WAITERS: '8', OVERLOAD_MAX_LAG_MS: '250' }],
    ] as const) {
      const app = await startApi(db.url, { DATABASE_POOL_SIZE: '4', ...extra });
      try {
        const r = await flood(app.url, app.key, CONCURRENCY);
        rows.push({ metric: `${label}: created/s, p50 / p99 / max ms`, value: `${(r.ok.n / SECONDS).toFixed(0)}, ${r.ok.p50.toFixed(0)} / ${r.ok.p99.toFixed(0)} / ${r.ok.max.toFixed(0)}` });
        rows.push({ metric: `${label}: 503 answers, their p99 ms; other`, value: `${r.shed.n}, ${r.shed.n ? r.shed.p99.toFixed(0) : '-'}; ${r.other}` });
      } finally {
        await stop(app.child);
      }
    }
    printTable(`overload: ${CONCURRENCY} clients creating charges on a pool of 4 connections, ${SECONDS} s`, rows);
  } finally {
    await db.drop();
  }
}

export const rateLimitsBenchmark: Benchmark = {
  name: 'rate-limits',
  description: "the limiter's cost per request (in process and in Redis), alone and next to charge creation; load shedding under overload",
  async run() {
    await limiterCost();
    await createWithAndWithoutRedis();
    await overloadBound();
  },
};
