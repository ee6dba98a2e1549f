import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardSeller, startTestApp, type TestApp } from '../support/app';
import { rest } from '../support/rest';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let app: TestApp;
let seller: Awaited<ReturnType<typeof onboardSeller>>;
let browser: Browser;
const outside: string[] = [];

beforeAll(async () => {
  app = await startTestApp({ ROLE: 'api' });
  seller = await onboardSeller(app);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** A page with the network closed: every request that is not to loopback is aborted (and recorded). */
async function offlinePage(): Promise<Page> {
  const context = await browser.newContext();
  await context.route('**/*', (route) => {
    const { hostname } = new URL(route.request().url());
    if (hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]') return route.continue();
    outside.push(route.request().url());
    return route.abort();
  });
  return context.newPage();
}

async function run(page: Page, query: string) {
  await page.goto(`${app.url}/graphql?query=${encodeURIComponent(query)}`);
  await page.locator('#authorization').fill(seller.apiKey);
  await page.locator('.graphiql-execute-button').click();
}

const resultText = (page: Page) => page.locator('.result-window').innerText();

describe('the GraphQL explorer', () => {
  it('loads with the network closed and runs a query with the key from the Authorization field', async () => {
    const page = await offlinePage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await run(page, '{ me { credential seller { id } } }');
    await expect.poll(() => resultText(page), { timeout: 15_000 }).toContain(seller.sellerId);
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
    await page.context().close();
  });

  it('receives a subscription event over graphql-ws, authenticated through connectionParams', async () => {
    const page = await offlinePage();
    await run(page, 'subscription Watch { transactionUpdated { id status } }');
    // The subscription is live once the socket is acknowledged; then a charge changes status.
    await expect
      .poll(
        async () => {
          const res = await rest(app, 'POST', '/api/v1/cobranca/transactions', { key: seller.apiKey, body: { amount: 1234 }, idempotencyKey: `explorer-${Date.now()}` });
          await rest(app, 'POST', `/v1/sandbox/transactions/${res.body.data.id}/pay`, { key: seller.apiKey });
          return resultText(page);
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toContain('"status": "PAID"');
    expect(outside).toEqual([]);
    await page.context().close();
  });

  it('loads the schema: the Docs pane lists the Query fields and the editor offers one', async () => {
    const page = await offlinePage();
    await page.goto(`${app.url}/graphql`);
    await page.locator('#authorization').fill(seller.apiKey);
    await page.getByRole('button', { name: /documentation explorer/i }).click();
    const docs = page.locator('.graphiql-doc-explorer');
    await expect.poll(() => docs.innerText(), { timeout: 15_000 }).toContain('Query');
    await docs.getByText('Query', { exact: true }).first().click();
    await expect.poll(() => docs.innerText(), { timeout: 15_000 }).toContain('transactions');
    expect(await page.getByText('Error fetching schema').count()).toBe(0);
    const editor = page.locator('.graphiql-query-editor .CodeMirror').first();
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('{ transa');
    await expect.poll(() => page.locator('.CodeMirror-hints').first().innerText().catch(() => ''), { timeout: 15_000 }).toContain('transactions');
    await page.screenshot({ path: 'test-results/graphql-explorer-docs.png' });
    expect(outside).toEqual([]);
    await page.context().close();
  });

  it('API clients still get GraphQL at the same path', async () => {
    const res = await fetch(`${app.url}/graphql`, { headers: { accept: 'application/json' } });
    expect(res.headers.get('content-type')).not.toContain('text/html');
    const page = await fetch(`${app.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(await page.text()).toContain('PixPay GraphQL explorer');
  });
});
