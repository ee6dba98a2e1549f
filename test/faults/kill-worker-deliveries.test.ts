import { Connection } from 'rabbitmq-client';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteTopology } from '../../src/infra/amqp/topology';
import { onboardSeller } from '../support/app';
import { createTestDatabase } from '../support/database';
import { TEST_AMQP_URL, uniquePrefix } from '../webhooks/support/app';
import { eventually, Receiver } from '../webhooks/support/receiver';
import { ServiceProcess } from './support/service-process';

/** kill -9 one of two workers while webhook deliveries are in flight. */
const CHARGES = 40;

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let receiver: Receiver;
let pg: Client;
const prefix = uniquePrefix('kill-worker');
const procs: ServiceProcess[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  receiver = await Receiver.start();
  pg = new Client({ connectionString: db.url });
  await pg.connect();
});
afterAll(async () => {
  await Promise.all(procs.map((p) => p.kill()));
  await pg?.end();
  await receiver?.stop();
  await db?.drop();
  const conn = new Connection(TEST_AMQP_URL);
  await deleteTopology(conn, prefix);
  await conn.close();
}, 60_000);

describe('kill -9 of a worker during webhook deliveries', () => {
  it('the other worker delivers everything: nothing lost, duplicates only with the same X-Webhook-Id', async () => {
    const env = {
      DATABASE_URL: db.url,
      AMQP_URL: TEST_AMQP_URL,
      AMQP_PREFIX: prefix,
      WEBHOOK_ALLOW_HOSTS: 'localhost,127.0.0.1',
      WEBHOOK_CA_FILE: receiver.caFile,
      WEBHOOK_POLL_MS: '200',
      WEBHOOK_TIMEOUT_MS: '2000',
    };
    const api = await ServiceProcess.start('api', { ...env, ROLE: 'api' });
    const workers = [await ServiceProcess.start('worker-1', { ...env, ROLE: 'worker' }), await ServiceProcess.start('worker-2', { ...env, ROLE: 'worker' })];
    procs.push(api, ...workers);
    const seller = await onboardSeller(api);
    const headers = { 'x-api-key': seller.apiKey, 'content-type': 'application/json' };
    const reg = await fetch(`${api.url}/v1/webhooks`, { method: 'POST', headers, body: JSON.stringify({ eventType: 'ALL', url: receiver.url('/kill') }) });
    expect(reg.status).toBe(201);
    receiver.script('/kill', () => ({ status: 200, delayMs: 150 }));

    for (let i = 0; i < CHARGES; i++) {
      const res = await fetch(`${api.url}/api/v1/cobranca/transactions`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': `kw-${i}` },
        body: JSON.stringify({ amount: 1000 + i }),
      });
      const id = ((await res.json()) as { data: { id: string } }).data.id;
      expect((await fetch(`${api.url}/v1/sandbox/transactions/${id}/pay`, { method: 'POST', headers: { 'x-api-key': seller.apiKey } })).status).toBeLessThan(300);
    }
    await receiver.waitFor(() => receiver.on('/kill').length >= 10, 30_000, 'deliveries under way');
    await workers[0]!.kill();

    // Deliveries the dead worker had claimed wait for their 60 s lease; everything else goes on at once.
    const state = await eventually(
      async () => {
        const { rows } = await pg.query<{ events: string; unpublished: string; delivered: string; pending: string }>(
          `select (select count(*) from outbox where seller_id = $1) as events,
                  (select count(*) from outbox where seller_id = $1 and published_at is null) as unpublished,
                  (select count(*) from webhook_deliveries where seller_id = $1 and status = 'DELIVERED') as delivered,
                  (select count(*) from webhook_deliveries where seller_id = $1 and status <> 'DELIVERED') as pending`,
          [seller.sellerId],
        );
        return rows[0]!;
      },
      (s) => Number(s.unpublished) === 0 && Number(s.pending) === 0 && Number(s.delivered) === Number(s.events) && Number(s.events) >= CHARGES,
      120_000,
      'every event delivered',
    );
    const { rows: events } = await pg.query<{ event_id: string }>(`select event_id from outbox where seller_id = $1`, [seller.sellerId]);
    const received = receiver.on('/kill').map((r) => String(r.headers['x-webhook-id']));
    const lost = events.filter((e) => !received.includes(e.event_id));
    const duplicated = received.length - new Set(received).size;
    console.log(`fault kill-worker: expected ${events.length}, delivered ${state.delivered}, duplicated ${duplicated}, lost ${lost.length}`);
    expect(lost).toEqual([]);
    expect(new Set(received)).toEqual(new Set(events.map((e) => e.event_id)));
    expect((await fetch(`${workers[1]!.url}/health/ready`)).status).toBe(200);
  }, 240_000);
});
