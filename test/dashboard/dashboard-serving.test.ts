import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDomainError } from '../../src/domain/shared/errors';
import { dashboardRoutes } from '../../src/rest/routes/dashboard.routes';
import { startTestApp, type TestApp } from '../support/app';
import { ensureDashboardBuilt } from './browser';

describe('the dashboard is served by the api role at /dashboard', () => {
  let app: TestApp;
  beforeAll(async () => {
    await ensureDashboardBuilt();
    app = await startTestApp({ ROLE: 'api' });
  }, 240_000);
  afterAll(async () => {
    await app?.close();
  });

  it('redirects the bare path and serves the page with a same-origin-only content policy', async () => {
    const bare = await fetch(`${app.url}/dashboard`, { redirect: 'manual' });
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/dashboard/');

    const page = await fetch(`${app.url}/dashboard/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    // Every asset comes from the service itself: no CDN, works offline.
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    const assets = [...html.matchAll(/(?:src|href)="(\/dashboard\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(2);
    for (const path of assets) {
      const res = await fetch(`${app.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toMatch(/immutable/);
      await res.arrayBuffer();
    }
  });

  it('answers an unknown asset with the standard 404', async () => {
    const res = await fetch(`${app.url}/dashboard/assets/nope.js`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { erro: string }).erro).toBe('ROUTE_NOT_FOUND');
  });

  it('says when the app was not built instead of serving nothing', async () => {
    const bare = express();
    bare.use(dashboardRoutes(mkdtempSync(join(tmpdir(), 'pixpay-no-dashboard-'))));
    bare.use((err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(isDomainError(err) && err.kind === 'UNAVAILABLE' ? 503 : 500).json({ erro: isDomainError(err) ? err.code : 'INTERNAL' });
    });
    const server = bare.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/dashboard/`);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { erro: string }).erro).toBe('DASHBOARD_NOT_BUILT');
    } finally {
      server.close();
    }
  });
});
