import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gql, type TestApp, startTestAppWithSeller, type Seller } from '../support/app';
import { rest } from '../support/rest';
import { fund } from '../withdrawals/support';

let app: TestApp;
let seller: Seller;
const TX = '/api/v1/cobranca/transactions';
const WD = '/api/v1/cobranca/withdrawals';

startTestAppWithSeller({ ROLE: 'api' }, async (started, onboarded) => {
  [app, seller] = [started, onboarded];
  await fund(app, seller.sellerId, 10_000_000);
});

const createCharge = (body: Record<string, unknown>) => rest(app, 'POST', TX, { key: seller.apiKey, body, idempotencyKey: randomUUID() });
const CREATE_GQL = `mutation($input: CreateTransactionInput!, $key: String!) {
  createTransaction(input: $input, idempotencyKey: $key) { id description merchantOrderId metadata customer }
}`;
const withdrawal = (extra: Record<string, unknown>) => ({ amount: 100, pixKeyType: 'EVP', pixKey: randomUUID(), ...extra });

describe('text a database cannot store is a 400, never a 500', () => {
  it.each([
    ['description', { description: 'a\u0000b' }, 'description'],
    ['merchantOrderId', { merchantOrderId: 'x\u0000' }, 'merchantOrderId'],
    ['a metadata value', { metadata: { note: 'bad\u0000' } }, 'metadata.note'],
    ['a metadata key', { metadata: { 'k\u0000': 'v' } }, 'metadata.k\u0000'],
    ['customer.name', { customer: { name: 'Maria\u0000' } }, 'customer.name'],
    ['customer.email', { customer: { email: 'm\u0000@example.com' } }, 'customer.email'],
    ['a lone surrogate', { description: 'x\ud800y' }, 'description'],
    ['a control character', { description: 'bell\u0007' }, 'description'],
  ])('charge create with NUL or worse in %s: 400 INVALID_TEXT in the cobranca format', async (_name, extra, field) => {
    const res = await createCharge({ amount: 100, ...extra });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_TEXT', correlationID: expect.any(String) });
    expect(res.body.message).toContain(field);
  });

  it('single-line fields refuse line breaks; a description may hold them', async () => {
    const order = await createCharge({ amount: 100, merchantOrderId: 'a\nb' });
    expect(order.status).toBe(400);
    expect(order.body.code).toBe('INVALID_TEXT');
    const name = await createCharge({ amount: 100, customer: { name: 'Ana\tSouza' } });
    expect(name.body.code).toBe('INVALID_TEXT');
    const desc = await createCharge({ amount: 100, description: 'linha 1\nlinha 2' });
    expect(desc.status).toBe(201);
    expect(desc.body.data.description).toBe('linha 1\nlinha 2');
  });

  it('withdrawal and webhook creates, paths and query strings answer 400 in the standard or cobranca format', async () => {
    const w = await rest(app, 'POST', WD, { key: seller.apiKey, body: withdrawal({ description: 'x\u0000' }), idempotencyKey: randomUUID() });
    expect(w.status).toBe(400);
    expect(w.body.code).toBe('INVALID_TEXT');
    const hook = await rest(app, 'POST', '/v1/webhooks', { key: seller.apiKey, body: { eventType: 'ALL', url: 'https://example.com/h', description: 'd\u0000' } });
    expect(hook.status).toBe(400);
    expect(hook.body).toMatchObject({ status: false, erro: 'INVALID_TEXT', path: '/v1/webhooks' });
    const byId = await rest(app, 'GET', `${TX}/abc%00def`, { key: seller.apiKey });
    expect(byId.status).toBe(400);
    expect(byId.body.code).toBe('INVALID_TEXT');
    const list = await rest(app, 'GET', `/balance-statement/statements?cursor=%00`, { bearer: seller.apiKey });
    expect(list.status).toBe(400);
    expect(list.body.erro).toBe('INVALID_TEXT');
    const location = await rest(app, 'GET', '/pix/qr/%00');
    expect(location.status).toBe(400);
  });

  it('GraphQL refuses such text in variables and in literals before any resolver runs', async () => {
    const viaVariables = await gql(app, CREATE_GQL, { input: { amount: 100, description: 'a\u0000' }, key: randomUUID() }, seller.apiKey);
    expect(viaVariables.errors?.[0]?.extensions?.code).toBe('INVALID_TEXT');
    const literal = await gql(app, `mutation { createTransaction(input: {amount: 100, description: "a\\u0000"}, idempotencyKey: "${randomUUID()}") { id } }`, {}, seller.apiKey);
    expect(literal.errors?.[0]?.extensions?.code).toBe('INVALID_TEXT');
    const w = await gql(
      app,
      'mutation($input: CreateWithdrawalInput!, $key: String!) { createWithdrawal(input: $input, idempotencyKey: $key) { id } }',
      { input: withdrawal({ description: '\u0000' }), key: randomUUID() },
      seller.apiKey,
    );
    expect(w.errors?.[0]?.extensions?.code).toBe('INVALID_TEXT');
    const hook = await gql(app, 'mutation { createWebhook(eventType: ALL, url: "https://example.com/h", description: "\\u0000") { secret } }', {}, seller.apiKey);
    expect(hook.errors?.[0]?.extensions?.code).toBe('INVALID_TEXT');
  });
});

/** Any Unicode, lone surrogates and control characters included. */
const anyText = fc.oneof(fc.string({ unit: 'binary', maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 30 }), fc.constantFrom('\u0000', 'a\u0000b', '\ud800', '\t', ' x '));
const chargeFields = fc.record({ description: anyText, merchantOrderId: anyText, note: anyText, key: anyText, name: anyText });

/** What the service keeps of an accepted optional text: trimmed, and nothing when blank. */
const kept = (s: string) => (s.trim() === '' ? undefined : s.trim());

describe('arbitrary Unicode through both doors', () => {
  it('REST charge create: never a 5xx, and what is accepted comes back on GET as sent (trimmed)', async () => {
    await fc.assert(
      fc.asyncProperty(chargeFields, async (f) => {
        const body = { amount: 100, description: f.description, merchantOrderId: f.merchantOrderId, metadata: { [f.key]: f.note }, customer: { name: f.name } };
        const res = await createCharge(body);
        expect(res.status).toBeLessThan(500);
        if (res.status !== 201) {
          expect(res.status).toBe(400);
          return;
        }
        const got = (await rest(app, 'GET', `${TX}/${res.body.data.id}`, { key: seller.apiKey })).body.data;
        expect(got.description).toBe(kept(f.description));
        expect(got.merchantOrderId).toBe(kept(f.merchantOrderId));
        expect(got.metadata).toEqual({ [f.key]: f.note });
        expect(got.customer?.name).toBe(kept(f.name));
      }),
      { numRuns: 40 },
    );
  });

  it('GraphQL charge create and REST withdrawal create: never an internal error, accepted text is kept', async () => {
    await fc.assert(
      fc.asyncProperty(chargeFields, async (f) => {
        const r = await gql(app, CREATE_GQL, { input: { amount: 100, description: f.description, merchantOrderId: f.merchantOrderId, metadata: { [f.key]: f.note } }, key: randomUUID() }, seller.apiKey);
        if (r.errors) {
          expect(r.errors[0]?.extensions?.code).not.toBe('INTERNAL_SERVER_ERROR');
        } else {
          const t = r.data!.createTransaction;
          expect(t.description ?? undefined).toBe(kept(f.description));
          expect(t.merchantOrderId ?? undefined).toBe(kept(f.merchantOrderId));
          expect(t.metadata).toEqual({ [f.key]: f.note });
        }
        const w = await rest(app, 'POST', WD, { key: seller.apiKey, body: withdrawal({ description: f.description, metadata: { [f.key]: f.note } }), idempotencyKey: randomUUID() });
        expect(w.status).toBeLessThan(500);
        if (w.status === 201) {
          const got = (await rest(app, 'GET', `${WD}/${w.body.data.id}`, { key: seller.apiKey })).body.data;
          expect(got.metadata).toEqual({ [f.key]: f.note });
        }
      }),
      { numRuns: 30 },
    );
  });
});
