import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from '../../src/main/start-application';
import { onboardSeller, type TestApp } from '../support/app';
import { rest } from '../support/rest';
import { collect, wsClient } from '../support/subscriptions';
import { startTwoApiInstances } from '../support/two-api-instances';

// Two api processes' worth of the service on one database and one broker, as a
// load balancer would spread a seller's calls: a dashboard subscribed on one instance
// must see what happens through the other.
let instances: Awaited<ReturnType<typeof startTwoApiInstances>>;
let a: TestApp;
let b: RunningApp;

beforeAll(async () => {
  instances = await startTwoApiInstances('two-api');
  ({ a, b } = instances);
});
afterAll(async () => {
  await instances?.close();
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
