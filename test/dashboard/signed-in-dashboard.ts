import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { onboardSeller, startTestApp, type Seller, type TestApp } from '../support/app';
import { FlowingClock } from '../webhooks/support/clock';
import { dashboardBrowser, ensureDashboardBuilt, launchChromium, signInByCookie } from './browser';

export interface SignedInDashboard {
  app: TestApp;
  seller: Seller;
  browser: Browser;
  page: Page;
  /** Requests that left the service's origin, and errors the page threw. */
  foreignRequests: string[];
  pageErrors: string[];
}

/**
 * Before a file's tests: the dashboard built, the sandbox service (its clock flowing, the
 * automatic payment an hour away), one onboarded seller signed in by cookie in headless
 * Chromium; after them, the browser and the service closed. The fields are set once the
 * first test runs (the object handed back, or `ready`).
 */
export function useSignedInDashboard(ready: (d: SignedInDashboard) => void = () => {}): SignedInDashboard {
  const d = {} as SignedInDashboard;
  beforeAll(async () => {
    await ensureDashboardBuilt();
    d.app = await startTestApp({ SANDBOX_AUTOPAY_SECONDS: '3600' }, new FlowingClock());
    d.seller = await onboardSeller(d.app);
    d.browser = await launchChromium();
    const { page, foreignRequests, pageErrors } = await dashboardBrowser(d.browser, d.app.url);
    Object.assign(d, { page, foreignRequests, pageErrors });
    await signInByCookie(d.page, d.app.url, d.seller);
    ready(d);
  }, 240_000);
  afterAll(async () => {
    await d.browser?.close();
    await d.app?.close();
  });
  return d;
}
