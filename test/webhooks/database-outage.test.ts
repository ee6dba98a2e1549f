import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardSeller } from '../support/app';
import { takeDatabaseDown } from '../support/database-outage';
import { emitEvent, paidTransaction, startWebhookApp, watchAmqpDeliveries, type WebhookTestApp } from './support/app';
import { eventually, Receiver } from './support/receiver';
import { contractFetch } from '../support/contract';
import { rest } from '../support/rest';

let receiver: Receiver;
let app: WebhookTestApp;

beforeAll(async () => {
  receiver = await Receiver.start();
  app = await startWebhookApp(receiver, { amqp: true, name: 'db-outage' });
});
afterAll(async () => {
  await app?.close();
  await receiver?.stop();
});

const ANSWER_AFTER_MS = 1_500;

describe('webhook attempt answered while the database is down', () => {
  it('is recorded once the database is back, and not made again', async () => {
    const seller = await onboardSeller(app);
    const reg = await rest(app, 'POST', '/v1/webhooks', { key: seller.apiKey, body: { eventType: 'ALL', url: receiver.url('/outage') } });
    expect(reg.status).toBe(201);
    receiver.script('/outage', () => ({ status: 200, delayMs: ANSWER_AFTER_MS }));
    const handled = watchAmqpDeliveries(app);
    const eventId = await emitEvent(app, { sellerId: seller.sellerId, payload: paidTransaction('tx_outage') });
    await receiver.waitFor(() => receiver.on('/outage').length === 1, 15_000, 'attempt in flight');

    // The database goes away while the receiver is still answering, and stays away past the answer.
    const outage = await takeDatabaseDown(app.databaseUrl);
    try {
      await eventually(() => contractFetch(`${app.url}/health/ready`).then((r) => r.status), (s) => s === 503, 10_000, 'not ready');
      // The scenario: the answer arrives during the outage (its record waits for the database).
      await eventually(() => handled.answersReceived(), (n) => n === 1, ANSWER_AFTER_MS + 10_000, 'the answer, during the outage');
    } finally {
      handled.restore();
      await outage.bringBack();
    }

    const [d] = await eventually(
      () => rest(app, 'GET', `/v1/webhooks/deliveries?eventId=${eventId}`, { key: seller.apiKey }).then((r) => (r.body.data?.items ?? []) as any[]),
      (ds) => ds[0]?.status === 'DELIVERED',
      20_000,
      'delivered',
    );
    expect(d.attempts).toBe(1);
    const log = await rest(app, 'GET', `/v1/webhooks/events/${eventId}/attempts`, { key: seller.apiKey });
    expect(log.body.data.items).toEqual([expect.objectContaining({ success: true, statusCode: 200, number: 1 })]);
    expect(receiver.on('/outage')).toHaveLength(1);
  });
});
