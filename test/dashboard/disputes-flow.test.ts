import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { encode } from 'fast-png';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardSeller, startTestApp, type TestApp } from '../support/app';
import { rest } from '../support/rest';
import { FlowingClock } from '../webhooks/support/clock';
import { signInByCookie, dashboardBrowser, ensureDashboardBuilt, launchChromium, guideScreenshot, screenshots, seriousViolations, statusOf, textOf, visible } from './browser';

/** A real 8 x 8 PNG and a small PDF: the API judges files by their first bytes. */
const PNG = Buffer.from(encode({ width: 8, height: 8, channels: 3, data: new Uint8Array(8 * 8 * 3).fill(200) }));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/**
 * A contestation from the seller's side in headless Chromium: it appears live in the
 * disputes list, the seller appeals with files through the GraphQL multipart request,
 * downloads the evidence back, and sees the decision arrive.
 */
describe('dashboard disputes in Chromium', () => {
  let app: TestApp;
  let seller: Awaited<ReturnType<typeof onboardSeller>>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let foreignRequests: string[];
  let pageErrors: string[];

  beforeAll(async () => {
    await ensureDashboardBuilt();
    app = await startTestApp({ SANDBOX_AUTOPAY_SECONDS: '3600' }, new FlowingClock());
    seller = await onboardSeller(app);
    browser = await launchChromium();
    ({ context, page, foreignRequests, pageErrors } = await dashboardBrowser(browser, app.url));
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const accessible = async () => expect(await seriousViolations(page)).toEqual([]);

  it('shows a contestation live, takes an appeal with files, serves them back and follows the decision', async () => {
    const charge = (await rest(app, 'POST', '/api/v1/cobranca/transactions', { key: seller.apiKey, body: { amount: 123_456, description: 'Pedido 77' }, idempotencyKey: randomUUID() })).body.data;

    // The dashboard with the seller's session, on the (still empty) disputes page.
    await signInByCookie(page, app.url, seller);
    await page.goto(`${app.url}/dashboard/#/disputes`);
    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: 'Disputas' }));
    await visible(page.getByText('Nada por aqui ainda.'));

    // The sandbox panel (another tab) pays the charge, then the buyer contests it.
    const sandbox = await context.newPage();
    await sandbox.goto(`${app.url}/dashboard/#/sandbox/${charge.id}`);
    await sandbox.getByRole('button', { name: 'Pagar agora' }).click();
    await textOf(sandbox.getByRole('status')).toMatch('Paga');
    await sandbox.getByRole('button', { name: 'Abrir contestação' }).click();
    await textOf(sandbox.getByRole('status')).toMatch('Em disputa');
    await visible(sandbox.getByRole('link', { name: 'Ver disputa' }));

    // The disputes list shows it without a reload: OPEN, the whole paid amount, the charge linked.
    const row = page.locator('tr[data-dispute]');
    await statusOf(row.locator('.badge')).toBe('OPEN');
    const disputeId = (await row.first().getAttribute('data-dispute'))!;
    await textOf(row).toMatch('R$ 1.234,56');
    await textOf(row).toMatch('Contestação');
    expect(await row.getByRole('link', { name: charge.id }).getAttribute('href')).toBe(`#/charges/${charge.id}`);
    await accessible();
    expect(await screenshots(page, '11-disputes')).toEqual([]);

    // The filters are the API's: another status hides it, its own shows it again.
    await page.getByLabel('Status').selectOption('UNDER_REVIEW');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await visible(page.getByText('Nada por aqui ainda.'));
    await page.getByLabel('Status').selectOption('OPEN');
    await page.getByLabel('Origem').selectOption('CONTESTATION');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await statusOf(row.locator('.badge')).toBe('OPEN');

    // The detail: amounts, origin, deadline, no evidence yet, the appeal form.
    await row.getByRole('link', { name: 'Detalhes' }).click();
    await visible(page.getByRole('heading', { level: 1, name: new RegExp(disputeId) }));
    await textOf(page.getByTestId('dispute-amount')).toBe('R$ 1.234,56');
    await visible(page.getByRole('heading', { level: 2, name: 'Contestação' }));
    await statusOf(page.locator('.card-head .badge')).toBe('OPEN');

    // Checked before sending, with the API's limits: a reason is needed, a text file is refused.
    const reason = page.getByLabel('Justificativa');
    const files = page.getByLabel('Arquivos (PDF, PNG ou JPG)');
    await page.getByRole('button', { name: 'Enviar recurso' }).click();
    await textOf(page.getByRole('alert')).toMatch('Escreva a justificativa.');
    await reason.fill('Produto entregue; comprovante e foto da entrega anexos.');
    await files.setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByRole('button', { name: 'Enviar recurso' }).click();
    await textOf(page.getByRole('alert')).toMatch('notas.txt: Tipo de arquivo não aceito');
    // A file that only claims to be a PDF passes the browser's check; the API's refusal is shown.
    await files.setInputFiles({ name: 'falso.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf at all') });
    await page.getByRole('button', { name: 'Enviar recurso' }).click();
    await textOf(page.getByRole('alert')).toBe('Tipo de arquivo não aceito (só PDF, PNG ou JPG, pelo conteúdo).');
    expect(await page.getByRole('alert').getAttribute('data-code')).toBe('INVALID_FILE_TYPE');
    await statusOf(page.locator('.card-head .badge')).toBe('OPEN');

    // The real appeal: two files in one multipart request; the status changes and the files are listed.
    await files.setInputFiles([
      { name: 'comprovante.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'entrega.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await page.getByRole('button', { name: 'Enviar recurso' }).click();
    await textOf(page.getByRole('status')).toMatch('Recurso enviado. Appeal received with 2 files');
    await statusOf(page.locator('.card-head .badge')).toBe('UNDER_REVIEW');
    const evidence = page.locator('tr[data-evidence]');
    await expect.poll(() => evidence.count()).toBe(2);
    await textOf(evidence.filter({ hasText: 'entrega.png' })).toMatch(/PNG/);
    await expect.poll(() => page.getByRole('button', { name: 'Enviar recurso' }).count()).toBe(0);
    await textOf(page.locator('[data-event="DISPUTE_UNDER_REVIEW"]')).toBe('Recurso enviado');

    // The evidence downloads with the session: the same bytes that were sent.
    const [download] = await Promise.all([page.waitForEvent('download'), evidence.filter({ hasText: 'entrega.png' }).getByRole('link', { name: 'Baixar entrega.png' }).click()]);
    expect(download.suggestedFilename()).toBe('entrega.png');
    expect(Buffer.from(await readFile((await download.path())!))).toEqual(PNG);
    await accessible();
    expect(await screenshots(page, '12-dispute-detail')).toEqual([]);
    await guideScreenshot(page, 'dispute-detail');

    // The institution decides for the seller (sandbox tab); the detail follows live.
    await sandbox.getByRole('button', { name: 'Decidir: vendedor ganha' }).click();
    await textOf(sandbox.getByRole('status')).toMatch('Paga');
    await sandbox.close();
    await statusOf(page.locator('.card-head .badge')).toBe('WON');
    await textOf(page.locator('[data-event="DISPUTE_RESOLVED"]')).toBe('Decidida a favor do vendedor');

    // The charge's timeline carries its dispute's steps, with a link to it.
    await page.getByRole('link', { name: charge.id }).click();
    await visible(page.getByRole('heading', { level: 1, name: new RegExp(charge.id) }));
    const timeline = page.locator('.timeline');
    await textOf(timeline).toMatch(/Disputa aberta.*Recurso enviado.*Decidida a favor do vendedor/);
    expect(await page.getByRole('link', { name: 'Ver disputa' }).getAttribute('href')).toBe(`#/disputes/${disputeId}`);

    // English: texts and money follow the language.
    await page.getByRole('button', { name: 'English' }).click();
    await page.goto(`${app.url}/dashboard/#/disputes`);
    await visible(page.getByRole('heading', { level: 1, name: 'Disputes' }));
    await textOf(row).toMatch('R$1,234.56');
    await textOf(row).toMatch('Contestation');

    expect(foreignRequests).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 240_000);
});
