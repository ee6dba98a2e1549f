import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApplication } from '../../src/main/start-application';
import { loadConfig } from '../../src/main/config';
import { createLogger } from '../../src/infra/log/logger';
import { gql, onboardSeller } from '../support/app';
import { contractFetch } from '../support/contract';
import { createMigratedTestDatabase } from '../support/database';
import { takeDatabaseDown } from '../support/database-outage';

/** Everything the service logs, parsed. */
const lines: { level: number; msg: string; refused?: number }[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    for (const l of String(chunk).split('\n')) if (l.trim()) lines.push(JSON.parse(l));
    done();
  },
});

let app: RunningApp;
let db: Awaited<ReturnType<typeof createMigratedTestDatabase>>;
let seller: Awaited<ReturnType<typeof onboardSeller>>;

beforeAll(async () => {
  db = await createMigratedTestDatabase();
  const config = loadConfig({ MODE: 'sandbox', PORT: '0', LOG_LEVEL: 'info', DATABASE_URL: db.url, DATABASE_POOL_SIZE: '4', SHUTDOWN_DRAIN_DELAY_MS: '0' });
  app = await startApplication(config, { logger: createLogger('info', sink) });
  seller = await onboardSeller(app);
});
afterAll(async () => {
  await app?.stop();
  await db?.drop();
});

/** This test's database unreachable for the duration of `work`. */
async function withDatabaseDown<T>(work: () => Promise<T>): Promise<T> {
  const outage = await takeDatabaseDown(db.url);
  try {
    return await work();
  } finally {
    await outage.bringBack();
  }
}

const createCharge = (key = crypto.randomUUID()) =>
  contractFetch(`${app.url}/api/v1/cobranca/transactions`, {
    method: 'POST',
    headers: { 'x-api-key': seller.apiKey, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ amount: 1000 }),
  });

async function until<T>(probe: () => Promise<T>, ok: (v: T) => boolean, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('liveness and readiness', () => {
  it('/health/live answers while the process runs; /health/ready names what it checked', async () => {
    const live = await contractFetch(`${app.url}/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toMatchObject({ status: 'ok' });
    const ready = await contractFetch(`${app.url}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ok', checks: { migrations: 'ok', database: 'ok', accepting: 'ok' } });
  });
});

describe('database outage', () => {
  it('creates answer 503 DATABASE_UNAVAILABLE with Retry-After, logged once for the whole outage; readiness tells the truth', async () => {
    const errorsBefore = lines.filter((l) => l.level >= 50).length;
    await withDatabaseDown(async () => {
      const answers = await Promise.all(Array.from({ length: 12 }, () => createCharge()));
      for (const res of answers) {
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('5');
        expect(await res.json()).toMatchObject({ status: false, erro: 'DATABASE_UNAVAILABLE', path: '/api/v1/cobranca/transactions' });
      }
      const graphql = await gql(app, 'query { balance { available } }', {}, seller.session);
      expect(graphql.errors?.[0]?.extensions?.code).toBe('DATABASE_UNAVAILABLE');
      const ready = await contractFetch(`${app.url}/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'error', checks: { database: 'error' } });
      expect((await contractFetch(`${app.url}/health/live`)).status).toBe(200);
    });
    const errors = lines.filter((l) => l.level >= 50).slice(errorsBefore);
    expect(errors.map((l) => l.msg)).toEqual([expect.stringMatching(/^database unavailable/)]);

    // Back: the recovery is logged once with what was refused, and creates work again.
    const back = await until(async () => lines.find((l) => l.msg === 'database available again'), (l) => l !== undefined, 'recovery logged');
    expect(back!.refused).toBeGreaterThanOrEqual(13);
    const res = await until(() => createCharge(), (r) => r.status === 201, 'creates work again');
    expect(res.status).toBe(201);
    expect((await contractFetch(`${app.url}/health/ready`)).status).toBe(200);
  });
});
