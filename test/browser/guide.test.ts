import { mkdirSync, mkdtempSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDomainError } from '../../src/domain/shared/errors';
import { guideRoutes } from '../../src/rest/routes/guide.routes';
import { launchChromium } from '../dashboard/browser';
import { offlinePage as openOfflinePage } from './offline-page';
import { startTestApp, type TestApp } from '../support/app';

/**
 * The documentation site at /guide, as a reader's browser gets it: built by the build
 * (vitest's global setup brings dist/ up to date), served by the api role, working with
 * every request to another host refused.
 */
const SCREENSHOTS = join(__dirname, '..', '..', 'test-results', 'guide');

let app: TestApp;
let browser: Browser;
const outside: string[] = [];

beforeAll(async () => {
  app = await startTestApp({ ROLE: 'api' });
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const offlinePage = () => openOfflinePage(browser, outside);

describe('the documentation site at /guide', () => {
  it('shows the sidebar, and its search finds "webhook signature" offline', async () => {
    const page = await offlinePage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${app.url}/guide/`);
    const sidebar = page.locator('.VPSidebar');
    for (const entry of ['Quick start', 'Webhooks and their verification', 'Configuration reference', 'Backups and restore', 'Architecture', 'API reference and schema']) {
      await expect.poll(() => sidebar.getByText(entry, { exact: true }).first().isVisible(), { timeout: 20_000 }).toBe(true);
    }
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'home.png') });

    await page.locator('.DocSearch-Button').click();
    await page.locator('.search-input').fill('webhook signature');
    const first = page.locator('.results .result').first();
    await expect.poll(() => first.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.locator('.results .result').allInnerTexts()).toContainEqual(expect.stringMatching(/Signature/));
    await page.screenshot({ path: join(SCREENSHOTS, 'search.png') });
    await page.locator('.results .result', { hasText: 'Signature' }).first().click();
    await expect.poll(() => page.url(), { timeout: 20_000 }).toContain('/guide/integrate/webhooks.html#signature');
    await expect.poll(() => page.getByRole('heading', { name: 'Signature' }).isVisible(), { timeout: 20_000 }).toBe(true);
    const file = join(SCREENSHOTS, 'webhook-signature.png');
    await page.screenshot({ path: file });
    expect(statSync(file).size).toBeGreaterThan(10_000);

    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('serves pages with a same-origin-only policy, hashed assets cached for good, and the bare path redirected', async () => {
    const bare = await fetch(`${app.url}/guide`, { redirect: 'manual' });
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/guide/');
    const page = await fetch(`${app.url}/guide/operate/backups`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    const html = await page.text();
    expect(html).toContain('A restore drill, as done');
    // Nothing is loaded from another host.
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\/(?!127\.0\.0\.1)/);
    const asset = /(?:src|href)="(\/guide\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const res = await fetch(`${app.url}${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/immutable/);
    const missing = await fetch(`${app.url}/guide/no-such-page`);
    expect(missing.status).toBe(404);
  });

  it('says when the site was not built instead of serving nothing', async () => {
    const bare = express();
    bare.use(guideRoutes(mkdtempSync(join(tmpdir(), 'pixpay-no-guide-'))));
    bare.use((err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(isDomainError(err) && err.kind === 'UNAVAILABLE' ? 503 : 500).json({ erro: isDomainError(err) ? err.code : 'INTERNAL' });
    });
    const server = bare.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/guide/`);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { erro: string }).erro).toBe('GUIDE_NOT_BUILT');
    } finally {
      server.close();
    }
  });
});
