import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import axe from 'axe-core';
import { type Browser, chromium, type Page } from 'playwright-core';
import { DASHBOARD_DIR } from '../../src/rest/routes/dashboard.routes';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export const SCREENSHOTS = join(__dirname, '..', '..', 'test-results', 'dashboard');
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** The built dashboard; built here when the install did not build it. */
export function ensureDashboardBuilt(): void {
  if (existsSync(join(DASHBOARD_DIR, 'index.html'))) return;
  execFileSync('npm', ['run', '-s', 'build:web'], { cwd: join(__dirname, '..', '..'), stdio: 'ignore', timeout: 180_000 });
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
}

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
