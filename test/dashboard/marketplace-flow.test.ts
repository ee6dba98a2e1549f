import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardSeller, type Seller, startTestApp, type TestApp } from '../support/app';
import { FlowingClock } from '../webhooks/support/clock';
import { dashboardBrowser, type DashboardBrowser, ensureDashboardBuilt, launchChromium, seriousViolations, signInByCookie, statusOf, textOf, visible } from './browser';

/**
 * A marketplace and its recipient, each in its own browser session: the invitation,
 * its acceptance, a split charge created and paid from the sandbox panel, its split on
 * the charge page, the recipient's own part, and the end of the link.
 */
describe('dashboard marketplace in Chromium', () => {
  let app: TestApp;
  let market: Seller;
  let shop: Seller;
  let browser: Browser;
  let m: DashboardBrowser;
  let r: DashboardBrowser;

  beforeAll(async () => {
    await ensureDashboardBuilt();
    app = await startTestApp({ SANDBOX_AUTOPAY_SECONDS: '3600' }, new FlowingClock());
    [market, shop] = [await onboardSeller(app), await onboardSeller(app)];
    browser = await launchChromium();
    [m, r] = [await dashboardBrowser(browser, app.url), await dashboardBrowser(browser, app.url)];
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const open = async (page: Page, seller: Seller, route: string) => {
    await signInByCookie(page, app.url, seller);
    await page.goto(`${app.url}/dashboard/#/${route}`);
    await page.reload();
  };

  it('invites, accepts, creates and pays a split charge, shows each side its part, ends the link', async () => {
    // The marketplace invites the recipient by its seller id.
    await open(m.page, market, 'marketplace');
    await visible(m.page.getByRole('heading', { level: 1, name: 'Marketplace' }));
    await m.page.getByLabel('ID do vendedor recebedor').fill(shop.sellerId);
    await m.page.getByRole('button', { name: 'Convidar' }).click();
    const invited = m.page.locator('tr[data-side="MARKETPLACE"]');
    await statusOf(invited.locator('.badge')).toBe('INVITED');
    await textOf(invited).toMatch(shop.sellerId);
    expect(await seriousViolations(m.page)).toEqual([]);

    // The recipient sees the invitation on its own dashboard and accepts it.
    await open(r.page, shop, 'marketplace');
    const invitation = r.page.locator('tr[data-side="RECIPIENT"]');
    await textOf(invitation).toMatch(market.sellerId);
    await invitation.getByRole('button', { name: 'Aceitar' }).click();
    await statusOf(invitation.locator('.badge')).toBe('ACTIVE');
    await m.page.reload();
    await statusOf(invited.locator('.badge')).toBe('ACTIVE');

    // The sandbox panel creates a split charge (R$ 30,00 to the recipient) and pays it.
    await m.page.goto(`${app.url}/dashboard/#/sandbox`);
    await visible(m.page.getByRole('heading', { name: 'Criar uma cobrança dividida' }));
    await m.page.getByLabel('Valor (R$)', { exact: true }).fill('100,00');
    await m.page.getByLabel('Valor (R$) ou percentual (%)').fill('30,00');
    await m.page.getByRole('button', { name: 'Criar', exact: true }).click();
    const created = m.page.getByText('Cobrança dividida criada:');
    await visible(created);
    const chargeId = (await m.page.locator('a[href^="#/charges/"]').last().textContent())!.trim();
    expect(await m.page.getByLabel('ID da cobrança').inputValue()).toBe(chargeId);
    await m.page.getByRole('button', { name: 'Pagar agora' }).click();
    await textOf(m.page.getByRole('status').first()).toMatch('Paga');
    expect(await seriousViolations(m.page)).toEqual([]);

    // The charge page shows the split: the marketplace's 70,00 less the fee, the recipient's 30,00.
    await m.page.goto(`${app.url}/dashboard/#/charges/${chargeId}`);
    await visible(m.page.getByRole('heading', { name: 'Divisão' }));
    await textOf(m.page.locator(`tr[data-party="${shop.sellerId}"]`)).toMatch('R$ 30,00');
    await textOf(m.page.locator(`tr[data-party="${shop.sellerId}"]`)).toMatch('Recebedor');
    await textOf(m.page.locator(`tr[data-party="${market.sellerId}"]`)).toMatch('R$ 70,00');
    expect(await seriousViolations(m.page)).toEqual([]);

    // The recipient sees its own part only.
    await r.page.reload();
    const share = r.page.locator(`tr[data-share="${chargeId}"]`);
    await textOf(share).toMatch('R$ 30,00');
    expect((await share.textContent())!.replace(/\u00a0/g, ' ')).not.toMatch('R$ 100,00');

    // Either side ends the link; the marketplace sees it ended.
    await invitation.getByRole('button', { name: /Encerrar/ }).click();
    await statusOf(invitation.locator('.badge')).toBe('ENDED');
    await m.page.goto(`${app.url}/dashboard/#/marketplace`);
    await statusOf(invited.locator('.badge')).toBe('ENDED');
    expect(await seriousViolations(r.page)).toEqual([]);

    expect([...m.foreignRequests, ...r.foreignRequests]).toEqual([]);
    expect([...m.pageErrors, ...r.pageErrors]).toEqual([]);
  }, 180_000);
});
