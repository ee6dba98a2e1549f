import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type TestApp, startTestAppWithSeller, type Seller } from '../support/app';
import { rest } from '../support/rest';

let app: TestApp;
let seller: Seller;
const TX = '/api/v1/cobranca/transactions';

startTestAppWithSeller({ ROLE: 'api' }, (started, onboarded) => {
  [app, seller] = [started, onboarded];
});

/** Puts a finished key back in flight, as if its original request were still running. */
async function holdInFlight(key: string): Promise<void> {
  const client = new pg.Client({ connectionString: app.databaseUrl });
  await client.connect();
  try {
    const r = await client.query(
      `update idempotency_keys set response_status = null, response_body = null, resource_id = null, locked_until = now() + interval '1 day' where key = $1`,
      [key],
    );
    expect(r.rowCount).toBe(1);
  } finally {
    await client.end();
  }
}

describe('409 IDEMPOTENCY_IN_FLIGHT', () => {
  it('carries Retry-After: 5 on the cobranca path as well as in its details', async () => {
    const key = randomUUID();
    const body = { amount: 1_000 };
    expect((await rest(app, 'POST', TX, { key: seller.apiKey, body, idempotencyKey: key })).status).toBe(201);
    await holdInFlight(key);
    const retry = await rest(app, 'POST', TX, { key: seller.apiKey, body, idempotencyKey: key });
    expect(retry.status).toBe(409);
    expect(retry.body).toMatchObject({ code: 'IDEMPOTENCY_IN_FLIGHT', details: { retryAfterSeconds: 5 } });
    expect(retry.headers.get('retry-after')).toBe('5');
  });
});
