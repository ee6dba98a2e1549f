import { randomUUID } from 'node:crypto';
import { Connection } from 'rabbitmq-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApplication, type RunningApp } from '../../src/app/application';
import { loadConfig } from '../../src/app/config';
import { deleteTopology } from '../../src/infra/amqp/topology';
import { createLogger } from '../../src/infra/log/logger';
import { onboardSeller, startTestApp, type TestApp } from '../support/app';
import { rest } from '../support/rest';
import { collect, wsClient } from '../support/subscriptions';
import { TEST_AMQP_URL, uniquePrefix } from '../webhooks/support/app';

// Two api processes' worth of the service on one database and one broker, as a
// load balancer would spread a seller's calls: a dashboard subscribed on one instance
// must see what happens through the other.
const prefix = uniquePrefix('two-api');
let a: TestApp;
let b: RunningApp;

beforeAll(async () => {
  a = await startTestApp({ ROLE: 'api', AMQP_URL: TEST_AMQP_URL, AMQP_PREFIX: prefix });
  b = await startApplication(
    loadConfig({ MODE: 'sandbox', PORT: '0', LOG_LEVEL: 'silent', ROLE: 'api', DATABASE_URL: a.databaseUrl, AMQP_URL: TEST_AMQP_URL, AMQP_PREFIX: prefix }),
    { clock: a.clock, logger: createLogger('silent') },
  );
});
afterAll(async () => {
  await b?.stop();
  await a?.close();
  const conn = new Connection(TEST_AMQP_URL);
  await deleteTopology(conn, prefix);
  await conn.close();
});

describe('two api instances', () => {
  it('a subscriber on one instance receives the status changes committed through the other, for its seller only', async () => {
    const s = await onboardSeller(a);
    const other = await onboardSeller(a);
    const mine = wsClient(a, s.apiKey);
    const theirs = wsClient(a, other.apiKey);
    try {
      const updates = collect(mine, 'subscription { transactionUpdated { id status } }');
      const spy = collect(theirs, 'subscription { transactionUpdated { id status } }');
      await Promise.all([mine.connected, theirs.connected]);
      // Subscriptions register asynchronously after the ack: a probe through A confirms this one listens.
      const probe = await rest(a, 'POST', '/api/v1/cobranca/transactions', { key: s.apiKey, idempotencyKey: randomUUID(), body: { amount: 500 } });
      await a.services.transactionReports.apply({ reportId: `probe-${probe.body.data.id}`, transactionId: probe.body.data.id, status: 'CREATED' });
      await updates.next((v) => v.transactionUpdated.id === probe.body.data.id);

      const created = await rest(b, 'POST', '/api/v1/cobranca/transactions', { key: s.apiKey, idempotencyKey: randomUUID(), body: { amount: 1_234 } });
      expect(created.status).toBe(201);
      const id = created.body.data.id as string;
      const paid = await rest(b, 'POST', `/v1/sandbox/transactions/${id}/pay`, { key: s.apiKey });
      expect(paid.status).toBe(200);
      const seen = await updates.next((v) => v.transactionUpdated.id === id && v.transactionUpdated.status === 'PAID');
      expect(seen.transactionUpdated).toEqual({ id, status: 'PAID' });
      expect(spy.received).toEqual([]);
      // And the same charge read through A is the one B created and paid.
      const read = await rest(a, 'GET', `/api/v1/cobranca/transactions/${id}`, { key: s.apiKey });
      expect(read.body.data).toMatchObject({ id, status: 'PAID', amount: 1_234 });
    } finally {
      await mine.dispose();
      await theirs.dispose();
    }
  });
});
