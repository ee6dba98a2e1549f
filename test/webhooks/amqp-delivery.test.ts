import { planFanOut } from '../../src/domain/webhooks/fan-out';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { onboardSeller } from '../support/app';
import { emitEvent, paidTransaction, startWebhookApp, watchAmqpDeliveries, type WebhookTestApp } from './support/app';
import { eventually, independentVerify, Receiver } from './support/receiver';
import { rest } from '../support/rest';
import { platformOf, sqlOf } from '../support/platform';

let receiver: Receiver;
let app: WebhookTestApp;
/** Each test has its own seller, so its registrations see only its own events. */
let seller: Awaited<ReturnType<typeof onboardSeller>>;

beforeAll(async () => {
  receiver = await Receiver.start();
  app = await startWebhookApp(receiver, { amqp: true, name: 'delivery', env: { WEBHOOK_TIMEOUT_MS: '1000' } });
});
beforeEach(async () => {
  seller = await onboardSeller(app);
});
afterAll(async () => {
  await app?.close();
  await receiver?.stop();
});

async function register(path: string, eventType = 'ALL') {
  const res = await rest(app, 'POST', '/v1/webhooks', { key: seller.apiKey, body: { eventType, url: receiver.url(path) } });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; secret: string };
}

const deliveriesOf = (eventId: string) =>
  rest(app, 'GET', `/v1/webhooks/deliveries?eventId=${eventId}`, { key: seller.apiKey }).then((r) => r.body.data.items as any[]);

describe('webhook delivery over RabbitMQ', () => {
  it('delivers first time: signed per SPEC (checked independently), masked, X-Webhook-Id = event id', async () => {
    const hook = await register('/first');
    const eventId = await emitEvent(app, { sellerId: seller.sellerId, payload: paidTransaction('tx_first') });
    await receiver.waitFor(() => receiver.on('/first').length === 1);
    const [req] = receiver.on('/first');
    const ts = String(req!.headers['x-webhook-timestamp']);
    expect(req!.headers['x-webhook-id']).toBe(eventId);
    expect(req!.headers['content-type']).toMatch(/^application\/json/);
    expect(independentVerify(req!.rawBody, ts, hook.secret)).toBe(true);
    expect(Math.abs(Number(ts) * 1000 - app.clock.now().getTime())).toBeLessThan(5_000);
    const body = JSON.parse(req!.rawBody);
    expect(body).toMatchObject({
      id: 'tx_first',
      amount: 1050,
      status: 'PAID',
      eventType: 'TRANSACTION_PAID',
      version: '1',
      customer: { name: 'M*** ***', email: 'm***@example.com', document: '*********25', phone: '*********4321' },
      metadata: { order: 'A-1', buyerCpf: '*********25' },
      description: 'Pedido 42 — São Paulo/SP',
    });
    expect(Object.keys(body).slice(-3)).toEqual(['version', 'expires_at', 'signature']);
    expect(req!.rawBody).not.toContain('Maria');
    expect(req!.rawBody).not.toContain('52998224725');
    const [d] = await eventually(() => deliveriesOf(eventId), (ds) => ds[0]?.status === 'DELIVERED', 10_000, 'delivered');
    expect(d).toMatchObject({ attempts: 1, webhookId: hook.id, target: 'ENDPOINT' });
    expect(new Date(body.expires_at).getTime()).toBe(new Date(d.expiresAt).getTime());
    const attempts = await rest(app, 'GET', `/v1/webhooks/events/${eventId}/attempts`, { key: seller.apiKey });
    expect(attempts.body.data.items).toEqual([expect.objectContaining({ success: true, statusCode: 200, responseExcerpt: 'ok', number: 1 })]);
  });

  it('500 twice then 200: three attempts, growing backoff, same X-Webhook-Id, each re-signed', async () => {
    const hook = await register('/flaky');
    receiver.script('/flaky', (_r, n) => ({ status: n <= 2 ? 500 : 200, body: n <= 2 ? 'boom' : 'ok' }));
    const eventId = await emitEvent(app, { sellerId: seller.sellerId, payload: paidTransaction('tx_flaky') });
    await receiver.waitFor(() => receiver.on('/flaky').length === 3, 20_000);
    const reqs = receiver.on('/flaky');
    expect(new Set(reqs.map((r) => r.headers['x-webhook-id']))).toEqual(new Set([eventId]));
    for (const r of reqs) expect(independentVerify(r.rawBody, String(r.headers['x-webhook-timestamp']), hook.secret)).toBe(true);
    const gap1 = reqs[1]!.at - reqs[0]!.at;
    const gap2 = reqs[2]!.at - reqs[1]!.at;
    // Policy: first retry in [0.5 s, 1 s], second in [1 s, 2 s] (tiers are 100 ms apart).
    expect(gap1).toBeGreaterThanOrEqual(400);
    expect(gap2).toBeGreaterThanOrEqual(900);
    expect(gap2).toBeGreaterThan(gap1 - 150);
    const [d] = await eventually(() => deliveriesOf(eventId), (ds) => ds[0]?.status === 'DELIVERED', 10_000, 'delivered');
    expect(d.attempts).toBe(3);
    const log = await rest(app, 'GET', `/v1/webhooks/deliveries/${d.id}`, { key: seller.apiKey });
    expect(log.body.data.attemptLog.map((a: any) => [a.number, a.statusCode, a.success, a.error])).toEqual([
      [1, 500, false, 'HTTP_500'],
      [2, 500, false, 'HTTP_500'],
      [3, 200, true, null],
    ]);
    expect(log.body.data.attemptLog[0].responseExcerpt).toBe('boom');
  });

  it('a receiver slower than the timeout is a failed attempt, retried', async () => {
    await register('/slow');
    receiver.script('/slow', (_r, n) => ({ status: 200, delayMs: n === 1 ? 1_500 : 0 }));
    const eventId = await emitEvent(app, { sellerId: seller.sellerId, payload: paidTransaction('tx_slow') });
    const [d] = await eventually(() => deliveriesOf(eventId), (ds) => ds[0]?.status === 'DELIVERED', 15_000, 'delivered after timeout');
    expect(d.attempts).toBe(2);
    const log = await rest(app, 'GET', `/v1/webhooks/deliveries/${d.id}`, { key: seller.apiKey });
    expect(log.body.data.attemptLog[0]).toMatchObject({ success: false, statusCode: null, error: 'TIMEOUT' });
    expect(log.body.data.attemptLog[0].latencyMs).toBeGreaterThanOrEqual(900);
  });

  it('receiver down for a whole cycle, back later: the next cycle (durable job, clock moved) delivers', async () => {
    await register('/down');
    let up = false;
    receiver.script('/down', () => ({ status: up ? 200 : 503 }));
    const eventId = await emitEvent(app, { sellerId: seller.sellerId, payload: paidTransaction('tx_down') });
    const [waiting] = await eventually(() => deliveriesOf(eventId), (ds) => ds[0]?.cycle === 2, 20_000, 'cycle 1 exhausted');
    expect(waiting).toMatchObject({ status: 'PENDING', attempts: 3 });
    expect(receiver.on('/down')).toHaveLength(3);
    // The record of the cycle's last failure wrote a durable job due in 5 minutes (SPEC: new cycles over hours).
    const nextAt = new Date(waiting.nextAttemptAt).getTime() - app.clock.now().getTime();
    expect(nextAt).toBeGreaterThan(4 * 60_000);
    const { sql, jobs } = platformOf(app);
    await eventually(() => sql.query(`select 1 from jobs where kind = 'webhooks.next-cycle' and key like ?`, [`%${waiting.id}%`]), (r) => r.length === 1, 10_000, 'job');
    up = true;
    app.clock.advance(5 * 60_000 + 1_000);
    await jobs.runDue();
    const [d] = await eventually(() => deliveriesOf(eventId), (ds) => ds[0]?.status === 'DELIVERED', 10_000, 'delivered in cycle 2');
    expect(d).toMatchObject({ attempts: 4, cycle: 2 });
    expect(new Set(receiver.on('/down').map((r) => r.headers['x-webhook-id']))).toEqual(new Set([eventId]));
  });

  it('broker connection dropped mid-delivery: nothing lost, at most a duplicate with the same X-Webhook-Id', async () => {
    await register('/drop');
    receiver.script('/drop', (_r, n) => ({ status: 200, delayMs: n === 1 ? 600 : 0 }));
    const eventId = await emitEvent(app, { sellerId: seller.sellerId, payload: paidTransaction('tx_drop') });
    await receiver.waitFor(() => receiver.on('/drop').length >= 1);
    // The consumer is mid-POST: kill the broker connection under it (unacked message goes back to the queue).
    (app.services.webhookRuntime.amqpConnection as unknown as { _socket: { destroy(): void } })._socket.destroy();
    const [d] = await eventually(() => deliveriesOf(eventId), (ds) => ds[0]?.status === 'DELIVERED', 20_000, 'delivered after drop');
    expect(d.status).toBe('DELIVERED');
    const got = receiver.on('/drop');
    expect(got.length).toBeGreaterThanOrEqual(1);
    expect(got.length).toBeLessThanOrEqual(2);
    expect(new Set(got.map((r) => r.headers['x-webhook-id']))).toEqual(new Set([eventId]));
  });

  it('a worker that claimed a delivery and died: its lease runs out and another worker delivers', async () => {
    await register('/orphan');
    const sql = sqlOf(app);
    const eventId = await emitEvent(app, { sellerId: seller.sellerId, payload: paidTransaction('tx_orphan') });
    const [d] = await eventually(() => deliveriesOf(eventId), (ds) => ds[0]?.status === 'DELIVERED', 10_000, 'delivered');
    // Put it back as if a worker had claimed attempt 2 and died (lease held, nothing recorded),
    // and let its message come round again.
    await sql.query(`update webhook_deliveries set status = 'PENDING', attempts = 1, lease_until = ? where id = ?`, [new Date(app.clock.now().getTime() + 60_000), d.id]);
    const handled = watchAmqpDeliveries(app);
    try {
      await app.services.webhookRuntime.amqpQueue!.enqueue([{ id: d.id, attempts: 1 }]);
      // The message came round and a worker found the lease held: it left the delivery alone (re-checked every <= 2 s).
      await eventually(() => handled.outcomes(d.id), (o) => o.includes('LEASED'), 10_000, 'the message seen under the lease');
    } finally {
      handled.restore();
    }
    expect(receiver.on('/orphan')).toHaveLength(1);
    app.clock.advance(61_000);
    await receiver.waitFor(() => receiver.on('/orphan').length === 2, 10_000, 'taken over after the lease');
    expect(receiver.on('/orphan')[1]!.headers['x-webhook-id']).toBe(eventId);
    await eventually(() => deliveriesOf(eventId), (ds) => ds[0]?.status === 'DELIVERED' && ds[0]?.attempts === 2, 10_000, 'recorded');
  });

  it('a delivery saved but whose message was lost (crash before the hand-off) is re-enqueued by the sweeper', async () => {
    await register('/lost');
    const { deliveries, sweeper } = app.services.webhookRuntime;
    const now = app.clock.now();
    // What the relay's transaction commits, without the hand-off that follows it.
    const event = { eventId: 'evt_lost_1', eventType: 'TRANSACTION_PAID', sellerId: seller.sellerId, aggregateType: 'TRANSACTION' as const, aggregateId: 'tx_lost', payload: paidTransaction('tx_lost'), occurredAt: now };
    const planned = planFanOut(event, await deliveries.endpointsOf([seller.sellerId]), { trigger: 'EVENT' });
    const [created] = await deliveries.save(planned, { now, expiresAt: new Date(now.getTime() + 86_400_000) });
    expect(created).toBeDefined();
    await sweeper.sweep();
    expect(receiver.on('/lost')).toHaveLength(0); // not overdue yet: its message may still be on its way
    app.clock.advance(5 * 60_000 + 1_000);
    expect((await sweeper.sweep()).rescued).toBeGreaterThanOrEqual(1);
    await receiver.waitFor(() => receiver.on('/lost').length === 1, 10_000, 'rescued delivery');
    expect(receiver.on('/lost')[0]!.headers['x-webhook-id']).toBe('evt_lost_1');
  });

  it('deliveries handed over together go in one batch message: each attempted once, a repeated or failed batch changes nothing', async () => {
    await register('/batch');
    const { deliveries, amqpQueue } = app.services.webhookRuntime;
    const now = app.clock.now();
    const endpoints = await deliveries.endpointsOf([seller.sellerId]);
    const events = Array.from({ length: 5 }, (_, i) => ({
      eventId: `evt_batch_${i}_${seller.sellerId}`, eventType: 'TRANSACTION_PAID', sellerId: seller.sellerId, aggregateType: 'TRANSACTION' as const,
      aggregateId: `tx_batch_${i}`, payload: paidTransaction(`tx_batch_${i}`), occurredAt: now,
    }));
    const created = await deliveries.save(events.flatMap((e) => planFanOut(e, endpoints, { trigger: 'EVENT' })), { now, expiresAt: new Date(now.getTime() + 86_400_000) });
    expect(created).toHaveLength(5);
    const publisher = (amqpQueue as unknown as { publisher: { send(...a: unknown[]): Promise<void> } }).publisher;
    const published = vi.spyOn(publisher, 'send');
    const handled = watchAmqpDeliveries(app);
    const processor = (app.services.webhookRuntime.amqpWorkers as unknown as { deps: { processor: { handleMessage(...a: unknown[]): Promise<unknown> } } }).deps.processor;
    // The first delivery handled fails as if the database were down: the whole message comes back after a pause.
    const failing = vi.spyOn(processor, 'handleMessage').mockRejectedValueOnce(new Error('connection terminated'));
    try {
      await amqpQueue!.enqueue(created);
      expect(published).toHaveBeenCalledTimes(1);
      await receiver.waitFor(() => receiver.on('/batch').length === 5, 15_000, 'the batch delivered');
      // Once the failed message came back, the deliveries it had already made are fenced (stale), not made again.
      await eventually(() => Promise.all(created.map((c) => handled.outcomes(c.id))), (o) => o.flat().filter((a) => a === 'DONE').length === 5 && o.flat().filter((a) => a === 'STALE').length === 4, 15_000, 'the repeat fenced');
      // The same batch again (a message repeated by the broker): nothing is sent twice.
      await amqpQueue!.enqueue(created);
      await eventually(() => Promise.all(created.map((c) => handled.outcomes(c.id))), (o) => o.flat().filter((a) => a === 'STALE').length === 4 + 5, 15_000, 'the repeated batch seen');
    } finally {
      failing.mockRestore();
      published.mockRestore();
      handled.restore();
    }
    const got = receiver.on('/batch').map((r) => String(r.headers['x-webhook-id']));
    expect(got.sort()).toEqual(events.map((e) => e.eventId).sort());
    for (const c of created) {
      const [row] = await sqlOf(app).query<{ status: string; attempts: number }>(`select status, attempts from webhook_deliveries where id = ?`, [c.id]);
      expect(row).toEqual({ status: 'DELIVERED', attempts: 1 });
    }
  });

  it('1,000 events with the broker connection dropped in the middle: all delivered', async () => {
    await register('/bulk', 'WITHDRAWAL');
    const ids: string[] = [];
    const emitBatch = async (from: number, to: number) => {
      for (let i = from; i < to; i += 50) {
        ids.push(
          ...(await Promise.all(
            Array.from({ length: Math.min(50, to - i) }, (_, k) =>
              emitEvent(app, { sellerId: seller.sellerId, eventType: 'WITHDRAWAL_PAID', aggregateType: 'WITHDRAWAL', payload: { id: `wd_${i + k}`, amount: 500, pixKey: 'ana@example.com', pixKeyType: 'EMAIL' } }),
            ),
          )),
        );
      }
    };
    await emitBatch(0, 500);
    await receiver.waitFor(() => receiver.on('/bulk').length >= 100, 30_000, 'first deliveries');
    (app.services.webhookRuntime.amqpConnection as unknown as { _socket: { destroy(): void } })._socket.destroy();
    await emitBatch(500, 1_000);
    await receiver.waitFor(() => new Set(receiver.on('/bulk').map((r) => r.headers['x-webhook-id'])).size === 1_000, 60_000, '1000 distinct events');
    const received = new Set(receiver.on('/bulk').map((r) => String(r.headers['x-webhook-id'])));
    expect([...received].sort()).toEqual([...ids].sort());
    const sql = sqlOf(app);
    const rows = await eventually(
      () => sql.query<{ status: string; n: string }>(`select status, count(*) as n from webhook_deliveries where url like '%/bulk' group by status`),
      (r) => r.length === 1 && r[0]!.status === 'DELIVERED',
      20_000,
      'all delivered',
    );
    expect(Number(rows[0]!.n)).toBe(1_000);
    const unpublished = await sql.query(`select 1 from outbox where published_at is null`);
    expect(unpublished).toHaveLength(0);
  }, 120_000);
});
