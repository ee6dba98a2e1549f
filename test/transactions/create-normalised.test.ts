import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCreateTransaction } from '../../src/domain/transactions/create-transaction.input';
import { type TestApp, startTestAppWithSeller, type Seller } from '../support/app';
import { rest } from '../support/rest';

let app: TestApp;
let seller: Seller;
const TX = '/api/v1/cobranca/transactions';

startTestAppWithSeller({ ROLE: 'api' }, (started, onboarded) => {
  [app, seller] = [started, onboarded];
});

const padded = (a: fc.Arbitrary<string>) => fc.tuple(fc.constantFrom('', ' ', '  '), a, fc.constantFrom('', ' ', '\u00a0')).map(([l, s, r]) => `${l}${s}${r}`);
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });

/** PIX bodies a client may send: padded text, blank fields, mixed-case e-mails, punctuated documents and phones. */
const body = fc.record(
  {
    amount: fc.integer({ min: 1, max: 100_000_000 }),
    expiration: maybe(fc.oneof(fc.constant(null), fc.integer({ min: 60, max: 604_800 }))),
    description: maybe(fc.oneof(fc.constant(null), fc.constant('   '), padded(fc.string({ maxLength: 40 })), fc.constant('linha 1\nlinha 2\té'))),
    merchantOrderId: maybe(fc.oneof(fc.constant(null), fc.constant(''), padded(fc.stringMatching(/^[A-Za-z0-9-]{1,20}$/)))),
    metadata: maybe(fc.oneof(fc.constant(null), fc.dictionary(fc.stringMatching(/^[a-z]{1,8}$/), fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean()), { maxKeys: 5 }))),
    customer: maybe(
      fc.oneof(
        fc.constant(null),
        fc.record(
          {
            name: padded(fc.constantFrom('Maria Souza', 'José da Silva', '')),
            email: padded(fc.constantFrom('Maria@Example.com', 'ana.lima@exemplo.com.br', '')),
            document: fc.constantFrom('529.982.247-25', '52998224725', '11.222.333/0001-81', ' 11222333000181 '),
            phone: fc.constantFrom('+55 11 91234-5678', '(11) 91234-5678', '11912345678'),
          },
          { requiredKeys: [] },
        ),
      ),
    ),
  },
  { requiredKeys: ['amount'] },
);

describe('an accepted create body', () => {
  it('is answered, stored and read back normalised exactly as the create parses it', async () => {
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const parsed = parseCreateTransaction(b, { sandbox: true });
        const created = await rest(app, 'POST', TX, { key: seller.apiKey, idempotencyKey: randomUUID(), body: b });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const read = await rest(app, 'GET', `${TX}/${created.body.data.id}`, { key: seller.apiKey });
        expect(read.body.data).toEqual(created.body.data);
        const t = read.body.data;
        expect(t.amount).toBe(parsed.amount);
        expect(t.customer ?? null).toEqual(parsed.customer);
        expect(t.metadata ?? null).toEqual(parsed.metadata);
        expect(t.description ?? null).toBe(parsed.description);
        expect(t.merchantOrderId ?? null).toBe(parsed.merchantOrderId);
        expect(Date.parse(t.pix.expiresAt) - Date.parse(t.createdAt)).toBe(parsed.expirationSeconds * 1000);
      }),
      { numRuns: 40 },
    );
  });
});
