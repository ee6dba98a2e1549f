import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApplication, type RunningApp } from '../../src/main/start-application';
import { loadConfig } from '../../src/main/config';
import { createLogger } from '../../src/infra/log/logger';
import { onboardSeller } from '../support/app';
import { contractFetch } from '../support/contract';
import { createMigratedTestDatabase } from '../support/database';
import { rest } from '../support/rest';
import { PrivateRedis } from './private-redis';

const logLines: { msg?: string }[] = [];
const logSink = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as { msg?: string });
    done();
  },
});

let redis: PrivateRedis;
let db: Awaited<ReturnType<typeof createMigratedTestDatabase>>;
let app: RunningApp;

beforeAll(async () => {
  redis = await PrivateRedis.start();
  db = await createMigratedTestDatabase();
  app = await startApplication(
    loadConfig({ MODE: 'sandbox', PORT: '0', DATABASE_URL: db.url, REDIS_URL: redis.url, RATE_LIMIT_CREATES: '3', RATE_LIMIT_READS: '3' }),
    { logger: createLogger('info', logSink) },
  );
});
afterAll(async () => {
  await app?.stop();
  await db?.drop();
  await redis?.kill();
});

async function health(): Promise<{ status: number; body: { status: string; checks: { cache: string; database: string } } }> {
  const res = await contractFetch(`${app.url}/health`);
  return { status: res.status, body: (await res.json()) as never };
}

/** Polls /health (bounded) until its cache check reads `want`. */
async function healthUntil(want: 'ok' | 'degraded') {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const h = await health();
    if (h.body.checks.cache === want || Date.now() > deadline) return h;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const messages = (part: string) => logLines.filter((l) => l.msg?.includes(part)).length;

describe('Redis killed mid-test', () => {
  it('reads are served uncounted, creates stay limited per instance, /health says degraded, logged once; then it recovers', async () => {
    const s = await onboardSeller(app);
    expect(await health()).toMatchObject({ status: 200, body: { status: 'ok', checks: { database: 'ok', cache: 'ok' } } });
    const counted = await rest(app, 'GET', '/balance-statement', { bearer: s.apiKey });
    expect(counted.headers.get('ratelimit')).toMatch(/^"reads";r=2;t=\d+$/);

    await redis.kill();
    const degraded = await healthUntil('degraded');
    expect(degraded).toMatchObject({ status: 200, body: { status: 'degraded', checks: { database: 'ok', cache: 'degraded' } } });

    // Reads fail open: more than the budget of 3 are served, announced by the policy alone.
    for (let i = 0; i < 5; i++) {
      const res = await rest(app, 'GET', '/balance-statement', { bearer: s.apiKey });
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-policy')).toBe('"reads";q=3;w=60');
      expect(res.headers.get('ratelimit')).toBeNull();
    }
    // Creates (money moves) stay protected: counted in this process with the same budget.
    const create = () => rest(app, 'POST', '/api/v1/cobranca/transactions', { key: s.apiKey, idempotencyKey: randomUUID(), body: {} });
    for (let i = 0; i < 3; i++) expect((await create()).status).toBe(400);
    const refused = await create();
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(messages('rate-limit store (Redis) unreachable')).toBe(1);

    await redis.restart();
    const recovered = await healthUntil('ok');
    expect(recovered).toMatchObject({ status: 200, body: { status: 'ok', checks: { cache: 'ok' } } });
    // Counting is back in Redis (a fresh window: the restarted server kept nothing).
    const again = await rest(app, 'GET', '/balance-statement', { bearer: s.apiKey });
    expect(again.status).toBe(200);
    expect(again.headers.get('ratelimit')).toMatch(/^"reads";r=2;t=\d+$/);
    expect(messages('rate-limit store (Redis) reachable again')).toBe(1);
    expect(messages('rate-limit store (Redis) unreachable')).toBe(1);
  });
});
