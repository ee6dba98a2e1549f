import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, onboardSeller } from '../support/app';
import { rest } from '../support/rest';
import { emitEvent, paidTransaction, startWebhookApp, type WebhookTestApp } from './support/app';
import { eventually, Receiver } from './support/receiver';

const HOUR = 3_600_000;
let receiver: Receiver;
let app: WebhookTestApp;
const dataDir = mkdtempSync(join(tmpdir(), 'pixpay-endpoint-health-'));

beforeAll(async () => {
  receiver = await Receiver.start();
  // The periodic check is left to the test (it calls check() after moving the clock).
  app = await startWebhookApp(receiver, { amqp: true, name: 'health', env: { WEBHOOK_TIMEOUT_MS: '1000', WEBHOOK_HEALTH_CHECK_MS: '3600000', DATA_DIR: dataDir } });
});
afterAll(async () => {
  await app?.close();
  await receiver?.stop();
});

const mails = () => {
  try {
    return readdirSync(join(dataDir, 'mail')).filter((f) => f.startsWith('webhook-notice-') && f.endsWith('.eml')).map((f) => readFileSync(join(dataDir, 'mail', f), 'utf8'));
  } catch {
    return [];
  }
};

describe('endpoint health over RabbitMQ: failing, disabled, held, recovered', () => {
  it('tells the seller at each step and recovers what a disabled webhook missed', async () => {
    const seller = await onboardSeller(app);
    const key = { key: seller.apiKey };
    const register = async (path: string) => (await rest(app, 'POST', '/v1/webhooks', { ...key, body: { eventType: 'ALL', url: receiver.url(path) } })).body.data as { id: string };
    let downIsDown = true;
    receiver.script('/down', () => ({ status: downIsDown ? 500 : 200 }));
    const down = await register('/down');
    const other = await register('/other');
    const stateOf = async (id: string) => ((await rest(app, 'GET', '/v1/webhooks', key)).body.data as any[]).find((w) => w.id === id);
    expect(await stateOf(down.id)).toMatchObject({ state: 'ACTIVE', stateChangedAt: null, stateReason: null, maxDeliveriesPerSecond: null });

    // Every attempt to /down fails; /other is fine.
    await emitEvent(app, { sellerId: seller.sellerId, payload: paidTransaction('tx_h1') });
    await eventually(() => rest(app, 'GET', `/v1/webhooks/${down.id}/attempts`, key).then((r) => r.body.data.items as any[]), (a) => a.length >= 1, 15_000, 'a failed attempt');
    const health = app.services.webhookHealth;
    expect(await health.check()).toBe(0);

    // 24 h of failures: FAILING, told by e-mail, to the other webhook, in both doors.
    app.clock.advance(24 * HOUR + 60_000);
    expect(await health.check()).toBe(1);
    expect(await stateOf(down.id)).toMatchObject({ state: 'FAILING', stateReason: 'DELIVERIES_FAILING' });
    expect(await stateOf(other.id)).toMatchObject({ state: 'ACTIVE' });
    const seenBy = (path: string, type: string) => receiver.on(path).map((r) => JSON.parse(r.rawBody)).filter((b) => b.eventType === type);
    await receiver.waitFor(() => seenBy('/other', 'WEBHOOK_ENDPOINT_FAILING').length === 1, 15_000, 'the failing event on the other webhook');
    expect(seenBy('/other', 'WEBHOOK_ENDPOINT_FAILING')[0]).toMatchObject({ id: down.id, webhookId: down.id, state: 'FAILING', previousState: 'ACTIVE', reason: 'DELIVERIES_FAILING' });
    expect(seenBy('/down', 'WEBHOOK_ENDPOINT_FAILING')).toEqual([]);
    await eventually(async () => mails(), (m) => m.some((t) => t.includes('Subject: Your PixPay webhook is failing')), 15_000, 'the failing e-mail');
    expect(mails().find((t) => t.includes('is failing'))).toContain(seller.email);
    const viaGraphql = await gql(app, '{ webhooks { id state stateReason stateChangedAt } }', {}, seller.apiKey);
    expect(viaGraphql.data!.webhooks.find((w: any) => w.id === down.id)).toMatchObject({ state: 'FAILING', stateReason: 'DELIVERIES_FAILING' });

    // 5 days: DISABLED; new events for it are HELD, not sent; the other webhook still gets them.
    app.clock.advance(4 * 24 * HOUR);
    expect(await health.check()).toBe(1);
    expect(await stateOf(down.id)).toMatchObject({ state: 'DISABLED', stateReason: 'DELIVERIES_FAILED_TOO_LONG' });
    await receiver.waitFor(() => seenBy('/other', 'WEBHOOK_ENDPOINT_DISABLED').length === 1, 15_000, 'the disabled event');
    await eventually(async () => mails(), (m) => m.some((t) => t.includes('Subject: Your PixPay webhook was disabled')), 15_000, 'the disabled e-mail');
    const disabledAt = app.clock.now();
    const sentToDown = receiver.on('/down').length;
    const missed = await emitEvent(app, { sellerId: seller.sellerId, payload: paidTransaction('tx_h2') });
    await receiver.waitFor(() => receiver.on('/other').some((r) => r.headers['x-webhook-id'] === missed), 15_000, 'the event on the other webhook');
    const held = await eventually(
      () => rest(app, 'GET', `/v1/webhooks/${down.id}/deliveries`, key).then((r) => r.body.data.items as any[]),
      (ds) => ds.some((d) => d.eventId === missed),
      15_000,
      'the held delivery',
    );
    expect(held.find((d) => d.eventId === missed)).toMatchObject({ status: 'HELD', attempts: 0, nextAttemptAt: null });
    expect(await health.check()).toBe(0);
    expect(receiver.on('/down').length).toBe(sentToDown);

    // Enabled again with recoverSince: the held event is sent, same X-Webhook-Id.
    downIsDown = false;
    const enabled = await rest(app, 'POST', `/v1/webhooks/${down.id}/enable`, { ...key, body: { recoverSince: new Date(disabledAt.getTime() - 1000).toISOString() } });
    expect(enabled.status).toBe(200);
    expect(enabled.body.data).toMatchObject({ id: down.id, state: 'ACTIVE', stateReason: 'ENABLED_BY_SELLER', recovered: 1 });
    await receiver.waitFor(() => receiver.on('/down').some((r) => r.headers['x-webhook-id'] === missed), 15_000, 'the recovered event');
    // Old failures no longer count: the next check leaves it active.
    expect(await health.check()).toBe(0);

    const history = (await rest(app, 'GET', `/v1/webhooks/${down.id}/state-changes`, key)).body.data as any[];
    expect(history.map((c) => [c.from, c.to, c.reason])).toEqual([
      ['DISABLED', 'ACTIVE', 'ENABLED_BY_SELLER'],
      ['FAILING', 'DISABLED', 'DELIVERIES_FAILED_TOO_LONG'],
      ['ACTIVE', 'FAILING', 'DELIVERIES_FAILING'],
    ]);
    const gqlHistory = await gql(app, 'query($id:ID!){ webhookStateChanges(webhookId:$id){ to reason } }', { id: down.id }, seller.apiKey);
    expect(gqlHistory.data!.webhookStateChanges.map((c: any) => c.to)).toEqual(['ACTIVE', 'DISABLED', 'FAILING']);

    // Its statistics: failures and the recovered success, latency percentiles, the last error, a bar per day.
    await eventually(() => rest(app, 'GET', `/v1/webhooks/${down.id}/deliveries`, key).then((r) => r.body.data.items as any[]), (ds) => ds.some((d) => d.status === 'DELIVERED'), 15_000, 'the recovery recorded');
    const stats = await gql(
      app,
      'query($id:ID!){ webhookStats(webhookId:$id){ last24h { attempts successes } last7d { attempts successes successRate p50LatencyMs p95LatencyMs } daily { day attempts } lastError { error } } }',
      { id: down.id },
      seller.apiKey,
    );
    const s = stats.data!.webhookStats;
    expect(s.last24h.successes).toBeGreaterThanOrEqual(1);
    expect(s.last7d.attempts).toBeGreaterThan(s.last7d.successes);
    expect(s.last7d.successRate).toBeCloseTo(s.last7d.successes / s.last7d.attempts, 3);
    expect(s.last7d.p95LatencyMs).toBeGreaterThanOrEqual(s.last7d.p50LatencyMs);
    expect(s.daily).toHaveLength(7);
    expect(s.daily.reduce((n: number, d: any) => n + d.attempts, 0)).toBe(s.last7d.attempts);
    expect(s.lastError).toEqual({ error: 'HTTP_500' });
  }, 120_000);

  it('bad input to enable is a 400 in the error format; an unknown webhook a 404', async () => {
    const seller = await onboardSeller(app);
    const hook = (await rest(app, 'POST', '/v1/webhooks', { key: seller.apiKey, body: { eventType: 'ALL', url: receiver.url('/fine') } })).body.data;
    const bad = await rest(app, 'POST', `/v1/webhooks/${hook.id}/enable`, { key: seller.apiKey, body: { recoverSince: 'yesterday' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: false, erro: 'INVALID_DATE', mensagem: expect.any(String) });
    const unknown = await rest(app, 'POST', '/v1/webhooks/wh_nope/enable', { key: seller.apiKey, body: {} });
    expect(unknown.status).toBe(404);
    const rate = await rest(app, 'PATCH', `/v1/webhooks/${hook.id}`, { key: seller.apiKey, body: { maxDeliveriesPerSecond: 0 } });
    expect(rate.status).toBe(400);
    expect(rate.body).toMatchObject({ status: false, erro: 'INVALID_WEBHOOK_RATE' });
    const ok = await rest(app, 'PATCH', `/v1/webhooks/${hook.id}`, { key: seller.apiKey, body: { maxDeliveriesPerSecond: 5 } });
    expect(ok.body.data).toMatchObject({ maxDeliveriesPerSecond: 5, state: 'ACTIVE' });
  });
});
