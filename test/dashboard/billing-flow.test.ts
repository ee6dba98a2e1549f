import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rest } from '../support/rest';
import { ON_APIPIX } from '../support/test-institution';
import { guideScreenshot, screenshots, seriousViolations, statusOf, textOf, visible } from './browser';
import { type SignedInDashboard, useSignedInDashboard } from './signed-in-dashboard';

/** The civil day `days` from now in Brasília (UTC-3), as the date inputs take it. */
const brasiliaDay = (days: number) => new Date(Date.now() - 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
const reais = (cents: number) => `R$ ${Math.floor(cents / 100).toLocaleString('pt-BR')},${String(cents % 100).padStart(2, '0')}`;

/**
 * The two kinds of billing from the seller's side in headless Chromium: a charge with a
 * due date made in the new-charge form and shown paid with its components, and a PIX
 * Automático recurrence created, authorised by the (simulated) payer and cancelled.
 */
// On API Pix a due-date charge is a cobv at the PSP, which the PSP simulator does not serve yet.
describe.skipIf(ON_APIPIX)('dashboard billing pages in Chromium', () => {
  let app: SignedInDashboard['app'];
  let seller: SignedInDashboard['seller'];
  let page: Page;
  let foreignRequests: string[];
  let pageErrors: string[];
  useSignedInDashboard((d) => {
    ({ app, seller, page, foreignRequests, pageErrors } = d);
  });

  const accessible = async () => expect(await seriousViolations(page)).toEqual([]);

  it('creates a charge with a due date from the form, and shows its terms and, once paid, what the amount paid is made of', async () => {
    const dueDate = brasiliaDay(10);
    await page.goto(`${app.url}/dashboard/#/charges`);
    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: 'Cobranças' }));
    await page.getByLabel('Valor (R$)').fill('100,00');
    await page.getByLabel('Descrição').fill('Mensalidade dezembro');
    await page.getByLabel('Cobrança com vencimento').check();
    // A charge with a due date has no expiry in seconds.
    expect(await page.getByLabel('Validade (segundos)').count()).toBe(0);
    const form = page.getByTestId('due-date-fields');
    await form.getByLabel('Nome do pagador').fill('Maria Souza');
    await form.getByLabel('CPF ou CNPJ do pagador').fill('529.982.247-25');
    await form.getByLabel('Vencimento', { exact: true }).fill(dueDate);
    await form.getByLabel('Multa', { exact: true }).selectOption('PERCENT');
    await form.getByLabel('Multa (%)').fill('abc');
    await page.getByRole('button', { name: 'Criar' }).click();
    // The form names the field it cannot read before anything is sent.
    expect(await page.locator('.error[data-code]').getAttribute('data-code')).toBe('INVALID_FINE');
    await form.getByLabel('Multa (%)').fill('2');
    await form.getByLabel('Juros', { exact: true }).selectOption('AMOUNT_PER_CALENDAR_DAY');
    await form.getByLabel('Juros (R$)').fill('0,50');
    await form.getByLabel('Desconto', { exact: true }).selectOption('FIXED_UNTIL_DATES');
    await form.getByLabel('Data de desconto 1: Até').fill(brasiliaDay(2));
    await form.getByLabel('Desconto 1 (R$)').fill('5,00');
    await accessible();
    expect(await screenshots(page, '20-due-date-form')).toEqual([]);
    await page.getByRole('button', { name: 'Criar' }).click();
    const created = page.getByTestId('created-charge');
    await statusOf(created).toBe('PENDING');
    const id = (await created.getAttribute('data-charge'))!;

    // What the API stored is what was typed, in cents and hundredths of a percent.
    const stored = (await rest(app, 'GET', `/api/v1/cobranca/transactions/${id}`, { key: seller.apiKey })).body.data;
    expect(stored).toMatchObject({ amount: 10_000, customer: { name: 'Maria Souza', document: '52998224725' }, description: 'Mensalidade dezembro' });
    expect(stored.dueDateCharge).toMatchObject({
      dueDate,
      validityAfterDueDays: 30,
      originalAmount: 10_000,
      fine: { modality: 'PERCENT', value: 200 },
      interest: { modality: 'AMOUNT_PER_CALENDAR_DAY', value: 50 },
      discount: { modality: 'FIXED_UNTIL_DATES', dates: [{ until: brasiliaDay(2), value: 500 }] },
    });

    // Its page shows the due date and the terms; the payer pays it late, and the components appear.
    await page.goto(`${app.url}/dashboard/#/charges/${id}`);
    const section = page.getByTestId('due-date-section');
    await textOf(page.getByTestId('due-date')).toBe(dueDate.split('-').reverse().join('/'));
    await textOf(section).toMatch('2,00% · Percentual');
    await textOf(section).toMatch('R$ 0,50 · Valor por dia corrido');
    const paid = (await rest(app, 'POST', `/v1/sandbox/transactions/${id}/pay`, { key: seller.apiKey, body: { paymentDate: stored.dueDateCharge.lastPayableDate } })).body.data;
    const parts = paid.dueDateCharge.amountComponents as Record<string, number>;
    expect(parts.fine).toBe(200);
    expect(parts.interest).toBeGreaterThan(0);
    await textOf(page.getByTestId('amount-paid')).toBe(reais(paid.amount));
    await textOf(page.locator('tr[data-component="fine"] td.num')).toBe(reais(parts.fine));
    await textOf(page.locator('tr[data-component="interest"] td.num')).toBe(reais(parts.interest));
    await textOf(page.locator('tr[data-component="original"] td.num')).toBe('R$ 100,00');
    await accessible();
    expect(await screenshots(page, '21-due-date-charge-paid')).toEqual([]);
    await guideScreenshot(page, 'due-date-charge');

    // The statement shows the payment's credit with what it is made of.
    await page.goto(`${app.url}/dashboard/#/wallet`);
    await textOf(page.getByTestId('amount-components')).toBe(`Original R$ 100,00 + Multa ${reais(parts.fine)} + Juros ${reais(parts.interest)}`);
    expect(await page.getByTestId('amount-components').count()).toBe(1);
    expect(await screenshots(page, '25-statement-components')).toEqual([]);
  });

  it('creates a recurrence, shows its authorisation QR, follows the payer approving it, lists it and cancels it', async () => {
    await page.goto(`${app.url}/dashboard/#/recurrences`);
    await visible(page.getByRole('heading', { level: 1, name: 'Pix Automático' }));
    await visible(page.getByText('Nada por aqui ainda.'));
    const form = page.getByTestId('new-recurrence');
    await form.getByLabel('Nome do pagador').fill('João Pereira');
    await form.getByLabel('CPF ou CNPJ do pagador').fill('529.982.247-25');
    await form.getByLabel('Número do contrato').fill('ACAD-2026-77');
    await form.getByLabel('Objeto do contrato').fill('Academia mensal');
    await form.getByLabel('Primeiro pagamento').fill(brasiliaDay(20));
    await form.getByLabel('Valor (R$)').fill('89,90');
    await form.getByLabel('Novas tentativas').selectOption('THREE_IN_SEVEN_DAYS');
    await accessible();
    await form.getByRole('button', { name: 'Criar' }).click();

    // The new recurrence's page: what the payer scans or pastes in their bank's app.
    const facts = page.getByTestId('recurrence-facts');
    await statusOf(facts).toBe('CREATED');
    const id = decodeURIComponent(new URL(page.url()).hash.split('/')[2]);
    const qr = page.getByTestId('recurrence-qr');
    await visible(qr.locator('img.qr'));
    const copyPaste = await qr.getByTestId('copy-paste').inputValue();
    const stored = (await rest(app, 'GET', `/api/v1/cobranca/recurrences/${id}`, { key: seller.apiKey })).body.data;
    expect(stored).toMatchObject({ status: 'CREATED', journey: 'QR', amountType: 'FIXED', amount: 8_990, retryPolicy: 'THREE_IN_SEVEN_DAYS', calendar: { period: 'MONTHLY', firstDate: brasiliaDay(20) } });
    expect(copyPaste).toBe(stored.authorisation.copyPaste);
    expect(await qr.locator('img.qr').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
    await accessible();
    expect(await screenshots(page, '22-recurrence-authorisation')).toEqual([]);
    await guideScreenshot(page, 'recurrence');

    // The payer authorises it in their bank (the sandbox): the page shows it approved, without the QR.
    expect((await rest(app, 'POST', `/v1/sandbox/recurrences/${id}/approve`, { key: seller.apiKey })).status).toBe(200);
    await page.reload();
    await statusOf(facts).toBe('APPROVED');
    expect(await qr.count()).toBe(0);
    await visible(page.getByText('Nenhum ciclo ainda', { exact: false }));

    // Its clock moves to cycle 1's window and the payer's bank settles it: the page shows the cycle paid, with its charge.
    const advanced = await rest(app, 'POST', `/v1/sandbox/recurrences/${id}/advance`, { key: seller.apiKey });
    expect(advanced.status).toBe(200);
    expect(advanced.body.data.cycle).toMatchObject({ number: 1, status: 'ACTIVE', amount: 8_990 });
    const paidCycle = (await rest(app, 'POST', `/v1/sandbox/recurrences/${id}/cycles/1/pay`, { key: seller.apiKey })).body.data;
    expect(paidCycle).toMatchObject({ number: 1, status: 'PAID', attempts: 1 });
    await page.reload();
    const cycle = page.locator('tr[data-cycle="1"]');
    await statusOf(cycle.locator('.badge')).toBe('PAID');
    await textOf(cycle.locator('.badge')).toBe('Pago');
    await textOf(cycle).toMatch(paidCycle.dueDate.split('-').reverse().join('/'));
    await textOf(cycle).toMatch('R$ 89,90');
    const chargeLink = cycle.getByRole('link', { name: paidCycle.transactionId });
    expect(await chargeLink.getAttribute('href')).toBe(`#/charges/${paidCycle.transactionId}`);
    expect(await page.getByTestId('next-cycle-amount').count()).toBe(0);
    const onDetail = (await page.evaluate('document.body.innerText')) as string;
    expect(onDetail.match(/\b(SCHEDULED|ACTIVE|PAID|MISSED)\b/g)).toBeNull();
    await accessible();
    expect(await screenshots(page, '26-recurrence-cycles')).toEqual([]);
    await chargeLink.click();
    await statusOf(page.locator('.card-head .badge').first()).toBe('PAID');
    await page.goBack();

    // The list: payer, period, amount and status.
    await page.goto(`${app.url}/dashboard/#/recurrences`);
    const row = page.locator(`tr[data-recurrence="${id}"]`);
    await statusOf(row.locator('.badge')).toBe('APPROVED');
    await textOf(row).toMatch('João Pereira');
    await textOf(row).toMatch('Mensal');
    await textOf(row).toMatch('R$ 89,90');
    // Every code is in words: none of the API's own codes is on screen.
    const shown = (await page.evaluate('document.body.innerText')) as string;
    expect(shown.match(/\b(CREATED|APPROVED|MONTHLY|FIXED|VARIABLE|THREE_IN_SEVEN_DAYS|QR_WITH_FIRST_PAYMENT|PUSH_REQUEST)\b/g)).toBeNull();
    await accessible();
    expect(await screenshots(page, '23-recurrences')).toEqual([]);

    // The seller cancels it with a reason.
    await row.getByRole('link').click();
    await page.getByLabel('Motivo (opcional)').fill('contrato encerrado');
    await page.getByRole('button', { name: 'Cancelar recorrência' }).click();
    await statusOf(facts).toBe('CANCELLED');
    await textOf(facts).toMatch('Vendedor · contrato encerrado');
    const after = (await rest(app, 'GET', `/api/v1/cobranca/recurrences/${id}`, { key: seller.apiKey })).body.data;
    expect(after).toMatchObject({ status: 'CANCELLED', endedBy: 'SELLER', endReason: 'contrato encerrado' });
    expect(await page.getByRole('button', { name: 'Cancelar recorrência' }).count()).toBe(0);

  });

  it('sets the next cycle amount of a variable recurrence in reais, refusing what is no amount or below the minimum', async () => {
    const body = {
      contract: { number: 'LUZ-2026-12', object: 'Conta de luz', payer: { name: 'Ana Lima', document: '52998224725' } },
      calendar: { firstDate: brasiliaDay(40), period: 'MONTHLY' },
      amountType: 'VARIABLE',
      minimumAmount: 1_000,
      retryPolicy: 'NONE',
    };
    const created = await rest(app, 'POST', '/api/v1/cobranca/recurrences', { key: seller.apiKey, body, idempotencyKey: randomUUID() });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    expect((await rest(app, 'POST', `/v1/sandbox/recurrences/${id}/approve`, { key: seller.apiKey })).status).toBe(200);

    await page.goto(`${app.url}/dashboard/#/recurrences/${id}`);
    await statusOf(page.getByTestId('recurrence-facts')).toBe('APPROVED');
    const form = page.getByTestId('next-cycle-amount');
    const error = page.locator('.error[data-code]');
    await form.getByLabel('Valor do próximo ciclo (R$)').fill('abc');
    await form.getByRole('button', { name: 'Definir valor' }).click();
    expect(await error.getAttribute('data-code')).toBe('INVALID_AMOUNT');
    await form.getByLabel('Valor do próximo ciclo (R$)').fill('9,99');
    await form.getByRole('button', { name: 'Definir valor' }).click();
    await expect.poll(() => error.getAttribute('data-code')).toBe('AMOUNT_TOO_LOW');
    await form.getByLabel('Valor do próximo ciclo (R$)').fill('43,21');
    await form.getByRole('button', { name: 'Definir valor' }).click();
    await textOf(page.locator('.notice')).toBe('Valor do próximo ciclo definido: R$ 43,21');
    expect(await error.count()).toBe(0);

    // The next cycle made charges what was typed.
    const advanced = (await rest(app, 'POST', `/v1/sandbox/recurrences/${id}/advance`, { key: seller.apiKey })).body.data;
    expect(advanced.cycle).toMatchObject({ number: 1, amount: 4_321 });
    await page.reload();
    const cycle = page.locator('tr[data-cycle="1"]');
    await statusOf(cycle.locator('.badge')).toBe('ACTIVE');
    await textOf(cycle).toMatch('R$ 43,21');
    await textOf(cycle.locator('.badge')).toBe('Aguardando pagamento');
    await accessible();
    expect(await screenshots(page, '27-recurrence-next-cycle-amount')).toEqual([]);

    // Every request stayed on the service, and the page raised nothing.
    expect(foreignRequests).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
