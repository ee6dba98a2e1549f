import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApplication, type RunningApp } from '../../src/main/start-application';
import { loadConfig } from '../../src/main/config';
import { createLogger } from '../../src/infra/log/logger';
import { totpCode } from '../../src/infra/security/otplib-totp';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { gql, onboardSeller, startTestApp, type TestApp, gqlErrorCode } from '../support/app';
import { wsClient } from '../support/subscriptions';
import { rest } from '../support/rest';
import { parseRateLimit, TEST_REDIS_URL, uniqueRedisPrefix } from './support';
import { promoteToOperator } from '../support/platform';

// Two api instances on one database and one Redis, as behind a load balancer.
const prefix = uniqueRedisPrefix('rate-limits');
const LIMITS = { RATE_LIMIT_READS: '6', RATE_LIMIT_LISTS: '4', SUBSCRIPTIONS_PER_SELLER: '2' };
let a: TestApp;
let b: RunningApp;
let operator: string;

beforeAll(async () => {
  a = await startTestApp({ ROLE: 'api', REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix, ...LIMITS });
  b = await startApplication(
    loadConfig({ MODE: 'sandbox', PORT: '0', LOG_LEVEL: 'silent', ROLE: 'api', DATABASE_URL: a.databaseUrl, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix, ...LIMITS }),
    { clock: a.clock, logger: createLogger('silent') },
  );
  const email = `operator-${randomUUID()}@example.com`;
  await gql(a, 'mutation($e:String!,$p:String!){ signUp(email:$e,password:$p){ id } }', { e: email, p: 'operator password 1' });
  await promoteToOperator(a, email);
  operator = (await gql(a, 'mutation($e:String!,$p:String!){ logIn(email:$e,password:$p){ token } }', { e: email, p: 'operator password 1' })).data!.logIn.token;
});
afterAll(async () => {
  await b?.stop();
  await a?.close();
  const redis = new Redis(TEST_REDIS_URL);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});


describe('per-seller budgets in Redis', () => {
  it('two api instances share one budget, with the IETF headers on every answer', async () => {
    const s = await onboardSeller(a);
    const seen: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await rest(i % 2 ? b : a, 'GET', '/balance-statement', { bearer: s.apiKey });
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-policy')).toBe('"reads";q=6;w=60');
      const rl = parseRateLimit(res.headers.get('ratelimit'));
      expect(rl?.name).toBe('reads');
      expect(rl!.t).toBeGreaterThanOrEqual(1);
      expect(rl!.t).toBeLessThanOrEqual(60);
      seen.push(rl!.r);
    }
    expect(seen).toEqual([5, 4, 3, 2, 1, 0]);
    const refused = await rest(b, 'GET', '/balance-statement', { bearer: s.apiKey });
    expect(refused.status).toBe(429);
    expect(parseRateLimit(refused.headers.get('ratelimit'))?.r).toBe(0);
  });

  it('429 RATE_LIMITED in the standard and the cobranca formats, with Retry-After in whole seconds', async () => {
    const s = await onboardSeller(a);
    for (let i = 0; i < 6; i++) expect((await rest(a, 'GET', '/seller-wallet/gestao', { bearer: s.apiKey })).status).toBe(200);

    const standard = await rest(a, 'GET', '/balance-statement', { bearer: s.apiKey });
    expect(standard.status).toBe(429);
    expect(standard.headers.get('retry-after')).toMatch(/^\d+$/);
    const retryAfter = Number(standard.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(standard.body).toMatchObject({ status: false, erro: 'RATE_LIMITED', path: '/balance-statement', details: { retryAfterSeconds: retryAfter } });
    expect(Object.keys(standard.body)).toEqual(expect.arrayContaining(['mensagem', 'requestId', 'timestamp']));

    const cobranca = await rest(b, 'GET', '/api/v1/cobranca/transactions/tx_unknown', { key: s.apiKey });
    expect(cobranca.status).toBe(429);
    expect(cobranca.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(cobranca.headers.get('ratelimit-policy')).toBe('"reads";q=6;w=60');
    expect(cobranca.body).toMatchObject({ code: 'RATE_LIMITED', correlationID: expect.any(String), message: expect.stringContaining('retry in') });

    // A dashboard session of the same seller spends the same budget: no way around it.
    const bySession = await rest(a, 'GET', '/balance-statement', { bearer: s.session });
    expect(bySession.status).toBe(429);
    const graphql = await fetch(`${b.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${s.session}` },
      body: JSON.stringify({ query: '{ balance { available } }' }),
    });
    expect(graphql.status).toBe(429);
    expect(graphql.headers.get('retry-after')).toMatch(/^\d+$/);
    const body = (await graphql.json()) as { errors: { extensions: { code: string; details: { retryAfterSeconds: number } } }[] };
    expect(body.errors[0]!.extensions.code).toBe('RATE_LIMITED');
    expect(body.errors[0]!.extensions.details.retryAfterSeconds).toBeGreaterThanOrEqual(1);

    // Other classes keep their own budget.
    expect((await rest(a, 'GET', '/api/v1/cobranca/transactions', { key: s.apiKey })).status).toBe(200);
  });

  it('GraphQL counts each root field of an operation', async () => {
    const s = await onboardSeller(a);
    const res = await fetch(`${a.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${s.apiKey}` },
      body: JSON.stringify({ query: '{ a: balance { available } b: wallet { balanceTotal } c: me { credential } }' }),
    });
    expect(res.status).toBe(200);
    expect(parseRateLimit(res.headers.get('ratelimit'))).toMatchObject({ name: 'reads', r: 3 });
    const more = await gql(a, '{ a: balance { available } b: balance { available } c: balance { available } d: balance { available } }', {}, s.apiKey);
    expect(gqlErrorCode(more)).toBe('RATE_LIMITED');
  });

  it("a seller whose limit an operator raised gets more; the seller sees its limits; non-operators cannot change them", async () => {
    const s = await onboardSeller(a);
    for (let i = 0; i < 4; i++) expect((await rest(a, 'GET', '/api/v1/cobranca/transactions', { key: s.apiKey })).status).toBe(200);
    expect((await rest(a, 'GET', '/api/v1/cobranca/transactions', { key: s.apiKey })).status).toBe(429);

    const SET = 'mutation($s:ID!,$p:Int){ setSellerRateLimit(sellerId:$s, limitClass: lists, perMinute:$p){ limitClass perMinute custom } }';
    expect(gqlErrorCode(await gql(a, SET, { s: s.sellerId, p: 100 }, s.session))).toBe('OPERATOR_ONLY');
    const set = await gql(a, SET, { s: s.sellerId, p: 10 }, operator);
    expect(set.data!.setSellerRateLimit).toContainEqual({ limitClass: 'lists', perMinute: 10, custom: true });
    expect(gqlErrorCode(await gql(a, SET, { s: 'no-such-seller', p: 10 }, operator))).toBe('SELLER_NOT_FOUND');

    // A refused request takes nothing from the bucket (4 of 10 used): 6 more are served.
    for (let i = 0; i < 6; i++) {
      const res = await rest(a, 'GET', '/api/v1/cobranca/transactions', { key: s.apiKey });
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-policy')).toBe('"lists";q=10;w=60');
    }
    expect((await rest(a, 'GET', '/api/v1/cobranca/transactions', { key: s.apiKey })).status).toBe(429);
    const mine = await gql(a, '{ rateLimits { limitClass perMinute custom } }', {}, s.apiKey);
    expect(mine.data!.rateLimits).toContainEqual({ limitClass: 'reads', perMinute: 6, custom: false });
  });
});

describe('brute-force guards', () => {
  it('log-in: after 5 wrong passwords for a user even the right one is refused', async () => {
    const s = await onboardSeller(a);
    const LOGIN = 'mutation($e:String!,$p:String!){ logIn(email:$e,password:$p){ token } }';
    for (let i = 0; i < 5; i++) expect(gqlErrorCode(await gql(i % 2 ? a : b, LOGIN, { e: s.email, p: `wrong guess ${i}` }))).toBe('INVALID_CREDENTIALS');
    const blocked = await gql(b, LOGIN, { e: s.email.toUpperCase(), p: s.password });
    expect(gqlErrorCode(blocked)).toBe('RATE_LIMITED');
    expect(blocked.errors![0]!.extensions).toMatchObject({ details: { retryAfterSeconds: expect.any(Number) } });
  });

  it('withdrawal 2FA codes: after 5 wrong codes the right one is refused (429, cobranca format), on every door', async () => {
    const s = await onboardSeller(a);
    const { secret } = (await gql(a, 'mutation{ enrolTwoFactor{ secret } }', {}, s.session)).data!.enrolTwoFactor;
    expect((await gql(a, 'mutation($c:String!){ confirmTwoFactor(code:$c){ twoFactorEnabled } }', { c: totpCode(secret, a.clock.now()) }, s.session)).data).toBeTruthy();
    a.clock.advance(30_000);
    const right = totpCode(secret, a.clock.now());
    const wrong = right === '000000' ? '111111' : '000000';
    const body = { amount: 1000, method: 'PIX', pixKeyType: 'EVP', pixKey: randomUUID() };
    for (let i = 0; i < 5; i++) {
      const res = await rest(i % 2 ? a : b, 'POST', '/api/v1/cobranca/withdrawals', { key: s.apiKey, body, idempotencyKey: randomUUID(), headers: { 'X-2FA-Code': wrong } });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('INVALID_MFA_CODE');
    }
    const blocked = await rest(a, 'POST', '/api/v1/cobranca/withdrawals', { key: s.apiKey, body, idempotencyKey: randomUUID(), headers: { 'X-2FA-Code': right } });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    const viaGraphql = await gql(b, 'mutation($c:String!){ disableTwoFactor(code:$c){ id } }', { c: right }, s.session);
    expect(gqlErrorCode(viaGraphql)).toBe('RATE_LIMITED');
  });
});

describe('GraphQL query limits', () => {
  it('refuses queries deeper than the limit and queries that cost too much', async () => {
    const s = await onboardSeller(a);
    const deep = await gql(a, `{ __schema { types { fields { type { ${'ofType { '.repeat(17)}name${' }'.repeat(17)} } } } } }`, {}, s.apiKey);
    expect(gqlErrorCode(deep)).toBe('QUERY_TOO_DEEP');
    const fields = 'id amount status createdAt updatedAt providerReference paidAt description merchantOrderId postbackUrl end2endId feeAmount netAmount refundedAmount refundType refusedReason paymentMethod pix { copyPaste qrCode expiresAt } customer metadata createdAt2: createdAt amount2: amount';
    const costly = await gql(a, `{ transactions(limit: 500) { items { ${fields} } } }`, {}, s.apiKey);
    expect(gqlErrorCode(costly)).toBe('QUERY_TOO_COMPLEX');
    const fine = await gql(a, `{ transactions(limit: 50) { items { ${fields} } } }`, {}, s.apiKey);
    expect(fine.errors).toBeUndefined();
  });
});

describe('GraphQL subscriptions', () => {
  it('count open sockets per seller across instances: one past the limit is closed with 4429, a freed slot is reusable', async () => {
    const s = await onboardSeller(a);
    const first = wsClient(a, s.apiKey);
    const second = wsClient(b, s.session);
    await Promise.all([first.connected, second.connected]);
    const closedWith = await new Promise<number>((resolve) => {
      const third = createClient({
        url: `${a.url.replace(/^http/, 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${s.apiKey}` },
        retryAttempts: 0,
        lazy: false,
        onNonLazyError: () => undefined,
        on: { closed: (e) => resolve((e as { code: number }).code) },
      });
      void third;
    });
    expect(closedWith).toBe(4429);
    // Another seller is not affected.
    const other = wsClient(a, (await onboardSeller(a)).apiKey);
    await other.connected;
    await first.dispose();
    // The server frees the slot when it sees the close: retry (bounded) until a socket is accepted.
    const deadline = Date.now() + 10_000;
    let accepted = false;
    while (!accepted && Date.now() < deadline) {
      const attempt = wsClient(a, s.apiKey);
      accepted = await Promise.race([attempt.connected.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 500))]);
      await attempt.dispose();
    }
    expect(accepted).toBe(true);
    await Promise.all([second.dispose(), other.dispose()]);
  });
});
