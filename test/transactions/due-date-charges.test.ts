import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, onboardSeller, startTestApp, type TestApp } from '../support/app';
import { compactVerify, createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { parseBrCode } from '../../src/domain/pix/br-code';
import { contractFetch } from '../support/contract';
import { rest } from '../support/rest';
import { outboxEventTypes, runDueJobs, sqlOf } from '../support/platform';

let app: TestApp;
let seller: Awaited<ReturnType<typeof onboardSeller>>;
const TX = '/api/v1/cobranca/transactions';
// Monday 2026-11-23, 12:00 in Brasília.
const START = new Date('2026-11-23T15:00:00.000Z');
const payer = { name: 'Maria Souza', document: '529.982.247-25' };
/** Due Friday 2026-11-27, payable until Monday 11-30: R$100.00, 3% fine, 1% a day, R$5.00 off until Wednesday. */
const BILL = {
  amount: 10_000,
  dueDate: '2026-11-27',
  validityAfterDueDays: 3,
  customer: payer,
  fine: { modality: 'PERCENT', value: 300 },
  interest: { modality: 'PERCENT_PER_DAY_CALENDAR_DAYS', value: 100 },
  discount: { modality: 'FIXED_UNTIL_DATES', dates: [{ until: '2026-11-25', value: 500 }] },
};

beforeAll(async () => {
  const { ManualClock } = await import('../../src/domain/shared/clock');
  app = await startTestApp({ ROLE: 'api' }, new ManualClock(START));
  seller = await onboardSeller(app);
});
afterAll(async () => {
  await app?.close();
});

const create = (body: Record<string, unknown>, key: string = randomUUID()) => rest(app, 'POST', TX, { key: seller.apiKey, body, idempotencyKey: key });
const pay = (id: string, body: Record<string, unknown>) => rest(app, 'POST', `/v1/sandbox/transactions/${id}/pay`, { key: seller.apiKey, body });
const get = async (id: string) => (await rest(app, 'GET', `${TX}/${id}`, { key: seller.apiKey })).body.data;
const wallet = async () => (await rest(app, 'GET', '/seller-wallet/gestao', { bearer: seller.apiKey })).body.data;

// On API Pix (npm run test:apipix) each charge is a cobv at the PSP simulator, paid there on the payment date.
describe('PIX charges with a due date', () => {
  it('are created with their terms, payable until the end of the last payable day', async () => {
    const res = await create(BILL);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ amount: 10_000, status: 'PENDING', customer: { name: 'Maria Souza', document: '52998224725' } });
    expect(res.body.data.pix.expiresAt).toBe('2026-12-01T02:59:59.999Z');
    expect(res.body.data.dueDateCharge).toEqual({
      dueDate: '2026-11-27',
      validityAfterDueDays: 3,
      lastPayableDate: '2026-11-30',
      originalAmount: 10_000,
      fine: BILL.fine,
      interest: BILL.interest,
      discount: BILL.discount,
    });
    const defaults = await create({ amount: 1_000, dueDate: '2026-12-24', customer: payer });
    expect(defaults.body.data.dueDateCharge).toMatchObject({ validityAfterDueDays: 30, lastPayableDate: '2027-01-25' });
  });

  it('paid two days late: the amount with its fine and interest is credited, and the event carries the components', async () => {
    const before = await wallet();
    const t = (await create(BILL)).body.data;
    const paid = await pay(t.id, { paymentDate: '2026-11-29' });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'PAID', amount: 10_500 });
    expect(paid.body.data.dueDateCharge.amountComponents).toEqual({ original: 10_000, fine: 300, interest: 200, abatement: 0, discount: 0 });
    expect(paid.body.data.netAmount).toBe(10_500 - paid.body.data.feeAmount);
    expect((await wallet()).balancePix - before.balancePix).toBe(paid.body.data.netAmount);
    const [event] = await sqlOf(app).query<{ payload: Record<string, any> }>("select payload from outbox where aggregate_id = ? and event_type = 'TRANSACTION_PAID'", [t.id]);
    expect(event.payload).toMatchObject({ amount: 10_500, dueDateCharge: { originalAmount: 10_000, amountComponents: { original: 10_000, fine: 300, interest: 200, abatement: 0, discount: 0 } } });
    // Paying again changes nothing.
    expect((await pay(t.id, { paymentDate: '2026-11-30' })).body.data).toMatchObject({ amount: 10_500 });
    expect((await outboxEventTypes(app, t.id)).filter((e) => e === 'TRANSACTION_PAID')).toHaveLength(1);
  });

  it('paid early: the discount in force is taken off', async () => {
    const t = (await create(BILL)).body.data;
    const paid = (await pay(t.id, { paymentDate: '2026-11-24' })).body.data;
    expect(paid).toMatchObject({ status: 'PAID', amount: 9_500 });
    expect(paid.dueDateCharge).toMatchObject({ originalAmount: 10_000, amountComponents: { original: 10_000, discount: 500, fine: 0, interest: 0 } });
  });

  it("answers the cobv payload at its location, priced on the payer's intended payment date, signed", async () => {
    const t = (await create({ ...BILL, description: 'Mensalidade' })).body.data;
    expect(parseBrCode(t.pix.copyPaste).amountCents).toBeUndefined();
    const location = `/pix/qr/${/pix\/qr\/([a-z0-9]+)\.png/.exec(t.pix.qrCode)![1]}`;
    const jwks = createLocalJWKSet((await (await contractFetch(`${app.url}/pix/jwks`)).json()) as JSONWebKeySet);
    const read = async (query: string) => {
      const res = await contractFetch(`${app.url}${location}${query}`);
      expect(res.status).toBe(200);
      return JSON.parse(new TextDecoder().decode((await compactVerify(await res.text(), jwks)).payload));
    };
    expect(await read('?codMun=3550308&DPP=2026-11-29')).toMatchObject({
      txid: t.providerReference,
      status: 'ATIVA',
      calendario: { dataDeVencimento: '2026-11-27', validadeAposVencimento: 3 },
      devedor: { nome: 'Maria Souza', cpf: '52998224725' },
      valor: { original: '100.00', multa: '3.00', juros: '2.00', final: '105.00' },
      solicitacaoPagador: 'Mensalidade',
    });
    expect((await read('')).valor).toEqual({ original: '100.00', desconto: '5.00', final: '95.00' });
    for (const [query, code] of [['?DPP=2026-11-22', 'INVALID_DPP'], ['?DPP=2026-12-01', 'INVALID_DPP'], ['?DPP=amanha', 'INVALID_DPP'], ['?codMun=355', 'INVALID_COD_MUN']]) {
      const res = await contractFetch(`${app.url}${location}${query}`);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(await res.json()), query).toContain(code);
    }
  });

  it('cannot be paid after its last payable day, nor before it was created', async () => {
    const t = (await create(BILL)).body.data;
    const late = await pay(t.id, { paymentDate: '2026-12-01' });
    expect(late.status, JSON.stringify(late.body)).toBe(422);
    expect(late.body).toMatchObject({ erro: 'DUE_DATE_CHARGE_NOT_PAYABLE', details: { lastPayableDate: '2026-11-30' } });
    expect((await pay(t.id, { paymentDate: '2026-11-22' })).body).toMatchObject({ erro: 'INVALID_PAYMENT_DATE' });
    expect((await pay(t.id, { paymentDate: '2026-11-31' })).body).toMatchObject({ erro: 'INVALID_PAYMENT_DATE' });
    expect((await get(t.id)).status).toBe('PENDING');
    const immediate = (await create({ amount: 1_000 })).body.data;
    expect((await pay(immediate.id, { paymentDate: '2026-11-24' })).body).toMatchObject({ erro: 'INVALID_PAYMENT_DATE' });
  });

  it('refuses every invalid combination with its own 400', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...BILL, customer: { name: 'Maria' } }, 'DUE_DATE_PAYER_DOCUMENT_REQUIRED'],
      [{ ...BILL, customer: undefined }, 'DUE_DATE_PAYER_NAME_REQUIRED'],
      [{ ...BILL, discount: undefined, dueDate: '2026-11-22' }, 'INVALID_DUE_DATE'],
      [{ ...BILL, dueDate: '2026-02-30' }, 'INVALID_DUE_DATE'],
      [{ ...BILL, dueDate: '2031-12-01' }, 'INVALID_DUE_DATE'],
      [{ ...BILL, expiration: 3600 }, 'INVALID_EXPIRATION'],
      [{ amount: 1_000, fine: BILL.fine }, 'DUE_DATE_REQUIRED'],
      [{ ...BILL, paymentMethod: 'BOLETO' }, 'DUE_DATE_TERMS_PIX_ONLY'],
      [{ ...BILL, validityAfterDueDays: -1 }, 'INVALID_VALIDITY_AFTER_DUE_DAYS'],
      [{ ...BILL, validityAfterDueDays: 1.5 }, 'INVALID_VALIDITY_AFTER_DUE_DAYS'],
      [{ ...BILL, fine: { modality: 'DAILY', value: 1 } }, 'INVALID_FINE'],
      [{ ...BILL, fine: { modality: 'PERCENT', value: 10_001 } }, 'INVALID_FINE'],
      [{ ...BILL, interest: { modality: 'PERCENT_PER_MONTH_CALENDAR_DAYS', value: 1.5 } }, 'INVALID_INTEREST'],
      [{ ...BILL, abatement: { modality: 'FIXED' } }, 'INVALID_ABATEMENT'],
      [{ ...BILL, abatement: { modality: 'FIXED', value: 10_000 } }, 'ABATEMENT_TOO_LARGE'],
      [{ ...BILL, discount: { modality: 'FIXED_UNTIL_DATES', value: 100 } }, 'INVALID_DISCOUNT'],
      [{ ...BILL, discount: { modality: 'AMOUNT_PER_CALENDAR_DAY_EARLY', dates: [{ until: '2026-11-25', value: 1 }] } }, 'INVALID_DISCOUNT'],
      [{ ...BILL, discount: { modality: 'FIXED_UNTIL_DATES', dates: [{ until: '2026-11-25', value: 1 }, { until: '2026-11-25', value: 2 }] } }, 'INVALID_DISCOUNT'],
      [{ ...BILL, discount: { modality: 'PERCENT_UNTIL_DATES', dates: [{ until: '2026-11-25', value: 10_000 }] } }, 'DISCOUNT_TOO_LARGE'],
      [{ ...BILL, discount: { modality: 'FIXED_UNTIL_DATES', dates: [{ until: '2026-11-28', value: 100 }] } }, 'DISCOUNT_DATE_AFTER_DUE_DATE'],
    ];
    for (const [body, code] of cases) {
      const res = await create(body);
      expect(res.status, code).toBe(400);
      expect(res.body, code).toMatchObject({ code });
    }
  });

  it("shows the amount paid and its components on the payment's statement credit only (REST, GraphQL statement and recent movements)", async () => {
    type Line = { type: string; amount: number; transactionId?: string | null; amountComponents?: Record<string, number> | null };
    const late = { original: 10_000, fine: 300, interest: 200, abatement: 0, discount: 0 };
    const t = (await create(BILL)).body.data;
    expect((await pay(t.id, { paymentDate: '2026-11-29' })).body.data.amount).toBe(10_500);
    const immediate = (await create({ amount: 2_000 })).body.data;
    await pay(immediate.id, {});
    expect((await rest(app, 'POST', `${TX}/${t.id}/refund`, { key: seller.apiKey, body: { amount: 1_000 }, idempotencyKey: randomUUID() })).status).toBeLessThan(300);

    const restLines = (await rest(app, 'GET', '/balance-statement/statements?take=100', { bearer: seller.apiKey })).body.data as Line[];
    const fields = 'type amount transactionId amountComponents { original fine interest abatement discount }';
    const answer = await gql(app, `{ statement(take: 100) { items { ${fields} } } wallet { recentMovements { ${fields} } } }`, {}, seller.apiKey);
    expect(answer.errors).toBeUndefined();
    for (const lines of [restLines, answer.data!.statement.items as Line[], answer.data!.wallet.recentMovements as Line[]]) {
      const mine = lines.filter((l) => l.transactionId === t.id);
      // The credit, its fee and the refund: the components on the credit alone.
      expect(mine.length).toBeGreaterThanOrEqual(3);
      expect(mine.filter((l) => l.amountComponents)).toEqual([expect.objectContaining({ type: 'CREDIT', amount: 10_500, amountComponents: late })]);
      expect(lines.filter((l) => l.transactionId === immediate.id && l.amountComponents)).toEqual([]);
    }
    const other = await onboardSeller(app);
    expect((await rest(app, 'GET', '/balance-statement/statements?take=100', { bearer: other.apiKey })).body.data).toEqual([]);
  });

  it('is idempotent and invisible to another seller', async () => {
    const key = randomUUID();
    const first = (await create(BILL, key)).body.data;
    const again = await create(BILL, key);
    expect(again.body.data.id).toBe(first.id);
    const other = await onboardSeller(app);
    expect((await rest(app, 'GET', `${TX}/${first.id}`, { key: other.apiKey })).status).toBe(404);
  });

  it('is created and paid through GraphQL with the same rules', async () => {
    const created = await gql(
      app,
      `mutation($input: CreateTransactionInput!, $key: String!) { createTransaction(input: $input, idempotencyKey: $key) {
         id status dueDateCharge { dueDate lastPayableDate originalAmount fine { modality value } discount { modality dates { until value } } } } }`,
      { input: BILL, key: randomUUID() },
      seller.apiKey,
    );
    expect(created.errors).toBeUndefined();
    const t = created.data!.createTransaction;
    expect(t.dueDateCharge).toMatchObject({ dueDate: '2026-11-27', lastPayableDate: '2026-11-30', originalAmount: 10_000, fine: BILL.fine });
    const paid = await gql(
      app,
      `mutation($id: ID!) { sandboxPayTransaction(id: $id, paymentDate: "2026-11-30") { status amount dueDateCharge { amountComponents { original fine interest abatement discount } } } }`,
      { id: t.id },
      seller.apiKey,
    );
    expect(paid.errors).toBeUndefined();
    expect(paid.data!.sandboxPayTransaction).toMatchObject({ status: 'PAID', amount: 10_600, dueDateCharge: { amountComponents: { fine: 300, interest: 300 } } });
    const refused = await gql(app, `mutation($input: CreateTransactionInput!) { createTransaction(input: $input, idempotencyKey: "k-${randomUUID()}") { id } }`, { input: { ...BILL, fine: { modality: 'X', value: 1 } } }, seller.apiKey);
    expect(refused.errors?.[0]?.extensions?.code).toBe('INVALID_FINE');
  });

  it('expires at the end of its last payable day (the existing expiry job)', async () => {
    const t = (await create({ amount: 2_000, dueDate: '2026-11-27', validityAfterDueDays: 0, customer: payer })).body.data;
    expect(t.pix.expiresAt).toBe('2026-11-28T02:59:59.999Z');
    await runDueJobs(app);
    // The simulated payer would pay it first.
    await sqlOf(app).query('delete from jobs where key = ?', [`sandbox-autopay:${t.id}`]);
    app.clock.set(new Date('2026-11-28T02:59:00.000Z'));
    await runDueJobs(app);
    expect((await get(t.id)).status).not.toBe('EXPIRED');
    app.clock.set(new Date('2026-11-28T03:00:00.000Z'));
    await runDueJobs(app);
    expect((await get(t.id)).status).toBe('EXPIRED');
  });
});
