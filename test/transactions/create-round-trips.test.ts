import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type TestApp, startTestAppWithSeller, type Seller } from '../support/app';
import { rest } from '../support/rest';
import { sqlOf } from '../support/platform';

let app: TestApp;
let seller: Seller;

startTestAppWithSeller({ ROLE: 'api' }, (started, onboarded) => {
  [app, seller] = [started, onboarded];
});

/** Every statement or pipeline the service hands to a PostgreSQL connection while `work` runs. */
async function databaseCalls(work: () => Promise<unknown>): Promise<string[]> {
  const calls: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, q: unknown, ...rest: unknown[]) {
    calls.push(typeof q === 'string' ? q : ((q as { text?: string })?.text ?? (q as object)?.constructor?.name ?? '?'));
    return (original as (...a: unknown[]) => unknown).call(this, q, ...rest);
  } as typeof original;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = original;
  }
  return calls;
}

const create = (key = randomUUID(), amount = 1_050) => rest(app, 'POST', '/api/v1/cobranca/transactions', { key: seller.apiKey, idempotencyKey: key, body: { amount } });

describe('the PIX charge create path', () => {
  it('is one database round trip once the API key is known: key claim, charge, jobs and answer in one pipeline', async () => {
    expect((await create()).status).toBe(201); // resolves and caches the key
    const calls = await databaseCalls(async () => expect((await create()).status).toBe(201));
    expect(calls).toEqual(['PipelinedBatch']);
  });

  it('a replay costs the refused pipeline, its rollback and the ordinary claim (insert refused, row read), and creates nothing', async () => {
    const key = randomUUID();
    const first = await create(key, 2_000);
    const before = await sqlOf(app).one<{ n: string }>('select count(*) n from transactions');
    const calls = await databaseCalls(async () => {
      const again = await create(key, 2_000);
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toEqual(first.body);
    });
    expect(calls.slice(0, 2)).toEqual(['PipelinedBatch', 'rollback']);
    expect(calls[2]).toMatch(/insert into idempotency_keys/);
    expect(calls[3]).toMatch(/from idempotency_keys/);
    expect(calls).toHaveLength(4);
    expect(await sqlOf(app).one<{ n: string }>('select count(*) n from transactions')).toEqual(before);
  });
});
