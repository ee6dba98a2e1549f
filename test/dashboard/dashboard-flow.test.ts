import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/infra/security/otplib-totp';
import { startWebhookApp, type WebhookTestApp } from '../webhooks/support/app';
import { Receiver } from '../webhooks/support/receiver';
import { dashboardBrowser, ensureDashboardBuilt, guideScreenshot, launchChromium, screenshots, seriousViolations, statusOf, textOf, visible } from './browser';

/**
 * The seller's whole day in a real browser (headless Chromium), through the dashboard
 * the service serves: nothing but GraphQL, and no request leaves the service's origin.
 */
describe('seller dashboard in Chromium', () => {
  let app: WebhookTestApp;
  let receiver: Receiver;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let foreignRequests: string[];
  let pageErrors: string[];

  beforeAll(async () => {
    await ensureDashboardBuilt();
    receiver = await Receiver.start();
    app = await startWebhookApp(receiver, { amqp: false, name: 'dashboard', env: { SANDBOX_AUTOPAY_SECONDS: '3600' } });
    browser = await launchChromium();
    ({ context, page, foreignRequests, pageErrors } = await dashboardBrowser(browser, app.url));
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await receiver?.stop();
  });

  const go = async (route: string, heading: string | RegExp) => {
    await page.goto(`${app.url}/dashboard/#/${route}`);
    await visible(page.getByRole('heading', { level: 1, name: heading }));
  };
  const accessible = async () => expect(await seriousViolations(page)).toEqual([]);
  const money = (s: string) => s.replace(/\u00a0/g, ' ');

  it('signs up, registers a seller, turns on 2FA, gets a key, charges, is paid live, refunds, withdraws and sees a webhook delivery', async () => {
    // Sign up (and be logged in).
    await page.goto(`${app.url}/dashboard`);
    await visible(page.getByRole('heading', { level: 1, name: 'Entrar' }));
    await accessible();
    expect(await screenshots(page, '01-log-in')).toEqual([]);
    await page.getByRole('button', { name: 'Não tem conta? Criar conta' }).click();
    await page.getByLabel('E-mail').fill(`ana${Date.now()}@example.com`);
    await page.getByLabel('Senha').fill('short');
    await page.getByRole('button', { name: 'Criar conta', exact: true }).click();
    // The API's own validation message is shown.
    await textOf(page.getByRole('alert')).toMatch(/senha/i);
    await page.getByLabel('Senha').fill('correct horse battery');
    await page.getByRole('button', { name: 'Criar conta', exact: true }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Cadastro do vendedor' }));

    // Seller registration: a bad document gets the API's error; the sandbox CPF is approved at once.
    await go('account', 'Conta e KYC');
    await page.getByLabel('Nome ou razão social').fill('Loja da Ana');
    await page.getByLabel('CPF ou CNPJ').fill('123');
    await page.getByRole('button', { name: 'Cadastrar vendedor' }).click();
    await visible(page.getByRole('alert'));
    await page.getByLabel('CPF ou CNPJ').fill('000.000.000-00');
    await page.getByRole('button', { name: 'Cadastrar vendedor' }).click();
    await textOf(page.locator('.facts [data-status="APPROVED"]')).toBe('Aprovado');

    // 2FA enrolment with its QR, confirmed with a code.
    await page.getByRole('button', { name: 'Ativar 2FA' }).click();
    await visible(page.getByAltText('Autenticação em dois fatores (2FA)'));
    const secret = (await page.getByTestId('totp-secret').textContent())!;
    expect(await screenshots(page, '02-account-2fa')).toEqual([]);
    await page.getByLabel('Código de 6 dígitos').fill(totpCode(secret, app.clock.now()));
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await visible(page.getByText('2FA ativo'));
    await accessible();
    expect(await screenshots(page, '03-account')).toEqual([]);

    // API keys: a test key, shown once.
    await go('keys', 'Chaves de API');
    await page.getByRole('button', { name: 'Nova chave de teste' }).click();
    await textOf(page.getByTestId('new-api-key')).toMatch(/^sk_test_/);
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'sk_test_' }).count()).toBe(1);
    await accessible();
    expect(await screenshots(page, '04-api-keys')).toEqual([]);
    await guideScreenshot(page, 'api-keys');

    // A test charge with its QR image, copy-and-paste code and countdown.
    await go('charges', 'Cobranças');
    await page.getByLabel('Valor (R$)').fill('100,00');
    await page.getByLabel('Descrição').fill('Pedido 42');
    await page.getByRole('button', { name: 'Criar' }).click();
    const created = page.getByTestId('created-charge');
    await visible(created);
    const chargeId = (await created.getAttribute('data-charge'))!;
    const qr = created.getByAltText('QR code PIX da cobrança');
    await expect.poll(() => qr.evaluate((img) => ((img as unknown as { complete: boolean }).complete ? (img as unknown as { naturalWidth: number }).naturalWidth : 0))).toBeGreaterThan(0);
    expect(await created.getByTestId('copy-paste').inputValue()).toMatch(/^000201/);
    await textOf(created.getByTestId('countdown')).toMatch(/^0:5\d:\d\d$/);
    const row = page.locator(`tr[data-charge="${chargeId}"]`);
    await textOf(row).toMatch('R$ 100,00');
    await guideScreenshot(page, 'charges');
    expect(await row.locator('.badge').getAttribute('data-status')).not.toBe('PAID');

    // The sandbox panel (another tab) pays it; the badge turns PAID here without a reload.
    const sandbox = await context.newPage();
    await sandbox.goto(`${app.url}/dashboard/#/sandbox/${chargeId}`);
    await sandbox.getByRole('button', { name: 'Pagar agora' }).click();
    await textOf(sandbox.getByRole('status')).toMatch('Paga');
    await statusOf(row.locator('.badge')).toBe('PAID');
    await accessible();
    expect(await screenshots(page, '05-charges')).toEqual([]);
    await page.bringToFront();
    await sandbox.close();

    // Detail with the timeline, then a partial refund (the available balance is the net amount).
    await row.getByRole('link').click();
    await visible(page.getByRole('heading', { level: 1, name: new RegExp(chargeId) }));
    await page.getByLabel(/Valor do reembolso/).fill('50,00');
    await page.getByRole('button', { name: 'Reembolsar' }).click();
    await visible(page.getByText('Reembolso registrado.'));
    await statusOf(page.locator('.card-head .badge')).toBe('PARTIALLY_REFUNDED');
    await accessible();
    expect(await screenshots(page, '06-charge-detail')).toEqual([]);
    await guideScreenshot(page, 'charge-detail');

    // The wallet: 100,00 - 0,99 fee - 50,00 refund.
    await go('wallet', 'Carteira');
    await textOf(page.getByTestId('balance-available')).toBe('R$ 49,01');
    await visible(page.getByRole('row').filter({ hasText: 'Crédito' }).first());
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar CSV' }).click()]);
    expect(csv.suggestedFilename()).toBe('extrato.csv');
    await visible(page.locator('canvas[role="img"]'));
    await accessible();
    expect(await screenshots(page, '07-wallet')).toEqual([]);
    await guideScreenshot(page, 'wallet');

    // A withdrawal needs the 2FA code (a new one: a code is accepted once).
    await go('withdrawals', 'Saques');
    await page.getByLabel('Valor (R$)').fill('10,00');
    await page.getByLabel('Tipo de chave PIX').selectOption('EMAIL');
    await page.getByLabel('Chave PIX', { exact: true }).fill('destino@example.com');
    await page.getByLabel('Código 2FA').fill('000000');
    await page.getByRole('button', { name: 'Criar' }).click();
    await textOf(page.getByRole('alert')).toMatch('Código 2FA incorreto');
    app.clock.advance(30_000);
    await page.getByLabel('Código 2FA').fill(totpCode(secret, app.clock.now()));
    await page.getByRole('button', { name: 'Criar' }).click();
    await visible(page.getByText('Saque criado.'));
    const withdrawal = page.locator('tr[data-withdrawal]').first();
    await textOf(withdrawal).toMatch('destino@example.com');
    // The sandbox institution settles it in seconds; the status follows live.
    await statusOf(withdrawal.locator('.badge'), 20_000).toBe('PAID');
    await accessible();
    expect(await screenshots(page, '08-withdrawals')).toEqual([]);
    await guideScreenshot(page, 'withdrawals');
    await go('wallet', 'Carteira');
    await textOf(page.getByTestId('balance-available')).toBe('R$ 38,01');

    // A webhook registration, a test event and its delivery in the log.
    await go('webhooks', 'Webhooks');
    await page.getByLabel('URL (https)').fill(`https://localhost:${receiver.port}/dashboard-hook`);
    await page.getByRole('button', { name: 'Criar' }).click();
    await textOf(page.getByTestId('webhook-secret')).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Enviar evento de teste' }).click();
    await visible(page.getByText('Evento de teste enfileirado.'));
    await receiver.waitFor((reqs) => reqs.some((r) => r.path === '/dashboard-hook'));
    const delivery = page.locator('tr[data-delivery]').filter({ hasText: 'WEBHOOK_TEST' });
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Tentar de novo' }).click();
        return (await delivery.count()) ? delivery.locator('.badge').getAttribute('data-status') : null;
      }, { timeout: 15_000 })
      .toBe('DELIVERED');
    await delivery.getByRole('button', { name: 'Tentativas' }).click();
    await textOf(page.locator('.attempts li')).toMatch('200');
    await accessible();
    expect(await screenshots(page, '09-webhooks')).toEqual([]);
    await guideScreenshot(page, 'webhooks');

    await go('sandbox', 'Sandbox');
    await accessible();
    expect(await screenshots(page, '10-sandbox')).toEqual([]);
    await guideScreenshot(page, 'sandbox');

    // English switch: texts and money follow the language.
    await page.getByRole('button', { name: 'English' }).click();
    await go('wallet', 'Wallet');
    await textOf(page.getByTestId('balance-available')).toBe('R$38.01');

    expect(money(await page.getByTestId('balance-available').textContent() ?? '')).toBe('R$38.01');
    expect(foreignRequests).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 240_000);
});
