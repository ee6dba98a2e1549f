import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_TEST_SECRETS, startTestApp, type TestApp } from '../support/app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ MODE: 'production', ...PRODUCTION_TEST_SECRETS, ROLE: 'api' });
});
afterAll(async () => {
  await app?.close();
});

async function post(query: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
  return { status: res.status, body: await res.json() };
}

// What GraphiQL sends first (then without inputValueDeprecation if refused), and the plain form code generators send.
const STANDARD = [
  getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true, oneOf: true }),
  getIntrospectionQuery(),
];

describe('introspection, on in production', () => {
  it.each(STANDARD.map((q, i) => [i, q]))('the standard introspection query (%i) passes the operation limits', async (_i, query) => {
    const res = await post(query as string);
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    const queryType = res.body.data.__schema.types.find((t: { name: string }) => t.name === 'Query');
    expect(queryType.fields.map((f: { name: string }) => f.name)).toContain('transactions');
  });

  // graphql-js's own rule refuses three nested `fields`/`inputFields`/`interfaces`/`possibleTypes`
  // (GRAPHQL_VALIDATION_FAILED); ours also counts types, args, enumValues and directives.
  it.each([
    ['deeper than 20', `{ __schema { types { fields { type { ${'ofType { '.repeat(17)}name${' }'.repeat(17)} } } } } }`, /introspection depth 22/],
    ['nesting four lists', '{ __schema { types { fields { args { type { fields { name } } } } } } }', /nests 4 lists/],
    ['nesting lists through __type', '{ __type(name: "Query") { fields { args { type { inputFields { type { enumValues { name } } } } } } } }', /nests 4 lists/],
  ])('an introspection query %s is refused with 400 QUERY_TOO_DEEP', async (_what, query, message) => {
    const res = await post(query);
    expect(res.body.errors[0]).toMatchObject({ message: expect.stringMatching(message), extensions: { code: 'QUERY_TOO_DEEP' } });
    expect(res.status).toBe(400);
  });
});
