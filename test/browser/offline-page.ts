import type { Browser, Page } from 'playwright-core';

/** A page with the network closed: every request that is not to loopback is aborted and recorded in `outside`. */
export async function offlinePage(browser: Browser, outside: string[]): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.route('**/*', (route) => {
    const { hostname } = new URL(route.request().url());
    if (hostname === '127.0.0.1' || hostname === 'localhost') return route.continue();
    outside.push(route.request().url());
    return route.abort();
  });
  return context.newPage();
}
