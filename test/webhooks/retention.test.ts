import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardSeller } from '../support/app';
import { emitEvent, paidTransaction, startWebhookApp, type WebhookTestApp } from './support/app';
import { eventually, Receiver } from './support/receiver';
import { rest } from '../support/rest';
import { sqlOf } from '../support/platform';

let receiver: Receiver;
let app: WebhookTestApp;

beforeAll(async () => {
  receiver = await Receiver.start();
  app = await startWebhookApp(receiver, { amqp: false, name: 'retention', env: { RETENTION_WEBHOOK_DELIVERIES: '30d', RETENTION_OUTBOX_EVENTS: '30d' } });
});
afterAll(async () => {
  await app?.close();
  await receiver?.stop();
});

const count = async (sql: string, params: unknown[] = []) => Number((await sqlOf(app).one<{ n: string }>(sql, params))!.n);

describe('webhook retention', () => {
  it('deletes finished deliveries and their attempts past the window and superseded events, keeps the rest', async () => {
    const s = await onboardSeller(app);
    await rest(app, 'POST', '/v1/webhooks', { key: s.apiKey, body: { eventType: 'ALL', url: receiver.url('/retention') } });
    const first = await emitEvent(app, { sellerId: s.sellerId, eventType: 'TRANSACTION_WAITING_PAYMENT', payload: paidTransaction('tx_old', { status: 'WAITING_PAYMENT' }) });
    const latest = await emitEvent(app, { sellerId: s.sellerId, payload: paidTransaction('tx_old') });
    const lone = await emitEvent(app, { sellerId: s.sellerId, payload: paidTransaction('tx_lone') });
    await receiver.waitFor(() => receiver.on('/retention').length === 3);
    await eventually(() => count(`select count(*) n from webhook_deliveries where status = 'DELIVERED'`), (n) => n === 3, 5_000, 'three delivered');
    // One old delivery still has work to do: never purged, whatever its age.
    await sqlOf(app).query(`update webhook_deliveries set status = 'PENDING', next_attempt_at = ? where event_id = ?`, [new Date('2100-01-01'), lone]);

    app.clock.advance(31 * 86_400_000);
    const fresh = await emitEvent(app, { sellerId: s.sellerId, payload: paidTransaction('tx_new') });
    await receiver.waitFor(() => receiver.on('/retention').length === 4);
    await eventually(() => count(`select count(*) n from webhook_deliveries where event_id = ? and status = 'DELIVERED'`, [fresh]), (n) => n === 1, 5_000, 'fresh delivered');

    expect((await app.services.retentionPurge.run()).purged).toMatchObject({ webhook_deliveries: 2, webhook_attempts: 2, outbox: 1 });
    const left = await sqlOf(app).query<{ event_id: string }>(`select event_id from webhook_deliveries order by event_id`);
    expect(left.map((r) => r.event_id).sort()).toEqual([lone, fresh].sort());
    expect(await count(`select count(*) n from webhook_attempts where event_id in (?, ?)`, [first, latest])).toBe(0);
    expect(await count(`select count(*) n from webhook_attempts where event_id = ?`, [fresh])).toBe(1);
    const events = await sqlOf(app).query<{ event_id: string }>(`select event_id from outbox`);
    expect(events.map((r) => r.event_id).sort()).toEqual([latest, lone, fresh].sort());

    // The latest event of an old resource is still there to resend.
    const resend = await rest(app, 'POST', '/v1/webhooks/resend-transaction-event', { key: s.apiKey, body: { transactionIds: ['tx_old'] } });
    expect(resend.body.data.results[0]).toMatchObject({ eventId: latest, deliveries: 1 });
    expect((await app.services.retentionPurge.run()).purged).toMatchObject({ webhook_deliveries: 0, webhook_attempts: 0, outbox: 0 });
  });
});
