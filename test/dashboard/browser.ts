import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import axe from 'axe-core';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { DASHBOARD_DIR } from '../../src/rest/routes/dashboard.routes';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export const SCREENSHOTS = join(__dirname, '..', '..', 'test-results', 'dashboard');
/** The seller's guide's pictures (docs/dashboard/index.md): made here, so they show the dashboard as it is. */
export const GUIDE_IMAGES = join(__dirname, '..', '..', 'docs', 'dashboard', 'images');
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

/**
 * The built dashboard is there. The vitest global setup (`test/support/compiled.ts`)
 * builds it, when stale, before any test file starts; a test never builds it, since a
 * build empties `dist/web` while other files serve and browse it.
 */
export async function ensureDashboardBuilt(): Promise<void> {
  if (!existsSync(join(DASHBOARD_DIR, 'index.html'))) throw new Error(`no built dashboard in ${DASHBOARD_DIR}: the global setup builds it (npm run build:web)`);
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
}

export interface DashboardBrowser {
  context: BrowserContext;
  page: Page;
  /** Requests that tried to leave the service's origin (refused). */
  foreignRequests: string[];
  pageErrors: string[];
}

/**
 * A pt-BR context in São Paulo's time zone that works offline: anything not from the
 * service itself is refused and recorded, and so are the page's uncaught errors.
 */
export async function dashboardBrowser(browser: Browser, serviceUrl: string): Promise<DashboardBrowser> {
  const foreignRequests: string[] = [];
  const pageErrors: string[] = [];
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const origin = new URL(serviceUrl).origin;
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    foreignRequests.push(url);
    return route.abort();
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  return { context, page, foreignRequests, pageErrors };
}

/** Signs the page in as the sign-in form does (GraphQL logIn with cookie: true): the browser keeps the session cookies. */
export async function signInByCookie(page: Page, serviceUrl: string, credentials: { email: string; password: string }): Promise<void> {
  await page.goto(`${serviceUrl}/dashboard/`);
  const query = 'mutation($e:String!,$p:String!){ logIn(email:$e,password:$p,cookie:true){ expiresAt } }';
  const body = JSON.stringify({ query, variables: { e: credentials.email, p: credentials.password } });
  const answer = await page.evaluate(`fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: ${JSON.stringify(body)} }).then((r) => r.text())`);
  if (!String(answer).includes('expiresAt')) throw new Error(`sign-in failed: ${String(answer)}`);
}

/** Bounded waits on what the page shows (playwright-core has no assertion library). */
export const visible = (l: Locator) => l.first().waitFor({ state: 'visible' });
export const statusOf = (l: Locator, timeout = 15_000) => expect.poll(() => l.first().getAttribute('data-status'), { timeout });
/** The text with no-break spaces (money in pt-BR) as plain ones. */
export const textOf = (l: Locator) => expect.poll(async () => (await l.first().textContent())?.replace(/\u00a0/g, ' '), { timeout: 15_000 });

/**
 * Full-page screenshots at desktop and phone width, then back to desktop. Returns the
 * elements that stick out past the phone's width (the page must not scroll sideways).
 */
export async function screenshots(page: Page, name: string): Promise<string[]> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  let overflow: string[] = [];
  for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    await page.setViewportSize(viewport);
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
    if (size === 'phone') overflow = (await page.evaluate(WIDER_THAN_VIEWPORT)) as string[];
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${size}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
  return overflow;
}

/** What a desktop reader sees now, as `docs/dashboard/images/<name>.png` for the seller's guide. */
export async function guideScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(GUIDE_IMAGES, { recursive: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: join(GUIDE_IMAGES, `${name}.png`) });
}

// Outermost elements whose right edge passes the viewport, ignoring content inside scroll boxes.
const WIDER_THAN_VIEWPORT = `(() => {
  const w = document.documentElement.clientWidth;
  const out = [];
  const walk = (el) => {
    const style = getComputedStyle(el);
    if (el.getBoundingClientRect().right > w + 1) {
      out.push(el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ').join('.') : '') + ' ' + Math.round(el.getBoundingClientRect().right));
      return;
    }
    if (style.overflowX === 'auto' || style.overflowX === 'scroll' || style.overflowX === 'hidden') return;
    for (const c of el.children) walk(c);
  };
  walk(document.body);
  const sw = document.documentElement.scrollWidth;
  if (out.length === 0 && sw > w + 1) out.push('document scrollWidth ' + sw);
  return out;
})()`;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** axe-core on the current page: the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the debugging protocol: the dashboard's CSP forbids inline scripts.
  await page.evaluate(axe.source);
  const violations = (await page.evaluate(
    `axe.run(document).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact ?? null, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) })))`,
  )) as AxeViolation[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
