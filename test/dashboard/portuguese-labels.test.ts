import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, onboardSeller, startTestApp, type TestApp } from '../support/app';
import { rest } from '../support/rest';
import { FlowingClock } from '../webhooks/support/clock';
import { dashboardBrowser, signInByCookie, ensureDashboardBuilt, launchChromium, SCREENSHOTS, screenshots, seriousViolations, statusOf, textOf, visible } from './browser';

const TX = '/api/v1/cobranca/transactions';
const WD = '/api/v1/cobranca/withdrawals';
/** Codes the API sends that a person must never have to read. */
const RAW_CODES = ['WAITING_PAYMENT', 'PENDING', 'PAID', 'PENDING_REVIEW', 'APPROVED', 'CREDIT', 'DEBIT', 'EVP', 'INVALID_AMOUNT', 'INVALID_EXPIRATION'];
const PHONE_375 = { width: 375, height: 812 };
const WAIT = { timeout: 15_000 };

/**
 * The dashboard in Portuguese, as a new seller reads it in headless Chromium: statuses,
 * key types, statement lines and errors in words; debits with a minus sign; documents
 * formatted; the charge list searched; a charge paid from its own page; the whole menu
 * within reach on a 375 px phone; and the sandbox's test CPFs for a seller under review.
 */
describe('the dashboard speaks Portuguese', () => {
  let app: TestApp;
  let seller: Awaited<ReturnType<typeof onboardSeller>>;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];
  let foreignRequests: string[];

  beforeAll(async () => {
    await ensureDashboardBuilt();
    app = await startTestApp({ SANDBOX_AUTOPAY_SECONDS: '3600' }, new FlowingClock());
    seller = await onboardSeller(app);
    browser = await launchChromium();
    ({ page, pageErrors, foreignRequests } = await dashboardBrowser(browser, app.url));
    await signInByCookie(page, app.url, seller);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const go = async (route: string, heading: string) => {
    await page.goto(`${app.url}/dashboard/#/${route}`);
    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: heading }));
  };
  const charge = async (amount: number, description: string) =>
    (await rest(app, 'POST', TX, { key: seller.apiKey, body: { amount, description }, idempotencyKey: randomUUID() })).body.data.id as string;
  const pay = (id: string) => rest(app, 'POST', `/v1/sandbox/transactions/${id}/pay`, { key: seller.apiKey });
  /** The words on screen that are raw codes of the API. */
  const rawCodesShown = async () => {
    const text = (await page.evaluate('document.body.innerText')) as string;
    return RAW_CODES.filter((c) => new RegExp(`(^|[^A-Z_])${c}([^A-Z_]|$)`).test(text));
  };
  const accessible = async () => expect(await seriousViolations(page)).toEqual([]);

  it('labels statuses, searches charges, pays one from its page and turns the new-charge panel PAID', async () => {
    const paid = await charge(100_00, 'Pedido pago');
    await pay(paid);
    const shoes = await charge(250_00, 'Tênis de corrida');

    await go('charges', 'Cobranças');
    const row = (id: string) => page.locator(`tr[data-charge="${id}"]`);
    await textOf(row(paid).locator('.badge')).toBe('Paga');
    await textOf(row(shoes)).toMatch('R$ 250,00');
    expect(['Pendente', 'Aguardando pagamento']).toContain((await row(shoes).locator('.badge').textContent())?.trim());
    // The status filter offers words, and sends the code.
    const options = await page.getByLabel('Status', { exact: true }).locator('option').allTextContents();
    expect(options).toContain('Aguardando pagamento');
    expect(options).not.toContain('WAITING_PAYMENT');
    expect(await rawCodesShown()).toEqual([]);

    // Text search, as on withdrawals.
    await page.getByLabel('Busca').fill('tênis');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect.poll(() => page.locator('tr[data-charge]').count(), WAIT).toBe(1);
    await visible(row(shoes));

    // A server error, then a mistake in the form: only the new one is shown, in words.
    await page.getByLabel('Valor (R$)').fill('10,00');
    await page.getByLabel('Validade (segundos)').fill('5');
    await page.getByRole('button', { name: 'Criar' }).click();
    await expect.poll(() => page.getByRole('alert').getAttribute('data-code'), WAIT).toBe('INVALID_EXPIRATION');
    await textOf(page.getByRole('alert')).toBe('Validade inválida: um número inteiro de segundos.');
    await page.getByLabel('Valor (R$)').fill('dez reais');
    await page.getByRole('button', { name: 'Criar' }).click();
    await expect.poll(() => page.getByRole('alert').count(), WAIT).toBe(1);
    await expect.poll(() => page.getByRole('alert').getAttribute('data-code'), WAIT).toBe('INVALID_AMOUNT');
    await textOf(page.getByRole('alert')).toBe('Valor inválido: use reais e centavos, como 10,50.');

    // A new charge: QR code and countdown until it is paid, then the panel says it is paid.
    await page.getByLabel('Valor (R$)').fill('42,00');
    await page.getByLabel('Validade (segundos)').fill('3600');
    await page.getByRole('button', { name: 'Criar' }).click();
    const created = page.getByTestId('created-charge');
    await visible(created.getByTestId('countdown'));
    await visible(created.getByAltText('QR code PIX da cobrança'));
    const createdId = (await created.getAttribute('data-charge'))!;
    await pay(createdId);
    await expect.poll(() => created.getAttribute('data-status'), WAIT).toBe('PAID');
    await textOf(created.locator('.badge')).toBe('Paga');
    await visible(created.getByText('Pagamento recebido.'));
    expect(await created.getByTestId('countdown').count()).toBe(0);
    expect(await created.getByRole('img').count()).toBe(0);
    await accessible();
    expect(await screenshots(page, '20-pt-charges')).toEqual([]);

    // "Pay now" on the charge's own page (sandbox only).
    await go(`charges/${shoes}`, `Cobrança ${shoes}`);
    await textOf(page.locator('.card-head .badge')).toMatch(/Pendente|Aguardando pagamento/);
    await page.getByRole('button', { name: 'Pagar agora' }).click();
    await statusOf(page.locator('.card-head .badge')).toBe('PAID');
    await textOf(page.locator('.card-head .badge')).toBe('Paga');
    await expect.poll(() => page.getByRole('button', { name: 'Pagar agora' }).count(), WAIT).toBe(0);
    await visible(page.locator('.timeline').getByText('Criada'));
    expect(await rawCodesShown()).toEqual([]);
    await accessible();
    expect(await screenshots(page, '21-pt-charge-paid-now')).toEqual([]);
  }, 240_000);

  it('signs debits, names statement lines and key types, and formats documents', async () => {
    // Paid charges above: 100,00, 42,00 and 250,00, each with its fee. A withdrawal to a CPF key.
    const cpfKey = '52998224725';
    const withdrawal = await rest(app, 'POST', WD, { key: seller.apiKey, body: { amount: 20_00, method: 'PIX', pixKeyType: 'CPF', pixKey: cpfKey }, idempotencyKey: randomUUID() });
    expect(withdrawal.status).toBe(201);

    await go('wallet', 'Carteira');
    const entries = page.locator('tr:has([data-testid="entry-amount"])');
    await expect.poll(() => entries.filter({ hasText: 'Tarifa de recebimento PIX' }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // The oldest fee is the 100,00 charge's: 0.99%.
    const fee = entries.filter({ hasText: 'Tarifa de recebimento PIX' }).last();
    await textOf(fee).toMatch('Débito');
    await textOf(fee.getByTestId('entry-amount')).toBe('-R$ 0,99');
    const received = entries.filter({ hasText: 'PIX recebido' }).filter({ hasText: /R\$\s100,00/ }).first();
    await textOf(received).toMatch('Crédito');
    await textOf(received.getByTestId('entry-amount')).toBe('R$ 100,00');
    const out = entries.filter({ has: page.getByRole('cell', { name: 'Saque', exact: true }) }).first();
    await textOf(out.getByTestId('entry-amount')).toBe('-R$ 20,00');
    expect(await page.getByText('PIX cash-in fee').count()).toBe(0);
    expect(await rawCodesShown()).toEqual([]);
    await accessible();
    expect(await screenshots(page, '22-pt-wallet')).toEqual([]);

    await go('withdrawals', 'Saques');
    const w = page.locator('tr[data-withdrawal]').first();
    await textOf(w).toMatch('529.982.247-25');
    await textOf(w).toMatch('R$ 20,00');
    const keyTypes = await page.getByLabel('Tipo de chave PIX').locator('option').allTextContents();
    expect(keyTypes).toEqual(['CPF', 'CNPJ', 'Celular', 'E-mail', 'Chave aleatória']);
    expect(await rawCodesShown()).toEqual([]);
    expect(await screenshots(page, '23-pt-withdrawals')).toEqual([]);

    await go('account', 'Conta e KYC');
    await textOf(page.getByTestId('seller-document')).toBe('000.000.000-00');
    await textOf(page.locator('.facts [data-status="APPROVED"]')).toBe('Aprovado');
    await textOf(page.locator('[data-status="TWO_FACTOR_OFF"]')).toBe('2FA inativo');
    expect(await rawCodesShown()).toEqual([]);

    // English: the same codes in English words, money in the English format.
    await page.getByRole('button', { name: 'English' }).click();
    await go('wallet', 'Wallet');
    await textOf(entries.filter({ hasText: 'PIX cash-in fee' }).last().getByTestId('entry-amount')).toBe('-R$0.99');
    await page.getByRole('button', { name: 'Português' }).click();
  }, 240_000);

  it('reaches every menu entry on a 375 px wide phone', async () => {
    await go('charges', 'Cobranças');
    await page.setViewportSize(PHONE_375);
    const links = page.getByRole('navigation', { name: 'Menu' }).getByRole('link');
    expect(await links.count()).toBe(10);
    const offScreen: string[] = [];
    for (const link of await links.all()) {
      const box = (await link.boundingBox())!;
      // On screen without scrolling sideways, and not covered by anything else.
      const href = await link.getAttribute('href');
      const hit = await page.evaluate(`document.elementFromPoint(${box.x + box.width / 2}, ${box.y + box.height / 2})?.closest('a')?.getAttribute('href')`);
      const onTop = hit === href;
      if (box.x < 0 || box.x + box.width > PHONE_375.width || !onTop) offScreen.push(`${await link.textContent()} ${Math.round(box.x)}-${Math.round(box.x + box.width)}`);
    }
    expect(offScreen).toEqual([]);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, '24-pt-menu-375.png') });
    // The last entry opens its page.
    await links.last().click();
    await visible(page.getByRole('heading', { level: 1, name: 'Sandbox' }));
    expect((await page.evaluate('document.documentElement.scrollWidth')) as number).toBeLessThanOrEqual(PHONE_375.width);
    await page.setViewportSize({ width: 1280, height: 900 });
  }, 120_000);

  it('tells a seller under review which test CPFs the sandbox approves, keeps pending and rejects', async () => {
    const email = `revisao${Date.now()}@example.com`;
    await gql(app, 'mutation($e:String!){ signUp(email:$e, password:"correct horse battery"){ id } }', { e: email });
    const session = (await gql(app, 'mutation($e:String!){ logIn(email:$e, password:"correct horse battery"){ token } }', { e: email })).data!.logIn.token as string;
    await gql(app, 'mutation{ registerSeller(name:"Loja em Análise", document:"529.982.247-25"){ id } }', {}, session);
    await page.context().clearCookies();
    await signInByCookie(page, app.url, { email, password: 'correct horse battery' });
    await go('account', 'Conta e KYC');
    await textOf(page.locator('.facts [data-status="PENDING_REVIEW"]').first()).toBe('Em análise');
    const hint = page.getByTestId('sandbox-kyc-hint');
    await textOf(hint).toMatch('Seu cadastro está em análise');
    const outcomes = await hint.locator('li').evaluateAll((lis) => lis.map((li) => [li.querySelector('code')?.textContent, li.querySelector('.badge')?.getAttribute('data-status')]));
    expect(outcomes).toEqual(
      expect.arrayContaining([
        ['000.000.000-00', 'APPROVED'],
        ['111.111.111-11', 'PENDING_REVIEW'],
        ['222.222.222-22', 'REJECTED'],
      ]),
    );
    await textOf(page.locator('.facts')).toMatch('529.982.247-25');
    expect(await rawCodesShown()).toEqual([]);
    await accessible();
    expect(await screenshots(page, '25-pt-pending-review')).toEqual([]);

    expect(foreignRequests).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
