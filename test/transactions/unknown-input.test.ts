import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardSeller, startTestApp, type TestApp } from '../support/app';
import { rest } from '../support/rest';

let app: TestApp;
let seller: Awaited<ReturnType<typeof onboardSeller>>;

beforeAll(async () => {
  app = await startTestApp({ ROLE: 'api' });
  seller = await onboardSeller(app);
});
afterAll(async () => {
  await app?.close();
});

const TX = '/api/v1/cobranca/transactions';
const create = (body: unknown) => rest(app, 'POST', TX, { key: seller.apiKey, body, idempotencyKey: randomUUID() });
const chargesStored = async () => (await rest(app, 'GET', TX, { key: seller.apiKey })).body.data.total as number;

describe('unknown input under /api/v1/cobranca: 400 in {code, message, correlationID}', () => {
  it.each([
    ['a misspelt field', { amount: 1000, expirations: 60 }, 'expirations'],
    ['a misspelt field beside a bad one', { amount: 'x', expirations: 60 }, 'expirations'],
    ['a field of customer', { amount: 1000, customer: { nmae: 'Maria' } }, 'customer.nmae'],
    ['a field of card', { amount: 1000, paymentMethod: 'CARD', card: { number: '4111111111111111', holderName: 'M S', expMonth: 12, expYear: 2030, cvv: '123', pin: '1' } }, 'card.pin'],
  ])('%s of a charge is refused and creates nothing', async (_what, body, field) => {
    const before = await chargesStored();
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'UNKNOWN_FIELD', correlationID: res.headers.get('x-request-id'), details: { field } });
    expect(res.body.message).toContain(`"${field}"`);
    expect(await chargesStored()).toBe(before);
  });

  it('metadata stays free JSON', async () => {
    const res = await create({ amount: 1000, metadata: { anything: { nested: [1, 'two'] }, expirations: 60 } });
    expect(res.status).toBe(201);
    expect(res.body.data.metadata).toEqual({ anything: { nested: [1, 'two'] }, expirations: 60 });
  });

  it('an unknown field of a withdrawal or a refund is refused', async () => {
    const withdrawal = await rest(app, 'POST', '/api/v1/cobranca/withdrawals', {
      key: seller.apiKey,
      body: { amount: 1000, method: 'PIX', pixKeyType: 'EVP', pixKey: randomUUID(), beneficiary: 'x' },
      idempotencyKey: randomUUID(),
    });
    expect(withdrawal.status).toBe(400);
    expect(withdrawal.body).toMatchObject({ code: 'UNKNOWN_FIELD', details: { field: 'beneficiary' } });
    const charge = await create({ amount: 1000 });
    const refund = await rest(app, 'POST', `${TX}/${charge.body.data.id}/refund`, { key: seller.apiKey, body: { amout: 10 }, idempotencyKey: randomUUID() });
    expect(refund.status).toBe(400);
    expect(refund.body).toMatchObject({ code: 'UNKNOWN_FIELD', details: { field: 'amout' } });
  });

  it.each([
    ['the list', `${TX}?take=abc`, 'take'],
    ['the list, beside known ones', `${TX}?limit=5&offst=10`, 'offst'],
    ['a charge', `${TX}/tx_x?expand=pix`, 'expand'],
  ])('an unknown query parameter of %s is refused, naming it', async (_what, path, parameter) => {
    const res = await rest(app, 'GET', path, { key: seller.apiKey });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'UNKNOWN_QUERY_PARAMETER', correlationID: res.headers.get('x-request-id'), details: { field: parameter } });
    expect(res.body.message).toContain(`"${parameter}"`);
  });
});

describe('unknown input elsewhere: 400 in the standard format', () => {
  it('an unknown field of a webhook registration', async () => {
    const res = await rest(app, 'POST', '/v1/webhooks', { key: seller.apiKey, body: { url: 'https://shop.example/hooks', eventType: 'ALL', secret: 'mine' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: false, erro: 'UNKNOWN_FIELD', details: { field: 'secret' }, path: '/v1/webhooks' });
  });

  it('a body sent to a route that takes none', async () => {
    const charge = await create({ amount: 1000 });
    const res = await rest(app, 'POST', `/v1/sandbox/transactions/${charge.body.data.id}/pay`, { key: seller.apiKey, body: { amount: 5 } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: false, erro: 'UNKNOWN_FIELD', details: { field: 'amount' } });
  });

  it('an unknown query parameter of the statement', async () => {
    const res = await rest(app, 'GET', '/balance-statement/statements?take=5&type=DEBIT', { bearer: seller.apiKey });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: false, erro: 'UNKNOWN_QUERY_PARAMETER', details: { field: 'type', parameters: ['type'] } });
    expect(res.body.mensagem).toContain('"operationType"');
  });
});
