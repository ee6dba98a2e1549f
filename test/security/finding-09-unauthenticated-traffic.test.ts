import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { MikroApiKeyRepository, MikroSessionRepository } from '../../src/infra/db/account.repositories';
import { onboardSeller, startTestApp, type Seller, type TestApp } from '../support/app';
import { platformOf } from '../support/platform';
import { rest } from '../support/rest';

/**
 * Issue #34, finding 9: a bad API key's 401 was never counted and each one cost a
 * database lookup; GraphQL without a credential was counted per root field, after
 * parsing. Every API and GraphQL request is now counted per address before parsing and
 * authentication (RATE_LIMIT_UNAUTHENTICATED), and a key in no row is remembered as such
 * for AUTH_NEGATIVE_CACHE_SECONDS.
 */
const BUDGET = 5;
let app: TestApp;
let seller: Seller;
const lookups = vi.spyOn(MikroApiKeyRepository.prototype, 'findWithOwnerByHash');

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_UNAUTHENTICATED: String(BUDGET), AUTH_NEGATIVE_CACHE_SECONDS: '60' });
  seller = await onboardSeller(app);
});
afterAll(async () => app?.close());
const sessionLookups = vi.spyOn(MikroSessionRepository.prototype, 'findByHash');
afterEach(() => {
  lookups.mockClear();
  sessionLookups.mockClear();
});

// Each test speaks from an address of its own (loopback is a trusted proxy by default).
let n = 0;
const newAddress = () => `198.51.100.${++n}`;
const badKey = () => `sk_test_${randomBytes(32).toString('hex')}`;
const lookupsOf = (key: string) => {
  const hash = platformOf(app).tokens.digest(key);
  return lookups.mock.calls.filter(([h]) => h === hash).length;
};

const wallet = (address: string, key?: string) => rest(app, 'GET', '/balance-statement', { headers: { 'x-forwarded-for': address }, ...(key ? { bearer: key } : {}) });
const graphqlPost = (address: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address, ...headers }, body });

describe('finding 9: unauthenticated traffic is counted before parsing and authentication', () => {
  it('a flood of one bad key: 401s until the budget is spent, then 429 RATE_LIMITED; one database lookup in all', async () => {
    const address = newAddress();
    const key = badKey();
    for (let i = 0; i < BUDGET; i++) expect((await wallet(address, key)).status).toBe(401);
    const refused = await wallet(address, key);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ status: false, erro: 'RATE_LIMITED', path: '/balance-statement' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit-policy')).toBe(`"unauthenticated";q=${BUDGET};w=60`);
    expect(lookupsOf(key)).toBe(1);
    // Once spent, a new bad key is refused before any lookup, on every API path, in its format.
    const other = badKey();
    const cobranca = await rest(app, 'GET', '/api/v1/cobranca/transactions/tx_x', { key: other, headers: { 'x-forwarded-for': address } });
    expect(cobranca.status).toBe(429);
    expect(cobranca.body).toMatchObject({ code: 'RATE_LIMITED', correlationID: expect.any(String) });
    expect(lookupsOf(other)).toBe(0);
    // Other addresses keep their own budget, and a good key from them is not slowed.
    expect((await wallet(newAddress(), seller.apiKey)).status).toBe(200);
  });

  it('a repeated bad session token costs one lookup too', async () => {
    const address = newAddress();
    const token = `sess_${randomBytes(32).toString('hex')}`;
    for (let i = 0; i < 3; i++) expect((await wallet(address, token)).status).toBe(401);
    const hash = platformOf(app).tokens.digest(token);
    expect(sessionLookups.mock.calls.filter(([h]) => h === hash)).toHaveLength(1);
  });

  it('requests without a credential spend the budget at once, and so does a header that is not one', async () => {
    const address = newAddress();
    for (let i = 0; i < BUDGET; i++) expect((await wallet(address)).status).toBe(401);
    expect((await wallet(address)).status).toBe(429);
    const other = newAddress();
    const basic = () => rest(app, 'GET', '/balance-statement', { headers: { 'x-forwarded-for': other, authorization: 'Basic dXNlcjpwdw==' } });
    for (let i = 0; i < BUDGET; i++) expect((await basic()).status).toBe(401);
    expect((await basic()).status).toBe(429);
  });

  it('a good key spends nothing: sellers are limited by their own budgets only', async () => {
    const address = newAddress();
    for (let i = 0; i < BUDGET * 3; i++) expect((await wallet(address, seller.apiKey)).status).toBe(200);
    expect((await wallet(address, badKey())).status).toBe(401);
  });

  it('GraphQL without a credential is limited before parsing: a huge invalid body over the budget is a 429, not a 400', async () => {
    const address = newAddress();
    const huge = `{"query": "${'{'.repeat(90_000)}`;
    expect((await graphqlPost(address, JSON.stringify({ query: '{ __typename }' }))).status).toBe(200);
    expect((await graphqlPost(address, huge)).status).toBe(400); // parsed while within the budget
    for (let i = 2; i < BUDGET; i++) expect((await graphqlPost(address, JSON.stringify({ query: '{ __typename }' }))).status).toBe(200);
    const refused = await graphqlPost(address, huge);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await refused.json()) as { errors: { extensions: { code: string; details: { retryAfterSeconds: number } } }[] };
    expect(body.errors[0]!.extensions).toMatchObject({ code: 'RATE_LIMITED', details: { retryAfterSeconds: expect.any(Number) } });
  });

  it("GraphQL counts a bad bearer's 401, then refuses; the subscription socket's upgrade too", async () => {
    const address = newAddress();
    const key = badKey();
    for (let i = 0; i < BUDGET; i++) expect((await graphqlPost(address, JSON.stringify({ query: '{ wallet { balance } }' }), { authorization: `Bearer ${key}` })).status).toBe(401);
    expect((await graphqlPost(address, JSON.stringify({ query: '{ __typename }' }), { authorization: `Bearer ${key}` })).status).toBe(429);
    expect(lookupsOf(key)).toBe(1);
    const upgrade = await new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(`${app.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', { headers: { 'x-forwarded-for': address } });
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => {
        ws.close();
        reject(new Error('the upgrade was accepted'));
      });
      ws.on('error', () => undefined);
    });
    expect(upgrade).toBe(429);
  });

  it('a subscription socket that presents no credential spends the budget', async () => {
    const address = newAddress();
    const connect = () =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(`${app.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', { headers: { 'x-forwarded-for': address } });
        ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: {} })));
        ws.on('close', (code) => resolve(code));
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('error', () => undefined);
      });
    for (let i = 0; i < BUDGET; i++) expect(await connect()).toBe(4403);
    expect(await connect()).toBe(429);
  });

  it('a key whose hash was remembered as absent works on the first request after it is created', async () => {
    const address = newAddress();
    const token = randomBytes(32).toString('hex');
    const key = `sk_test_${token}`;
    expect((await wallet(address, key)).status).toBe(401);
    expect((await wallet(address, key)).status).toBe(401);
    expect(lookupsOf(key)).toBe(1); // the second answer came from the negative entry
    // The seam: the next key created gets this token (keys are random; nobody can present one before).
    vi.spyOn(platformOf(app).tokens, 'randomToken').mockReturnValueOnce(token);
    const created = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${seller.session}` },
      body: JSON.stringify({ query: 'mutation{ createApiKey(mode: test){ key } }' }),
    });
    expect(((await created.json()) as { data: { createApiKey: { key: string } } }).data.createApiKey.key).toBe(key);
    expect((await wallet(address, key)).status).toBe(200);
  });
});
