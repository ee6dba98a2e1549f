import { describe, expect, it } from 'vitest';
import { onboardSeller } from '../support/app';
import { contractFetch } from '../support/contract';
import { eventually } from '../webhooks/support/receiver';
import { processesFixture } from './support/processes-fixture';

/** kill -9 one of two workers while webhook deliveries are in flight. */
const CHARGES = 40;

const f = processesFixture('kill-worker');

describe('kill -9 of a worker during webhook deliveries', () => {
  it('the other worker delivers everything: nothing lost, duplicates only with the same X-Webhook-Id', async () => {
    const { receiver, pg } = f;
    // A message the dead worker had already taken from the queue comes back through the
    // sweeper's rescue (overdue and held by no worker): short here, so it shows within the bound.
    const env = { WEBHOOK_TIMEOUT_MS: '2000', WEBHOOK_RESCUE_AFTER_MS: '2000', WEBHOOK_SWEEP_MS: '500' };
    const api = await f.start('api', { ...env, ROLE: 'api' });
    const workers = [await f.start('worker-1', { ...env, ROLE: 'worker' }), await f.start('worker-2', { ...env, ROLE: 'worker' })];
    const seller = await onboardSeller(api);
    const headers = { 'x-api-key': seller.apiKey, 'content-type': 'application/json' };
    const reg = await contractFetch(`${api.url}/v1/webhooks`, { method: 'POST', headers, body: JSON.stringify({ eventType: 'ALL', url: receiver.url('/kill') }) });
    expect(reg.status).toBe(201);
    receiver.script('/kill', () => ({ status: 200, delayMs: 150 }));

    for (let i = 0; i < CHARGES; i++) {
      const res = await contractFetch(`${api.url}/api/v1/cobranca/transactions`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': `kw-${i}` },
        body: JSON.stringify({ amount: 1000 + i }),
      });
      const id = ((await res.json()) as { data: { id: string } }).data.id;
      expect((await contractFetch(`${api.url}/v1/sandbox/transactions/${id}/pay`, { method: 'POST', headers: { 'x-api-key': seller.apiKey } })).status).toBeLessThan(300);
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
    expect((await contractFetch(`${workers[1]!.url}/health/ready`)).status).toBe(200);
  }, 240_000);
});
