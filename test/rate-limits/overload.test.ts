import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardSeller, startTestApp, type TestApp } from '../support/app';
import { contractFetch } from '../support/contract';
import { rest } from '../support/rest';
import { sqlOf } from '../support/platform';

let app: TestApp;
let key: string;

beforeAll(async () => {
  app = await startTestApp({ DATABASE_POOL_SIZE: '2', OVERLOAD_MAX_DB_WAITERS: '2', OVERLOAD_MAX_LAG_MS: '100' });
  key = (await onboardSeller(app)).apiKey;
});
afterAll(async () => {
  await app?.close();
});

/** Polls (bounded) until the balance is served again. */
async function servedAgain(): Promise<number> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { status } = await rest(app, 'GET', '/balance-statement', { bearer: key });
    if (status !== 503 || Date.now() > deadline) return status;
    await new Promise((r) => setTimeout(r, 100));
  }
}

function expectShed(res: { status: number; headers: Headers; body: any }, reason: string) {
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('1');
  expect(res.body).toMatchObject({ status: false, erro: 'OVERLOADED' });
  expect(res.body.mensagem).toContain(reason);
}

describe('load shedding', () => {
  it('503 with Retry-After while queries wait for a pooled connection past the bound; /health still answers', async () => {
    // This process holds both pooled connections and queues two more queries behind them.
    const sleepers = Array.from({ length: 4 }, () => sqlOf(app).query('select pg_sleep(1.5)'));
    const deadline = Date.now() + 5_000;
    let res = await rest(app, 'GET', '/balance-statement', { bearer: key });
    while (res.status !== 503 && Date.now() < deadline) res = await rest(app, 'GET', '/balance-statement', { bearer: key });
    expectShed(res, 'DATABASE_POOL_EXHAUSTED');
    const cobranca = await rest(app, 'GET', '/api/v1/cobranca/transactions', { key });
    expect(cobranca.status).toBe(503);
    // /health is never shed: it answers with its checks (whatever the database probe says).
    const health = (await (await contractFetch(`${app.url}/health`)).json()) as Record<string, unknown>;
    expect(health).toHaveProperty('checks');
    await Promise.all(sleepers);
    expect(await servedAgain()).toBe(200);
  });

  it('503 with Retry-After while the event loop lags past the bound, then serves again', async () => {
    // Saturate this process's event loop (the service runs in it): 250 ms of CPU at a time for 3.5 s.
    const until = Date.now() + 3_500;
    while (Date.now() < until) {
      const chunk = Date.now() + 250;
      while (Date.now() < chunk) Math.sqrt(Math.random());
      await new Promise((r) => setImmediate(r));
    }
    expectShed(await rest(app, 'GET', '/balance-statement', { bearer: key }), 'EVENT_LOOP_LAG');
    expect(app.services.loadMonitor.lag).toBeGreaterThan(100);
    expect(await servedAgain()).toBe(200);
  });
});
