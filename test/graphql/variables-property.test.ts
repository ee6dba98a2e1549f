import fc from 'fast-check';
import { buildSchema, getNamedType, isLeafType, type GraphQLField, type GraphQLObjectType } from 'graphql';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardSeller, startTestApp, type TestApp } from '../support/app';

// The committed schema, which test/e2e/schema-file.test.ts keeps equal to the code's.
const schema = buildSchema(readFileSync(join(__dirname, '../../schema.graphql'), 'utf8'));
/** Operations that would end the caller's own session for the runs after them. */
const ENDS_THE_SESSION = new Set(['logOut', 'requestErasure']);

/** One operation per root field: every argument a variable of its declared type, the smallest selection. */
function operationOf(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>) {
  const defs = field.args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  return { name: field.name, args: field.args.map((a) => a.name), query: `${kind}${defs ? `(${defs})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }` };
}

const operations = (['query', 'mutation'] as const).flatMap((kind) => {
  const root = (kind === 'query' ? schema.getQueryType() : schema.getMutationType()) as GraphQLObjectType;
  return Object.values(root.getFields())
    .filter((f) => !ENDS_THE_SESSION.has(f.name))
    .map((f) => operationOf(kind, f));
});

/**
 * Arbitrary JSON as the variables: mostly values under the operation's own argument names
 * (so they reach coercion), sometimes anything at all. Depth is bounded: deeply nested JSON
 * overflowing the text check's recursion is a separate finding.
 */
const variablesFor = (args: string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.dictionary(args.length ? fc.constantFrom(...args, 'unexpected') : fc.constant('unexpected'), fc.jsonValue({ maxDepth: 3 }), { maxKeys: args.length + 1 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );

let app: TestApp;
let session: string;
beforeAll(async () => {
  const generous = '1000000';
  app = await startTestApp({ ROLE: 'api', RATE_LIMIT_CREATES: generous, RATE_LIMIT_READS: generous, RATE_LIMIT_LISTS: generous, RATE_LIMIT_WEBHOOKS: generous, RATE_LIMIT_PUBLIC: generous });
  session = (await onboardSeller(app)).session;
});
afterAll(async () => {
  await app?.close();
});

describe('arbitrary JSON as the variables of every operation of the schema', () => {
  it('generates an operation for every query and mutation', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it.each(operations.map((o) => [o.name, o] as const))('%s never answers a 5xx or an INTERNAL_SERVER_ERROR', async (_name, op) => {
    await fc.assert(
      fc.asyncProperty(variablesFor(op.args), async (variables) => {
        const res = await fetch(`${app.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` },
          body: JSON.stringify({ query: op.query, variables }),
        });
        const text = await res.text();
        expect({ status: res.status, text }).toEqual({ status: expect.any(Number), text: expect.not.stringContaining('INTERNAL_SERVER_ERROR') });
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 8 },
    );
  });
});
