import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApplication } from '../../src/main/start-application';
import { loadConfig } from '../../src/main/config';
import { createLogger } from '../../src/infra/log/logger';
import { onboardSeller } from '../support/app';
import { contractFetch } from '../support/contract';
import { eventually, Receiver } from '../webhooks/support/receiver';
import { PrivatePostgres } from './support/private-postgres';
import { sqlOf } from '../support/platform';

/** PostgreSQL restarts while charges are created and paid and their webhooks delivered. */
const CHARGES = 40;

let cluster: PrivatePostgres;
let receiver: Receiver;
let app: RunningApp;

beforeAll(async () => {
  cluster = await PrivatePostgres.start();
  receiver = await Receiver.start();
  const config = loadConfig({
    MODE: 'sandbox', PORT: '0', LOG_LEVEL: 'silent', DATABASE_URL: cluster.url(), DATABASE_POOL_SIZE: '8', SHUTDOWN_DRAIN_DELAY_MS: '0',
    WEBHOOK_ALLOW_HOSTS: receiver.allowHosts, WEBHOOK_CA_FILE: receiver.caFile, WEBHOOK_POLL_MS: '200',
  });
  app = await startApplication(config, { logger: createLogger('silent') });
}, 120_000);
afterAll(async () => {
  await app?.stop().catch(() => undefined);
  await receiver?.stop();
  cluster?.destroy();
}, 60_000);

type Answer = { status: number; code?: string; id?: string; retryAfter: number };

describe('PostgreSQL restarted under load', () => {
  it('503 with Retry-After while it is down, readiness false; after it, retried creates make one charge per key and every event is delivered', async () => {
    const seller = await onboardSeller(app);
    const headers = { 'x-api-key': seller.apiKey, 'content-type': 'application/json' };
    expect((await contractFetch(`${app.url}/v1/webhooks`, { method: 'POST', headers, body: JSON.stringify({ eventType: 'ALL', url: receiver.url('/pg') }) })).status).toBe(201);

    const create = async (i: number): Promise<Answer> => {
      const res = await contractFetch(`${app.url}/api/v1/cobranca/transactions`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': `pg-${i}` },
        body: JSON.stringify({ amount: 2000 + i }),
      });
      const body = (await res.json()) as { data?: { id: string }; erro?: string; code?: string };
      return { status: res.status, id: body.data?.id, code: body.erro ?? body.code, retryAfter: Number(res.headers.get('retry-after') ?? 0) };
    };
    const pay = (id: string) => contractFetch(`${app.url}/v1/sandbox/transactions/${id}/pay`, { method: 'POST', headers: { 'x-api-key': seller.apiKey } }).then((r) => r.status);

    // Load, with a restart in the middle of it.
    const first: Answer[] = [];
    const readiness: number[] = [];
    let restarted = false;
    for (let i = 0; i < CHARGES; i++) {
      if (i === CHARGES / 2) {
        cluster.stop();
        restarted = true;
        for (let j = 0; j < 3; j++) readiness.push((await contractFetch(`${app.url}/health/ready`)).status);
      }
      first.push(await create(i));
      if (restarted && i === CHARGES / 2 + 4) cluster.start();
    }
    const failed = first.filter((a) => a.status !== 201);
    expect(failed.length).toBeGreaterThan(0);
    for (const a of failed) expect(a).toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE', retryAfter: 5 });
    expect(readiness).toEqual([503, 503, 503]);

    // Afterwards: retry every create (same keys) and pay every charge.
    await eventually(() => contractFetch(`${app.url}/health/ready`).then((r) => r.status), (s) => s === 200, 30_000, 'ready again');
    const ids: string[] = [];
    for (let i = 0; i < CHARGES; i++) {
      const a = await eventually(() => create(i), (r) => r.status === 201, 60_000, `create pg-${i}`);
      if (first[i]!.status === 201) expect(a.id).toBe(first[i]!.id);
      ids.push(a.id!);
      expect(await eventually(() => pay(a.id!), (s) => s < 300, 30_000, `pay ${a.id}`)).toBeLessThan(300);
    }
    expect(new Set(ids).size).toBe(CHARGES);

    const list = await contractFetch(`${app.url}/api/v1/cobranca/transactions?limit=500&status=PAID`, { headers: { 'x-api-key': seller.apiKey } });
    expect(((await list.json()) as { data: { total: number } }).data.total).toBe(CHARGES);
    const sql = sqlOf(app);
    const events = await eventually(
      () => sql.query<{ event_id: string; delivered: boolean }>(
        `select o.event_id, bool_and(d.status = 'DELIVERED') as delivered from outbox o left join webhook_deliveries d on d.event_id = o.event_id
         where o.seller_id = ? group by o.event_id`, [seller.sellerId]),
      (rs) => rs.length >= CHARGES && rs.every((r) => r.delivered),
      60_000,
      'every event delivered',
    );
    const received = receiver.on('/pg').map((r) => String(r.headers['x-webhook-id']));
    const lost = events.filter((e) => !received.includes(e.event_id));
    console.log(`fault postgres-restart: creates refused during the outage ${failed.length}; events expected ${events.length}, delivered ${new Set(received).size}, duplicated ${received.length - new Set(received).size}, lost ${lost.length}`);
    expect(lost).toEqual([]);
  }, 240_000);
});
