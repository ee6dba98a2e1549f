import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type TestApp, startTestAppWithSeller, type Seller } from '../support/app';
import { rest } from '../support/rest';
import { sqlOf } from '../support/platform';
import { databaseCalls } from '../support/database-calls';
import { ON_APIPIX } from '../support/test-institution';

let app: TestApp;
let seller: Seller;

startTestAppWithSeller({ ROLE: 'api' }, (started, onboarded) => {
  [app, seller] = [started, onboarded];
});

const create = (key = randomUUID(), amount = 1_050) => rest(app, 'POST', '/api/v1/cobranca/transactions', { key: seller.apiKey, idempotencyKey: key, body: { amount } });

// On API Pix the key is claimed in a round trip of its own before the PSP is called (no transaction held while it answers).
describe.skipIf(ON_APIPIX)('the PIX charge create path', () => {
  it('is one database round trip once the API key is known: key claim, charge, jobs and answer in one pipeline', async () => {
    expect((await create()).status).toBe(201); // resolves and caches the key
    const calls = await databaseCalls(app.databaseUrl, async () => expect((await create()).status).toBe(201));
    expect(calls).toEqual(['PipelinedBatch']);
  });

  it('a replay costs the refused pipeline, its rollback and one read of the key, and creates nothing', async () => {
    const key = randomUUID();
    const first = await create(key, 2_000);
    const before = await sqlOf(app).one<{ n: string }>('select count(*) n from transactions');
    const calls = await databaseCalls(app.databaseUrl, async () => {
      const again = await create(key, 2_000);
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toEqual(first.body);
    });
    expect(calls.slice(0, 2)).toEqual(['PipelinedBatch', 'rollback']);
    expect(calls[2]).toMatch(/^select .* from idempotency_keys/s);
    expect(calls).toHaveLength(3);
    expect(await sqlOf(app).one<{ n: string }>('select count(*) n from transactions')).toEqual(before);
  });
});
