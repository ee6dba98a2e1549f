import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardSeller, PRODUCTION_TEST_SECRETS, startTestApp, type TestApp } from '../support/app';

// `npm start` leaves NODE_ENV unset, and libraries that read it (Apollo's stack traces) then
// behave as in development; vitest sets it to "test", which would hide what a user sees.
const nodeEnv = process.env.NODE_ENV;
delete process.env.NODE_ENV;

const MODES = {
  sandbox: { MODE: 'sandbox', ROLE: 'api' },
  production: { MODE: 'production', ...PRODUCTION_TEST_SECRETS, ROLE: 'api' },
};

const apps: Partial<Record<keyof typeof MODES, TestApp>> = {};
beforeAll(async () => {
  apps.sandbox = await startTestApp(MODES.sandbox);
  apps.production = await startTestApp(MODES.production);
});
afterAll(async () => {
  await apps.sandbox?.close();
  await apps.production?.close();
  process.env.NODE_ENV = nodeEnv;
});

async function post(app: TestApp, query: string, variables?: unknown): Promise<{ status: number; text: string; body: any }> {
  const res = await fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) };
}

/** A stack frame, a source or build path, or this checkout's directory. */
const LEAK = new RegExp(['stacktrace', '\\bat [^\\s]+ \\(', '\\.[cm]?[jt]s:\\d+', 'node_modules', '/src/', '/dist/', process.cwd().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')].join('|'));

/** An introspection query `levels` ofType deep: past any limit. */
const deep = (levels: number) => `{ __schema { queryType { ${'ofType { '.repeat(levels)}name${' }'.repeat(levels)} } } }`;

const failures: [string, string, unknown, string][] = [
  ['a validation failure', '{ nope }', undefined, 'GRAPHQL_VALIDATION_FAILED'],
  ['a wrong argument type written inline', '{ transactions(limit: "x") { total } }', undefined, 'GRAPHQL_VALIDATION_FAILED'],
  ['the depth refusal', deep(30), undefined, 'QUERY_TOO_DEEP'],
  ['a wrong variable type', 'query($n: Int) { transactions(limit: $n) { total } }', { n: 'x' }, 'INVALID_VARIABLE'],
];

describe.each(Object.keys(MODES) as (keyof typeof MODES)[])('GraphQL error answers in %s mode', (mode) => {
  it.each(failures)('%s answers 400 with its code and no stack trace or server path', async (_what, query, variables, code) => {
    const res = await post(apps[mode]!, query, variables);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe(code);
    expect(res.text).not.toMatch(LEAK);
  });
});

describe('GraphQL variables of the wrong type', () => {
  const create = 'mutation($input: CreateTransactionInput!) { createTransaction(input: $input, idempotencyKey: "k") { id } }';

  it.each([
    ['a string for an amount', create, { input: { amount: 'abc' } }, { variable: 'input', path: 'input.amount', field: 'createTransaction.input.amount' }],
    ['a string for an Int argument', 'query($n: Int) { transactions(limit: $n) { total } }', { n: 'x' }, { variable: 'n', path: 'n', field: 'transactions.limit' }],
    ['a missing required variable', create, {}, { variable: 'input', path: 'input', field: 'createTransaction.input' }],
    ['a null list item', 'mutation($ids: [ID!]!) { resendTransactionEvents(transactionIds: $ids) { deliveries } }', { ids: ['a', null] }, { variable: 'ids', path: 'ids[1]', field: 'resendTransactionEvents.transactionIds[1]' }],
  ])('%s is a 400 INVALID_VARIABLE naming the variable and the field', async (_what, query, variables, details) => {
    for (const app of [apps.sandbox!, apps.production!]) {
      const res = await post(app, query, variables);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].extensions).toMatchObject({ code: 'INVALID_VARIABLE', details });
      expect(res.body.errors[0].message).toContain(`$${details.variable}`);
      expect(res.body.errors[0].message).toContain(details.field);
    }
  });
});

describe('an amount above 32 bits', () => {
  it('is a money value like any other: the domain refuses it (AMOUNT_TOO_HIGH), the schema does not', async () => {
    const seller = await onboardSeller(apps.sandbox!);
    const query = 'mutation($input: CreateTransactionInput!) { createTransaction(input: $input, idempotencyKey: "big") { id } }';
    const res = await fetch(`${apps.sandbox!.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${seller.apiKey}` },
      body: JSON.stringify({ query, variables: { input: { amount: 3_000_000_000 } } }),
    });
    expect(res.status).toBeLessThan(500);
    expect(((await res.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe('AMOUNT_TOO_HIGH');
  });
});

describe('the development setting', () => {
  it('GRAPHQL_STACK_TRACES=true adds stack traces to GraphQL errors in the sandbox', async () => {
    const app = await startTestApp({ ...MODES.sandbox, GRAPHQL_STACK_TRACES: 'true' });
    try {
      const res = await post(app, '{ nope }');
      expect(res.body.errors[0].extensions.stacktrace).toEqual(expect.any(Array));
    } finally {
      await app.close();
    }
  });
});
