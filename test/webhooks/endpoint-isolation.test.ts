import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardSeller } from '../support/app';
import { rest } from '../support/rest';
import { emitEvent, paidTransaction, startWebhookApp, type WebhookTestApp } from './support/app';
import { eventually, Receiver } from './support/receiver';

let receiver: Receiver;
let app: WebhookTestApp;

beforeAll(async () => {
  receiver = await Receiver.start();
  // 4 attempts in flight per process: one endpoint may hold 1 of them.
  app = await startWebhookApp(receiver, { amqp: true, name: 'isolation', env: { WEBHOOK_TIMEOUT_MS: '1000', WEBHOOK_CONCURRENCY: '4' } });
});
afterAll(async () => {
  await app?.close();
  await receiver?.stop();
});

const register = async (apiKey: string, path: string, extra: Record<string, unknown> = {}) =>
  (await rest(app, 'POST', '/v1/webhooks', { key: apiKey, body: { eventType: 'ALL', url: receiver.url(path), ...extra } })).body.data as { id: string };

describe('per-endpoint pacing over RabbitMQ', () => {
  it("a hanging receiver never holds back another seller's deliveries", async () => {
    const slow = await onboardSeller(app);
    const fast = await onboardSeller(app);
    receiver.script('/hang', () => ({ status: 200, delayMs: 5_000 })); // never answers within the 1 s timeout
    await register(slow.apiKey, '/hang');
    const fastHook = await register(fast.apiKey, '/fast');
    const slowEvents = await Promise.all(Array.from({ length: 12 }, (_, i) => emitEvent(app, { sellerId: slow.sellerId, payload: paidTransaction(`tx_slow_${i}`) })));
    await receiver.waitFor(() => receiver.on('/hang').length >= 1, 15_000, 'the hanging receiver called');
    const fastEvents = await Promise.all(Array.from({ length: 6 }, (_, i) => emitEvent(app, { sellerId: fast.sellerId, payload: paidTransaction(`tx_fast_${i}`) })));
    await receiver.waitFor(() => fastEvents.every((id) => receiver.on('/fast').some((r) => r.headers['x-webhook-id'] === id)), 30_000, 'every fast delivery');
    // The fast seller was served while the slow one's first attempts were still being made:
    // its 12 deliveries had not all been tried once.
    const triedSlow = new Set(receiver.on('/hang').map((r) => r.headers['x-webhook-id']));
    expect(triedSlow.size).toBeLessThan(slowEvents.length);
    const delivered = await eventually(
      () => rest(app, 'GET', `/v1/webhooks/${fastHook.id}/deliveries`, { key: fast.apiKey }).then((r) => r.body.data.items as any[]),
      (ds) => ds.length === 6 && ds.every((d) => d.status === 'DELIVERED'),
      15_000,
      'fast deliveries recorded',
    );
    expect(delivered.every((d) => d.attempts === 1)).toBe(true);
  }, 90_000);

  it('a rate limit spaces deliveries; a 429 with Retry-After does not spend the attempts of the cycle', async () => {
    const seller = await onboardSeller(app);
    const hook = await register(seller.apiKey, '/paced', { maxDeliveriesPerSecond: 2 });
    const events = await Promise.all(Array.from({ length: 4 }, (_, i) => emitEvent(app, { sellerId: seller.sellerId, payload: paidTransaction(`tx_paced_${i}`) })));
    await receiver.waitFor(() => receiver.on('/paced').length === 4, 30_000, 'the paced deliveries');
    const at = receiver.on('/paced').map((r) => r.at);
    // 2 per second: 4 deliveries span at least 1.5 s minus the broker's timer slack.
    expect(at[3]! - at[0]!).toBeGreaterThanOrEqual(1_300);
    expect(new Set(receiver.on('/paced').map((r) => r.headers['x-webhook-id']))).toEqual(new Set(events));

    // Three 429s with Retry-After: 1, then 200: one delivery, four attempts, still in its first cycle.
    receiver.script('/busy', (_r, n) => (n <= 3 ? { status: 429, headers: { 'retry-after': '1' } } : { status: 200 }));
    const busy = await register(seller.apiKey, '/busy');
    const eventId = await emitEvent(app, { sellerId: seller.sellerId, payload: paidTransaction('tx_busy') });
    const [d] = await eventually(
      () => rest(app, 'GET', `/v1/webhooks/${busy.id}/deliveries`, { key: seller.apiKey }).then((r) => r.body.data.items as any[]),
      (ds) => ds[0]?.status === 'DELIVERED',
      30_000,
      'delivered after the 429s',
    );
    expect(d).toMatchObject({ eventId, attempts: 4, cycle: 1 });
    const gaps = receiver.on('/busy').map((r, i, all) => (i === 0 ? 0 : r.at - all[i - 1]!.at)).slice(1);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(900); // each pause honoured Retry-After (1 s)
  }, 90_000);
});
