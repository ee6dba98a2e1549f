import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { ROOT } from '../support/compiled';
import { contractFetch } from '../support/contract';
import { takeDatabaseDown } from '../support/database-outage';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});


describe('GET /health', () => {
  it('is 200 with the documented shape when healthy', async () => {
    const res = await contractFetch(`${app.url}/health`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, any>;
    expect(Object.keys(body).sort()).toEqual(['checks', 'status', 'timestamp', 'uptime', 'version']);
    expect(body.status).toBe('ok');
    // The version operators upgrade between (CHANGELOG.md), as package.json says.
    expect(body.version).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
    expect(typeof body.uptime).toBe('number');
    expect(body.checks).toEqual({ database: 'ok', cache: 'ok' });
  });

  it('is 503 naming the database when it cannot be reached, and recovers', async () => {
    const outage = await takeDatabaseDown(app.databaseUrl);
    try {
      const res = await contractFetch(`${app.url}/health`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: 'error', checks: { database: 'error', cache: 'ok' } });
    } finally {
      await outage.bringBack();
    }
    const again = await contractFetch(`${app.url}/health`);
    expect(again.status).toBe(200);
  });
});

describe('process roles', () => {
  it('a worker instance answers /health and nothing else', async () => {
    const worker = await startTestApp({ ROLE: 'worker' });
    try {
      expect((await contractFetch(`${worker.url}/health`)).status).toBe(200);
      // The document describes the api role; a worker refuses its paths as unknown routes.
      const api = await fetch(`${worker.url}/balance-statement`);
      expect(api.status).toBe(404);
      expect(((await api.json()) as { erro: string }).erro).toBe('ROUTE_NOT_FOUND');
      expect((await fetch(`${worker.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ me { credential } }"}' })).status).toBe(404);
    } finally {
      await worker.close();
    }
  });
});
