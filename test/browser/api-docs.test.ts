import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/rest/openapi/document';
import { launchChromium } from '../dashboard/browser';
import { offlinePage as openOfflinePage } from './offline-page';
import { startTestApp, type TestApp } from '../support/app';
import { contractFetch } from '../support/contract';
const SCREENSHOTS = join(__dirname, '..', '..', 'test-results', 'docs');

let app: TestApp;
let browser: Browser;
const outside: string[] = [];

beforeAll(async () => {
  app = await startTestApp({ ROLE: 'api' });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const offlinePage = () => openOfflinePage(browser, outside);

describe('the API reference at /docs', () => {
  it('renders the operations offline, from assets served by the service', async () => {
    const page = await offlinePage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${app.url}/docs`);
    // Titles of operations as the document names them, one per main flow.
    for (const summary of ['Create a charge', 'Create a withdrawal', 'Get the balance', 'Appeal a dispute', 'Register a webhook']) {
      await expect.poll(() => page.getByText(summary, { exact: true }).first().isVisible(), { timeout: 20_000 }).toBe(true);
    }
    const shown = await page.locator('.opblock-summary-description').allInnerTexts();
    const doc = openApiDocument();
    const documented = [...Object.values(doc.paths ?? {}), ...Object.values(doc.webhooks ?? {})].flatMap((item) => Object.values(item).map((op: { summary?: string }) => op.summary));
    expect(new Set(shown)).toEqual(new Set(documented));
    mkdirSync(SCREENSHOTS, { recursive: true });
    const file = join(SCREENSHOTS, 'api-reference.png');
    await page.screenshot({ path: file, fullPage: false });
    expect(statSync(file).size).toBeGreaterThan(10_000);
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
    await page.context().close();
  });

  it('/ links a browser to the docs, the GraphQL explorer, the dashboard and the guides; other clients still get 404', async () => {
    const page = await offlinePage();
    await page.goto(app.url);
    const links = await page.locator('a').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
    expect(links).toEqual([
      ['API reference', '/docs'],
      ['GraphQL explorer', '/graphql'],
      ['Seller dashboard', '/dashboard/'],
      ['Guides', '/guide/'],
    ]);
    await page.screenshot({ path: join(SCREENSHOTS, 'home.png') });
    await page.context().close();
    const api = await contractFetch(`${app.url}/`, { headers: { accept: 'application/json' } });
    expect(api.status).toBe(404);
    expect(((await api.json()) as { erro: string }).erro).toBe('ROUTE_NOT_FOUND');
  });

  it('serves the document as JSON and YAML, naming this service in servers', async () => {
    const json = (await (await contractFetch(`${app.url}/openapi.json`)).json()) as { openapi: string; servers: unknown };
    expect(json.openapi).toBe('3.1.0');
    expect(json.servers).toEqual([{ url: app.url, description: 'this service' }]);
    const yaml = await contractFetch(`${app.url}/openapi.yaml`);
    expect(yaml.headers.get('content-type')).toContain('application/yaml');
    const { parse } = await import('yaml');
    expect(parse(await yaml.text())).toEqual(json);
  });
});
