import { randomUUID } from 'node:crypto';
import { getBoletoInfo, isValidBoleto } from '@brazilian-utils/brazilian-utils';
import { linhaDigitavel2CodBarras, validarBoleto } from '@mrmgomes/boleto-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, onboardSeller, startTestApp, type TestApp } from '../support/app';
import { contractFetch } from '../support/contract';
import { rest } from '../support/rest';
import { runDueJobs, promoteToOperator, outboxEventTypes } from '../support/platform';

let app: TestApp;
let seller: Awaited<ReturnType<typeof onboardSeller>>;
const TX = '/api/v1/cobranca/transactions';
// 2026-11-23 12:00 in São Paulo.
const START = new Date('2026-11-23T15:00:00.000Z');
const payer = { name: 'Maria Souza', document: '529.982.247-25' };

beforeAll(async () => {
  const { ManualClock } = await import('../../src/domain/shared/clock');
  app = await startTestApp({ ROLE: 'api', PUBLIC_BASE_URL: 'https://pay.example.com' }, new ManualClock(START));
  seller = await onboardSeller(app);
});
afterAll(async () => {
  await app?.close();
});

const runJobs = () => runDueJobs(app);
const create = (body: Record<string, unknown>, key: string = randomUUID()) => rest(app, 'POST', TX, { key: seller.apiKey, body, idempotencyKey: key });
const get = async (id: string) => (await rest(app, 'GET', `${TX}/${id}`, { key: seller.apiKey })).body.data;
const wallet = async () => (await rest(app, 'GET', '/seller-wallet/gestao', { bearer: seller.apiKey })).body.data;
/**
 * Reads the digits back from the drawn barcode: bars are SVG strokes (x centre, width); spaces are the gaps
 * between them. Interleaved 2 of 5: start NNNN, then per digit pair 5 bars (first digit) interleaved with
 * 5 spaces (second digit), two of each five wide; stop WNN.
 */
function decodeInterleaved2of5(svg: string): string {
  const bars: { from: number; to: number }[] = [];
  for (const path of svg.matchAll(/stroke-width="(\d+(?:\.\d+)?)" d="([^"]+)"/g)) {
    const width = Number(path[1]);
    for (const m of path[2].matchAll(/M(\d+(?:\.\d+)?) /g)) bars.push({ from: Number(m[1]) - width / 2, to: Number(m[1]) + width / 2 });
  }
  bars.sort((a, b) => a.from - b.from);
  const elements: number[] = [];
  bars.forEach((bar, i) => {
    if (i > 0) elements.push(bar.from - bars[i - 1].to);
    elements.push(bar.to - bar.from);
  });
  const narrow = Math.min(...elements);
  const wide = elements.map((w) => w > narrow * 1.5);
  const PATTERNS = ['00110', '10001', '01001', '11000', '00101', '10100', '01100', '00011', '10010', '01010'];
  const digit = (flags: boolean[]) => PATTERNS.indexOf(flags.map((f) => (f ? '1' : '0')).join(''));
  expect(wide.slice(0, 4)).toEqual([false, false, false, false]);
  expect(wide.slice(-3)).toEqual([true, false, false]);
  let digits = '';
  for (let i = 4; i < wide.length - 3; i += 10) {
    const pair = wide.slice(i, i + 10);
    digits += `${digit(pair.filter((_, j) => j % 2 === 0))}${digit(pair.filter((_, j) => j % 2 === 1))}`;
  }
  return digits;
}

const eventsOf = async (id: string) =>
  (await outboxEventTypes(app, id));

describe('sandbox boletos', () => {
  it('creates a boleto whose barcode and digitable line an independent validator accepts', async () => {
    const res = await create({ amount: 15_050, paymentMethod: 'BOLETO', dueDate: '2026-11-30', customer: payer, description: 'Pedido 7' });
    expect(res.status).toBe(201);
    const t = res.body.data;
    expect(t).toMatchObject({ amount: 15_050, paymentMethod: 'BOLETO', status: 'PENDING' });
    expect(t).not.toHaveProperty('pix');
    expect(t.boleto).toMatchObject({ bankCode: '999', amount: 15_050, dueDate: '2026-11-30', expiresAt: '2026-12-04T03:00:00.000Z' });
    expect(t.boleto.barcode).toMatch(/^\d{44}$/);
    expect(t.boleto.digitableLine).toMatch(/^\d{47}$/);

    // Independent checks from npm: @brazilian-utils/brazilian-utils validates the line's modulo 10 fields and the
    // barcode's modulo 11 digit, and reads the due date with the 2025 factor; @mrmgomes/boleto-utils converts the
    // line back to the barcode. (The latter's own barcode check uses the arrecadação modulo 11 table, which gives 0
    // instead of FEBRABAN's 1 for remainders 0 and 1, so it is not used to judge the barcode's check digit.)
    expect(isValidBoleto(t.boleto.digitableLine)).toBe(true);
    expect(getBoletoInfo(t.boleto.digitableLine, { referenceDate: START })).toEqual({ amount: 15_050, bankCode: '999', expirationDate: new Date('2026-11-30T00:00:00.000Z') });
    expect(linhaDigitavel2CodBarras(t.boleto.digitableLine)).toBe(t.boleto.barcode);
    expect(validarBoleto(t.boleto.digitableLine)).toMatchObject({ sucesso: true, tipoBoleto: 'BANCO', valor: 150.5 });
    // A single changed digit fails the independent check.
    const line = t.boleto.digitableLine as string;
    const tampered = line.slice(0, 12) + ((Number(line[12]) + 1) % 10) + line.slice(13);
    expect(isValidBoleto(tampered)).toBe(false);
  });

  it('defaults the due date to 3 days ahead (São Paulo) and bounds it', async () => {
    const t = (await create({ amount: 1_000, paymentMethod: 'BOLETO', customer: payer })).body.data;
    expect(t.boleto.dueDate).toBe('2026-11-26');
    for (const [body, code] of [
      [{ amount: 1_000, paymentMethod: 'BOLETO', customer: { name: 'Maria' } }, 'BOLETO_PAYER_DOCUMENT_REQUIRED'],
      [{ amount: 1_000, paymentMethod: 'BOLETO', customer: { document: payer.document } }, 'BOLETO_PAYER_NAME_REQUIRED'],
      [{ amount: 1_000, paymentMethod: 'BOLETO' }, 'BOLETO_PAYER_NAME_REQUIRED'],
      [{ amount: 1_000, paymentMethod: 'BOLETO', customer: payer, dueDate: '30/11/2026' }, 'INVALID_DUE_DATE'],
      [{ amount: 1_000, paymentMethod: 'BOLETO', customer: payer, dueDate: '2026-02-30' }, 'INVALID_DUE_DATE'],
      [{ amount: 1_000, paymentMethod: 'BOLETO', customer: payer, dueDate: '2026-11-22' }, 'INVALID_DUE_DATE'],
      [{ amount: 1_000, paymentMethod: 'BOLETO', customer: payer, dueDate: '2027-05-23' }, 'INVALID_DUE_DATE'],
      [{ amount: 1_000, paymentMethod: 'BOLETO', customer: payer, expiration: 3600 }, 'INVALID_EXPIRATION'],
      [{ amount: 1_000, paymentMethod: 'BOLETO', customer: payer, card: {} }, 'CARD_NOT_EXPECTED'],
    ] as const) {
      const res = await create(body as Record<string, unknown>);
      expect(res.status, code).toBe(400);
      expect(res.body).toMatchObject({ code });
      expect(res.body.correlationID).toBeTruthy();
    }
  });

  it('renders a printable page with the interleaved 2 of 5 barcode drawn', async () => {
    const t = (await create({ amount: 2_500, paymentMethod: 'BOLETO', customer: payer })).body.data;
    const url = new URL(t.boleto.url);
    expect(url.origin).toBe('https://pay.example.com');
    const page = await contractFetch(`${app.url}${url.pathname}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain(t.boleto.digitableLineFormatted);
    expect(html).toContain(`data-barcode="${t.boleto.barcode}"`);
    expect(decodeInterleaved2of5(/<svg[\s\S]*<\/svg>/.exec(html)![0])).toBe(t.boleto.barcode);
    expect(html).toContain('R$ 25,00');
    const missing = await contractFetch(`${app.url}/boleto/unknown-token`);
    expect(missing.status).toBe(404);
  });

  it('waits for payment (no automatic payment), is paid through the sandbox route and credits balanceBoleto with the plan fee', async () => {
    const before = await wallet();
    const t = (await create({ amount: 10_000, paymentMethod: 'BOLETO', customer: payer })).body.data;
    await runJobs();
    expect((await get(t.id)).status).toBe('WAITING_PAYMENT');
    app.clock.advance(120_000);
    await runJobs();
    expect((await get(t.id)).status).toBe('WAITING_PAYMENT');

    const paid = await rest(app, 'POST', `/v1/sandbox/transactions/${t.id}/pay`, { key: seller.apiKey, body: {} });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'PAID', feeAmount: 300, netAmount: 9_700 });
    expect(paid.body.data).not.toHaveProperty('end2endId');
    const after = await wallet();
    expect(after.balanceBoleto - before.balanceBoleto).toBe(9_700);
    expect(after.balancePix).toBe(before.balancePix);
    expect(after.balanceTotal).toBe(after.balancePix + after.balanceBoleto + after.balanceCard);
    expect(await eventsOf(t.id)).toEqual(['TRANSACTION_CREATED', 'TRANSACTION_WAITING_PAYMENT', 'TRANSACTION_PAID']);
    // Paying again changes nothing.
    await rest(app, 'POST', `/v1/sandbox/transactions/${t.id}/pay`, { key: seller.apiKey, body: {} });
    expect((await wallet()).balanceBoleto).toBe(after.balanceBoleto);
  });

  it('expires unpaid at the end of the third day after the due date', async () => {
    const t = (await create({ amount: 3_000, paymentMethod: 'BOLETO', customer: payer, dueDate: '2026-11-23' })).body.data;
    expect(t.boleto.expiresAt).toBe('2026-11-27T03:00:00.000Z');
    await runJobs();
    app.clock.set(new Date('2026-11-27T02:59:00.000Z'));
    await runJobs();
    expect((await get(t.id)).status).toBe('WAITING_PAYMENT');
    app.clock.set(new Date('2026-11-27T03:00:00.000Z'));
    await runJobs();
    expect((await get(t.id)).status).toBe('EXPIRED');
    expect(await eventsOf(t.id)).toEqual(['TRANSACTION_CREATED', 'TRANSACTION_WAITING_PAYMENT', 'TRANSACTION_EXPIRED']);
  });

  it('is filtered by paymentMethod in both list doors', async () => {
    await create({ amount: 1_234 });
    const boletos = await rest(app, 'GET', `${TX}?paymentMethod=BOLETO&limit=500`, { key: seller.apiKey });
    expect(boletos.status).toBe(200);
    expect(boletos.body.data.total).toBeGreaterThanOrEqual(5);
    expect(boletos.body.data.items.every((t: { paymentMethod: string }) => t.paymentMethod === 'BOLETO')).toBe(true);
    const pix = await rest(app, 'GET', `${TX}?paymentMethod=PIX`, { key: seller.apiKey });
    expect(pix.body.data.items.every((t: { paymentMethod: string }) => t.paymentMethod === 'PIX')).toBe(true);
    expect(pix.body.data.total).toBeGreaterThanOrEqual(1);

    const page = await gql(
      app,
      '{ transactions(paymentMethod: "BOLETO", limit: 500) { total items { paymentMethod boleto { barcode dueDate } paymentDetails { __typename ... on BoletoDetails { digitableLine } } } } }',
      {},
      seller.apiKey,
    );
    expect(page.errors).toBeUndefined();
    expect(page.data!.transactions.total).toBe(boletos.body.data.total);
    for (const item of page.data!.transactions.items) {
      expect(item.paymentMethod).toBe('BOLETO');
      expect(item.paymentDetails.__typename).toBe('BoletoDetails');
      expect(item.paymentDetails.digitableLine).toMatch(/^\d{47}$/);
    }
  });

  it("charges the seller plan's boleto fee, which an operator sets", async () => {
    const email = `operator${Date.now()}@example.com`;
    await gql(app, 'mutation($e:String!){ signUp(email:$e,password:"long enough pw"){ id } }', { e: email });
    await promoteToOperator(app, email);
    const operator = (await gql(app, 'mutation($e:String!){ logIn(email:$e,password:"long enough pw"){ token } }', { e: email })).data!.logIn.token as string;
    const set = await gql(
      app,
      'mutation($s:ID!){ setSellerFeePlan(sellerId:$s, pixInBasisPoints:99, pixInFixedCents:0, pixInMinimumCents:1, withdrawalFixedCents:100, boletoFixedCents:150){ feePlan { boletoFixedCents cardInBasisPoints cardInFixedCents } } }',
      { s: seller.sellerId },
      operator,
    );
    expect(set.errors).toBeUndefined();
    expect(set.data!.setSellerFeePlan.feePlan).toEqual({ boletoFixedCents: 150, cardInBasisPoints: 399, cardInFixedCents: 0 });
    const t = (await create({ amount: 5_000, paymentMethod: 'BOLETO', customer: payer })).body.data;
    await runJobs();
    const paid = await rest(app, 'POST', `/v1/sandbox/transactions/${t.id}/pay`, { key: seller.apiKey, body: {} });
    expect(paid.body.data).toMatchObject({ status: 'PAID', feeAmount: 150, netAmount: 4_850 });
  });

  it('is created through GraphQL with the same rules', async () => {
    const mutation = 'mutation($i: CreateTransactionInput!, $k: String!) { createTransaction(input: $i, idempotencyKey: $k) { id status paymentMethod boleto { bankCode dueDate barcode digitableLine } } }';
    const ok = await gql(app, mutation, { i: { amount: 4_200, paymentMethod: 'BOLETO', dueDate: '2026-12-01', customer: payer }, k: randomUUID() }, seller.apiKey);
    expect(ok.errors).toBeUndefined();
    expect(ok.data!.createTransaction).toMatchObject({ status: 'PENDING', paymentMethod: 'BOLETO', boleto: { bankCode: '999', dueDate: '2026-12-01' } });
    expect(linhaDigitavel2CodBarras(ok.data!.createTransaction.boleto.digitableLine)).toBe(ok.data!.createTransaction.boleto.barcode);
    expect(isValidBoleto(ok.data!.createTransaction.boleto.digitableLine)).toBe(true);
    const bad = await gql(app, mutation, { i: { amount: 4_200, paymentMethod: 'BOLETO', customer: { name: 'X' } }, k: randomUUID() }, seller.apiKey);
    expect(bad.errors?.[0].extensions?.code).toBe('BOLETO_PAYER_DOCUMENT_REQUIRED');
  });
});
