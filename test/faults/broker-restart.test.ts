import { describe, expect, it } from 'vitest';
import { onboardSeller } from '../support/app';
import { contractFetch } from '../support/contract';
import { emitEvent, paidTransaction, type WebhookTestApp } from '../webhooks/support/app';
import { eventually, type Receiver } from '../webhooks/support/receiver';
import type { PrivateRabbitMq } from './support/private-rabbitmq';
import { withPrivateBroker } from './support/private-broker-fixture';
import { rest } from '../support/rest';
import { sqlOf } from '../support/platform';

/** The broker stops (and later restarts) while events keep coming: nothing lost, health tells the truth. */
const BEFORE = 30;
const DURING = 30;

let broker: PrivateRabbitMq;
let receiver: Receiver;
let app: WebhookTestApp;

withPrivateBroker('broker-restart', { WEBHOOK_RESCUE_AFTER_MS: '2000', WEBHOOK_SWEEP_MS: '500' }, (f) => {
  ({ broker, receiver, app } = f);
});

const health = async (path: string) => {
  const res = await contractFetch(`${app.url}${path}`);
  return { status: res.status, body: (await res.json()) as { checks: Record<string, string> } };
};

describe('broker stopped and restarted', () => {
  it('health names the broker while it is down; every event is delivered once it is back', async () => {
    // The service listens before its broker connection is up: healthy once it is.
    const up = await eventually(() => health('/health'), (h) => h.status === 200, 30_000, 'broker connected');
    expect(up).toMatchObject({ status: 200, body: { checks: { database: 'ok', broker: 'ok' } } });
    const seller = await onboardSeller(app);
    const reg = await rest(app, 'POST', '/v1/webhooks', { key: seller.apiKey, body: { eventType: 'ALL', url: receiver.url('/restart') } });
    expect(reg.status).toBe(201);
    const ids: string[] = [];
    for (let i = 0; i < BEFORE; i++) ids.push(await emitEvent(app, { sellerId: seller.sellerId, payload: paidTransaction(`tx_br_${i}`) }));
    await receiver.waitFor(() => receiver.on('/restart').length >= 5, 15_000, 'deliveries under way');

    await broker.stop();
    for (let i = 0; i < DURING; i++) ids.push(await emitEvent(app, { sellerId: seller.sellerId, payload: paidTransaction(`tx_br_d${i}`) }));
    const down = await eventually(() => health('/health'), (h) => h.status === 503, 15_000, '/health 503');
    expect(down.body.checks).toMatchObject({ database: 'ok', broker: 'error' });
    expect(await health('/health/ready')).toMatchObject({ status: 503, body: { checks: { broker: 'error' } } });
    expect((await health('/health/live')).status).toBe(200);

    await broker.restart();
    await eventually(() => health('/health/ready'), (h) => h.status === 200, 30_000, 'ready again');
    const delivered = await eventually(
      () => sqlOf(app).query<{ event_id: string }>(`select event_id from webhook_deliveries where seller_id = ? and status = 'DELIVERED'`, [seller.sellerId]),
      (rs) => rs.length === ids.length,
      60_000,
      'every event delivered',
    );
    const received = receiver.on('/restart').map((r) => String(r.headers['x-webhook-id']));
    const lost = ids.filter((id) => !received.includes(id));
    const duplicated = received.length - new Set(received).size;
    console.log(`fault broker-restart: expected ${ids.length}, delivered ${delivered.length}, duplicated ${duplicated}, lost ${lost.length}`);
    expect(lost).toEqual([]);
    expect(new Set(delivered.map((r) => r.event_id))).toEqual(new Set(ids));
  }, 150_000);
});
