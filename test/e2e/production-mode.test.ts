import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/infra/security/otplib-totp';
import { gql, PRODUCTION_TEST_SECRETS, startTestApp, type TestApp } from '../support/app';
import { rest } from '../support/rest';
import { sqlOf } from '../support/platform';

let app: TestApp;
let liveKey: string;
let testKey: string;

beforeAll(async () => {
  app = await startTestApp({ MODE: 'production', APP_SECRET: PRODUCTION_TEST_SECRETS.APP_SECRET, INSTITUTION_CALLBACK_SECRET: PRODUCTION_TEST_SECRETS.INSTITUTION_CALLBACK_SECRET, ROLE: 'api' });
  await gql(app, 'mutation{ signUp(email:"prod@example.com", password:"a long password"){ id } }');
  const session = (await gql(app, 'mutation{ logIn(email:"prod@example.com", password:"a long password"){ token } }')).data!.logIn.token;
  await gql(app, 'mutation{ registerSeller(name:"Loja Real", document:"529.982.247-25"){ id } }', {}, session);
  const secret = (await gql(app, 'mutation{ enrolTwoFactor{ secret } }', {}, session)).data!.enrolTwoFactor.secret;
  await gql(app, 'mutation($c:String!){ confirmTwoFactor(code:$c){ id } }', { c: totpCode(secret, app.clock.now()) }, session);
  liveKey = (await gql(app, 'mutation{ createApiKey(mode: live){ key } }', {}, session)).data!.createApiKey.key;
  testKey = (await gql(app, 'mutation{ createApiKey(mode: test){ key } }', {}, session)).data!.createApiKey.key;
});
afterAll(async () => {
  await app?.close();
});

describe('production mode', () => {
  it('accepts only live keys', async () => {
    expect((await rest(app, 'GET', '/balance-statement', { bearer: liveKey })).status).toBe(200);
    const wrongMode = await rest(app, 'GET', '/balance-statement', { bearer: testKey });
    expect(wrongMode.status).toBe(401);
    expect(wrongMode.body.erro).toBe('UNAUTHENTICATED');
  });

  it('has no sandbox endpoints', async () => {
    const res = await rest(app, 'POST', '/v1/sandbox/transactions/x/pay', { key: liveKey, body: {} });
    expect(res.status).toBe(404);
    expect(res.body.erro).toBe('ROUTE_NOT_FOUND');
  });

  it('refuses the GraphQL sandbox simulations', async () => {
    const res = await gql(app, 'mutation{ sandboxPayTransaction(id: "x"){ id } }', {}, liveKey);
    expect(res.errors?.[0]?.extensions?.code).toBe('SANDBOX_ONLY');
    // The payer's side of a PIX Automático recurrence, which the dashboard offers only in the sandbox.
    for (const mutation of [
      'sandboxApproveRecurrence(id: "x"){ id }',
      'sandboxRejectRecurrence(id: "x"){ id }',
      'sandboxPayerCancelRecurrence(id: "x"){ id }',
      'sandboxAdvanceRecurrence(id: "x"){ clockDate }',
      'sandboxPayRecurrenceCycle(id: "x", number: 1){ number }',
      'sandboxFailRecurrenceCycle(id: "x", number: 1){ number }',
    ]) {
      const refused = await gql(app, `mutation{ ${mutation} }`, {}, liveKey);
      expect(refused.errors?.[0]?.extensions?.code, mutation).toBe('SANDBOX_ONLY');
    }
  });

  it('tells clients there is no sandbox (no test values to offer)', async () => {
    const res = await gql(app, '{ sandbox { kycDocuments { document } } }', {}, liveKey);
    expect(res.errors).toBeUndefined();
    expect(res.data!.sandbox).toBeNull();
  });

  it('never lets the simulator stand in for a real institution: charges and payouts are 503 until one is connected', async () => {
    const charge = await rest(app, 'POST', '/api/v1/cobranca/transactions', { key: liveKey, body: { amount: 1000 }, idempotencyKey: randomUUID() });
    expect(charge.status).toBe(503);
    expect(charge.body).toMatchObject({ status: false, erro: 'INSTITUTION_NOT_CONFIGURED' });
    const payout = await rest(app, 'POST', '/api/v1/cobranca/withdrawals', {
      key: liveKey,
      body: { amount: 1000, method: 'PIX', pixKey: 'someone@example.com', pixKeyType: 'EMAIL' },
      idempotencyKey: randomUUID(),
    });
    expect(payout.status).toBe(503);
    expect(payout.body.erro).toBe('INSTITUTION_NOT_CONFIGURED');
    expect(await sqlOf(app).query('select 1 from transactions union all select 1 from withdrawals')).toEqual([]);
  });

  it.each(['BOLETO', 'CARD'])('refuses %s with 422 PAYMENT_METHOD_NOT_ENABLED in the cobranca format, before any other check', async (paymentMethod) => {
    // Even without an Idempotency-Key and with an otherwise invalid body: the method is refused first.
    for (const opts of [{ body: { paymentMethod } }, { body: { amount: 1000, paymentMethod, card: { number: '4111111111111111', cvv: '123' } }, idempotencyKey: randomUUID() }]) {
      const res = await rest(app, 'POST', '/api/v1/cobranca/transactions', { key: liveKey, ...opts });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'PAYMENT_METHOD_NOT_ENABLED' });
      expect(res.body.correlationID).toBeTruthy();
      expect(res.body).not.toHaveProperty('erro');
    }
    const viaGraphql = await gql(
      app,
      'mutation($i: CreateTransactionInput!, $k: String!) { createTransaction(input: $i, idempotencyKey: $k) { id } }',
      { i: { amount: 1000, paymentMethod }, k: randomUUID() },
      liveKey,
    );
    expect(viaGraphql.errors?.[0].extensions?.code).toBe('PAYMENT_METHOD_NOT_ENABLED');
    expect(await sqlOf(app).query('select 1 from transactions')).toEqual([]);
    expect(await sqlOf(app).query('select 1 from idempotency_keys')).toEqual([]);
  });
});
