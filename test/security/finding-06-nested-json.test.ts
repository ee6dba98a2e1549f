import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardSeller, startTestApp, type TestApp } from '../support/app';
import { rest } from '../support/rest';

/**
 * Issue #34, finding 6: 80 kB of `[[[...]]]` overflowed the stack of the text check and
 * answered 500, even without credentials. Nesting is now capped (MAX_JSON_DEPTH, 32
 * levels) and refused with 400 NESTING_TOO_DEEP in the path's error format.
 */
const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
let app: TestApp;
let apiKey: string;

beforeAll(async () => {
  app = await startTestApp();
  apiKey = (await onboardSeller(app)).apiKey;
});
afterAll(() => app?.close());

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

describe('finding 6: deeply nested JSON is a 400, never a 500', () => {
  it('as a REST body, without credentials: 400 in the standard format', async () => {
    const res = await post('/v1/webhooks', deep(40_000));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: false, erro: 'NESTING_TOO_DEEP' });
  });

  it('in a charge`s metadata: 400 in the /api/v1/cobranca format', async () => {
    const body = `{"amount":1000,"description":"deep","customer":{"name":"Maria Souza","email":"maria@example.com"},"metadata":{"x":${deep(40_000)}}}`;
    const res = await post('/api/v1/cobranca/transactions', body, { 'x-api-key': apiKey, 'idempotency-key': crypto.randomUUID() });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'NESTING_TOO_DEEP', correlationID: expect.any(String) });
  });

  it('in unauthenticated GraphQL variables: a GraphQL error with a 4xx', async () => {
    const res = await post('/graphql', `{"query":"{ __typename }","variables":{"v":${deep(40_000)}}}`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const body = (await res.json()) as { errors: { extensions: { code: string } }[] };
    expect(body.errors[0]!.extensions.code).toBe('NESTING_TOO_DEEP');
  });

  it('nesting up to the cap still works', async () => {
    const metadata = JSON.parse(deepObject(30)) as Record<string, unknown>;
    const res = await rest(app, 'POST', '/api/v1/cobranca/transactions', {
      key: apiKey,
      idempotencyKey: crypto.randomUUID(),
      body: { amount: 1_000, description: 'nested', customer: { name: 'Maria Souza', email: 'maria@example.com' }, metadata },
    });
    expect(res.status).toBe(201);
  });
});
