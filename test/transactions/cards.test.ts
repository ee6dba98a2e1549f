import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApplication } from '../../src/main/start-application';
import { loadConfig } from '../../src/main/config';
import { SANDBOX_TEST_CARDS } from '../../src/domain/cards/sandbox-test-cards';
import { ManualClock } from '../../src/domain/shared/clock';
import { createLogger } from '../../src/infra/log/logger';
import { gql, onboardSeller, type TestApp } from '../support/app';
import { createMigratedTestDatabase } from '../support/database';
import { rest } from '../support/rest';
import { sqlOf, outboxEventTypes } from '../support/platform';

const TX = '/api/v1/cobranca/transactions';
const CVV = '735';
let app: TestApp;
let seller: Awaited<ReturnType<typeof onboardSeller>>;
/** Everything the service logged, at the most verbose level. */
let logs = '';

beforeAll(async () => {
  const db = await createMigratedTestDatabase();
  const clock = new ManualClock(new Date('2026-11-23T15:00:00.000Z'));
  const sink = new Writable({
    write(chunk, _enc, done) {
      logs += chunk.toString();
      done();
    },
  });
  const config = loadConfig({ MODE: 'sandbox', PORT: '0', ROLE: 'api', LOG_LEVEL: 'trace', DATABASE_URL: db.url, DATABASE_POOL_SIZE: '5' });
  const running = await startApplication(config, { clock, logger: createLogger('trace', sink) });
  app = { ...running, clock, databaseUrl: db.url, close: async () => (await running.stop(), await db.drop()) };
  seller = await onboardSeller(app);
});
afterAll(async () => {
  await app?.close();
});

const card = (number: string, over: Record<string, unknown> = {}) => ({ number, holderName: 'Maria Souza', expMonth: 12, expYear: 2030, cvv: CVV, ...over });
const pay = (body: Record<string, unknown>, key: string = randomUUID()) => rest(app, 'POST', TX, { key: seller.apiKey, body: { paymentMethod: 'CARD', ...body }, idempotencyKey: key });
const wallet = async () => (await rest(app, 'GET', '/seller-wallet/gestao', { bearer: seller.apiKey })).body.data;
const eventsOf = async (id: string) =>
  (await outboxEventTypes(app, id));

describe('sandbox test cards', () => {
  it('approves the Visa test card: PAID at once, credited to balanceCard with the plan card fee', async () => {
    const before = await wallet();
    const res = await pay({ amount: 10_000, installments: 3, card: card('4111 1111 1111 1111') });
    expect(res.status).toBe(201);
    const t = res.body.data;
    expect(t).toMatchObject({ paymentMethod: 'CARD', status: 'PAID', feeAmount: 399, netAmount: 9_601, installments: 3, card: { brand: 'VISA', last4: '1111' } });
    expect(t.card.fingerprint).toMatch(/^cfp_/);
    expect(t).not.toHaveProperty('refusedReason');
    const after = await wallet();
    expect(after.balanceCard - before.balanceCard).toBe(9_601);
    expect(after.balanceTotal).toBe(after.balancePix + after.balanceBoleto + after.balanceCard);
    expect(await eventsOf(t.id)).toEqual(['TRANSACTION_CREATED', 'TRANSACTION_PAID']);
    const statement = (await rest(app, 'GET', '/balance-statement/statements?take=2', { bearer: seller.apiKey })).body.data;
    expect(statement.map((e: { type: string; amount: number }) => [e.type, e.amount])).toEqual(
      expect.arrayContaining([
        ['CREDIT', 10_000],
        ['DEBIT', 399],
      ]),
    );
  });

  it.each([
    ['5555555555554444', 'MASTERCARD', 'INSUFFICIENT_FUNDS'],
    ['378282246310005', 'AMEX', 'EXPIRED_CARD'],
    ['6362970000457013', 'ELO', 'FRAUD_SUSPECTED'],
    ['4000000000000002', 'VISA', 'CARD_NOT_ACCEPTED'],
  ])('refuses %s (%s) with %s and credits nothing', async (number, brand, reason) => {
    const before = await wallet();
    const res = await pay({ amount: 5_000, card: card(number) });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'REFUSED', refusedReason: reason, card: { brand, last4: number.slice(-4) } });
    expect(res.body.data).not.toHaveProperty('feeAmount');
    expect((await wallet()).balanceCard).toBe(before.balanceCard);
    expect(await eventsOf(res.body.data.id)).toEqual(['TRANSACTION_CREATED', 'TRANSACTION_REFUSED']);
  });

  it('documents four Luhn-valid test numbers of distinct brands', () => {
    expect(new Set(SANDBOX_TEST_CARDS.map((c) => c.brand)).size).toBe(4);
  });

  it('answers 400 with stable codes for bad card input', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 1_000 }, 'CARD_REQUIRED'],
      [{ amount: 1_000, card: 'x' }, 'INVALID_CARD'],
      [{ amount: 1_000, card: card('') }, 'CARD_NUMBER_REQUIRED'],
      [{ amount: 1_000, card: card('4111111111111112') }, 'INVALID_CARD_NUMBER'],
      [{ amount: 1_000, card: card('4111-abcd') }, 'INVALID_CARD_NUMBER'],
      [{ amount: 1_000, card: card('4111111111111111', { holderName: undefined }) }, 'CARD_HOLDER_REQUIRED'],
      [{ amount: 1_000, card: card('4111111111111111', { holderName: '  ' }) }, 'CARD_HOLDER_REQUIRED'],
      [{ amount: 1_000, card: card('4111111111111111', { expMonth: 13 }) }, 'INVALID_CARD_EXPIRY'],
      [{ amount: 1_000, card: card('4111111111111111', { expMonth: 10, expYear: 2026 }) }, 'INVALID_CARD_EXPIRY'],
      [{ amount: 1_000, card: card('4111111111111111', { cvv: '12' }) }, 'INVALID_CARD_CVV'],
      [{ amount: 1_000, card: card('4111111111111111', { cvv: '1234' }) }, 'INVALID_CARD_CVV'],
      [{ amount: 1_000, card: card('4111111111111111'), installments: 13 }, 'INVALID_INSTALLMENTS'],
      [{ amount: 1_000, card: card('4111111111111111'), installments: 0 }, 'INVALID_INSTALLMENTS'],
      [{ amount: 1_000, card: card('4111111111111111'), expiration: 600 }, 'INVALID_EXPIRATION'],
    ];
    for (const [body, code] of cases) {
      const res = await pay(body);
      expect(res.status, code).toBe(400);
      expect(res.body, code).toMatchObject({ code });
      expect(JSON.stringify(res.body)).not.toContain('4111111111111111');
    }
    // The current month is still valid.
    expect((await pay({ amount: 1_000, card: card('4111111111111111', { expMonth: 11, expYear: 26 }) })).body.data.status).toBe('PAID');
  });

  it('is idempotent without storing the card: a replay answers the same, another CVV under the same key conflicts', async () => {
    const key = randomUUID();
    const first = await pay({ amount: 2_000, card: card('4111111111111111') }, key);
    const again = await pay({ amount: 2_000, card: card('4111111111111111') }, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.id).toBe(first.body.data.id);
    const other = await pay({ amount: 2_000, card: card('4111111111111111', { cvv: '736' }) }, key);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_CONFLICT');
  });

  it('refunds an approved card payment from balanceCard; the sandbox pay route refuses card payments', async () => {
    const t = (await pay({ amount: 8_000, card: card('4111111111111111') })).body.data;
    const before = await wallet();
    const partial = await rest(app, 'POST', `${TX}/${t.id}/refund`, { key: seller.apiKey, body: { amount: 3_000 }, idempotencyKey: randomUUID() });
    expect(partial.status).toBe(200);
    expect(partial.body.data).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedAmount: 3_000, refundType: 'PARTIAL' });
    const rest2 = await rest(app, 'POST', `${TX}/${t.id}/refund`, { key: seller.apiKey, body: {}, idempotencyKey: randomUUID() });
    expect(rest2.body.data).toMatchObject({ status: 'REFUNDED', refundedAmount: 8_000 });
    const after = await wallet();
    expect(before.balanceCard - after.balanceCard).toBe(8_000);
    expect(after.balancePix).toBe(before.balancePix);

    const refused = (await pay({ amount: 8_000, card: card('5555555555554444') })).body.data;
    const refund = await rest(app, 'POST', `${TX}/${refused.id}/refund`, { key: seller.apiKey, body: {}, idempotencyKey: randomUUID() });
    expect(refund.status).toBe(409);
    const payRoute = await rest(app, 'POST', `/v1/sandbox/transactions/${refused.id}/pay`, { key: seller.apiKey, body: {} });
    expect(payRoute.status).toBe(422);
    expect(payRoute.body.erro).toBe('NOT_PAYABLE');
  });

  it('pays through GraphQL with the same rules, and lists card payments by paymentMethod in both doors', async () => {
    const mutation =
      'mutation($i: CreateTransactionInput!, $k: String!) { createTransaction(input: $i, idempotencyKey: $k) { id status refusedReason card { brand last4 installments } paymentDetails { __typename } } }';
    const ok = await gql(app, mutation, { i: { amount: 1_500, paymentMethod: 'CARD', installments: 2, card: card('6362970000457013') }, k: randomUUID() }, seller.apiKey);
    expect(ok.errors).toBeUndefined();
    expect(ok.data!.createTransaction).toMatchObject({ status: 'REFUSED', refusedReason: 'FRAUD_SUSPECTED', card: { brand: 'ELO', last4: '7013', installments: 2 }, paymentDetails: { __typename: 'CardDetails' } });
    const bad = await gql(app, mutation, { i: { amount: 1_500, paymentMethod: 'CARD', card: card('4111111111111111', { cvv: '9' }) }, k: randomUUID() }, seller.apiKey);
    expect(bad.errors?.[0].extensions?.code).toBe('INVALID_CARD_CVV');
    const noHolder = await gql(app, mutation, { i: { amount: 1_500, paymentMethod: 'CARD', card: card('4111111111111111', { holderName: undefined }) }, k: randomUUID() }, seller.apiKey);
    expect(noHolder.errors?.[0].extensions?.code).toBe('CARD_HOLDER_REQUIRED');

    const listed = await rest(app, 'GET', `${TX}?paymentMethod=CARD&limit=500`, { key: seller.apiKey });
    expect(listed.body.data.items.length).toBeGreaterThan(5);
    expect(listed.body.data.items.every((t: { paymentMethod: string }) => t.paymentMethod === 'CARD')).toBe(true);
    const page = await gql(app, '{ transactions(paymentMethod: "CARD", limit: 500) { total items { paymentMethod } } }', {}, seller.apiKey);
    expect(page.data!.transactions.total).toBe(listed.body.data.total);
    expect(page.data!.transactions.items.every((t: { paymentMethod: string }) => t.paymentMethod === 'CARD')).toBe(true);
  });

  it('never stores or logs a card number or CVV', async () => {
    // Every row of every table of this test's database, as text.
    const tables = await sqlOf(app).query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(10);
    let dump = '';
    for (const { table_name } of tables) {
      const rows = await sqlOf(app).query<{ r: string }>(`select t::text as r from "${table_name}" t`);
      dump += rows.map((r) => r.r).join('\n');
    }
    expect(dump).toMatch(/last4"+: "+1111/); // the card flows above did write here
    expect(logs).toContain('/api/v1/cobranca/transactions'); // and were logged
    for (const text of [dump, logs]) {
      for (const { number } of SANDBOX_TEST_CARDS) {
        expect(text).not.toContain(number);
        expect(text).not.toContain(number.match(/.{1,4}/g)!.join(' '));
      }
      expect(text).not.toContain('4000000000000002');
      // A 3-digit CVV, or the letters "cvv", may occur by chance inside ids, etags, lengths and timestamps; what must
      // never occur is a cvv field (a quoted key, in JSON logs and in row text alike) or the CVV written beside one.
      expect(text).not.toMatch(/"cvv"/i);
      expect(text).not.toMatch(new RegExp(`cvv\\W{0,6}${CVV}`, 'i'));
    }
  });
});
