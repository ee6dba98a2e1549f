import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { onboardSeller } from '../support/app';
import { contractFetch } from '../support/contract';
import { collect, wsClient } from '../support/subscriptions';
import { eventually } from '../webhooks/support/receiver';
import { processesFixture } from './support/processes-fixture';

/** 2 api + 2 worker processes on one PostgreSQL and one broker prefix, a mixed flow through both api instances. */
const CHARGES = 30;
const REFUND = 150;
const WITHDRAWALS = 6;
const WITHDRAWAL_AMOUNT = 5_000;

const f = processesFixture('scale-out');

describe('scale-out: 2 api + 2 worker processes', () => {
  it('charges paid, refunds, withdrawals, webhooks and subscriptions on both api instances: every event delivered, balances to the cent', async () => {
    const { receiver, pg } = f;
    const apis = [await f.start('api-1', { ROLE: 'api' }), await f.start('api-2', { ROLE: 'api' })];
    await f.start('worker-1', { ROLE: 'worker' });
    await f.start('worker-2', { ROLE: 'worker' });
    const seller = await onboardSeller(apis[0]!);
    const api = (i: number) => apis[i % 2]!.url;
    const headers = { 'x-api-key': seller.apiKey, 'content-type': 'application/json' };
    const post = async (base: string, path: string, body: unknown, key?: string) => {
      const res = await contractFetch(`${base}${path}`, { method: 'POST', headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as { data: any } };
    };
    expect((await post(api(0), '/v1/webhooks', { eventType: 'ALL', url: receiver.url('/scale') })).status).toBe(201);

    // A live subscription on each api instance.
    const subs = await Promise.all(
      apis.map(async (a) => {
        const client = wsClient(a, seller.apiKey);
        await client.connected;
        return { client, sub: collect<{ transactionUpdated: { id: string; status: string } }>(client, 'subscription { transactionUpdated { id status } }') };
      }),
    );

    // Charges created and paid through alternating instances; every other one partly refunded.
    const charges: { id: string; amount: number }[] = [];
    for (let i = 0; i < CHARGES; i++) {
      const amount = 10_000 + i * 100;
      const c = await post(api(i), '/api/v1/cobranca/transactions', { amount }, `so-c-${i}`);
      expect(c.status).toBe(201);
      charges.push({ id: c.body.data.id, amount });
      expect((await post(api(i + 1), `/v1/sandbox/transactions/${c.body.data.id}/pay`, {})).status).toBeLessThan(300);
    }
    for (const [i, c] of charges.entries()) {
      if (i % 2 === 0) expect((await post(api(i), `/api/v1/cobranca/transactions/${c.id}/refund`, { amount: REFUND }, `so-r-${i}`)).status).toBeLessThan(300);
    }
    for (let i = 0; i < WITHDRAWALS; i++) {
      const w = await post(api(i), '/api/v1/cobranca/withdrawals', { amount: WITHDRAWAL_AMOUNT, method: 'PIX', pixKeyType: 'EVP', pixKey: randomUUID(), description: 'scale' }, `so-w-${i}`);
      expect(w.status, JSON.stringify(w.body)).toBe(201);
    }

    // Both instances saw every charge paid, whichever instance paid it.
    for (const { sub } of subs) {
      await eventually(async () => new Set(sub.received.filter((r) => r.transactionUpdated.status !== 'PENDING').map((r) => r.transactionUpdated.id)), (s) => charges.every((c) => s.has(c.id)), 20_000, 'live updates on both instances');
    }

    // Withdrawals settle through the workers' jobs; then every event is delivered.
    await eventually(
      () => contractFetch(`${api(0)}/api/v1/cobranca/withdrawals?status=PAID`, { headers }).then((r) => r.json() as Promise<{ data: { count: number } }>),
      (r) => r.data.count === WITHDRAWALS,
      60_000,
      'withdrawals paid',
    );
    const state = await eventually(
      async () =>
        (await pg.query<{ events: string; undelivered: string }>(
          `select (select count(*) from outbox where seller_id = $1) as events,
                  (select count(*) from outbox o where seller_id = $1 and not exists
                     (select 1 from webhook_deliveries d where d.event_id = o.event_id and d.status = 'DELIVERED')) as undelivered`,
          [seller.sellerId],
        )).rows[0]!,
      (s) => Number(s.undelivered) === 0,
      60_000,
      'every event delivered',
    );
    const { rows: events } = await pg.query<{ event_id: string }>(`select event_id from outbox where seller_id = $1`, [seller.sellerId]);
    const received = receiver.on('/scale').map((r) => String(r.headers['x-webhook-id']));
    const duplicated = received.length - new Set(received).size;
    const lost = events.filter((e) => !received.includes(e.event_id)).length;
    console.log(`scale-out: events expected ${events.length}, delivered ${new Set(received).size}, duplicated ${duplicated}, lost ${lost}`);
    expect(lost).toBe(0);
    expect(new Set(received)).toEqual(new Set(events.map((e) => e.event_id)));
    expect(Number(state.events)).toBe(events.length);

    // Balances to the cent: paid amounts - fees - refunds - withdrawals (their fees are in totalFees).
    const summary = (await (await contractFetch(`${api(1)}/balance-statement/summary`, { headers: { authorization: `Bearer ${seller.apiKey}` } })).json()) as { data: { totalFees: number } };
    const balance = (await (await contractFetch(`${api(0)}/balance-statement`, { headers: { authorization: `Bearer ${seller.apiKey}` } })).json()) as { data: { available: number; total: number } };
    const paid = charges.reduce((s, c) => s + c.amount, 0);
    const refunds = Math.ceil(CHARGES / 2) * REFUND;
    expect(balance.data.available).toBe(paid - summary.data.totalFees - refunds - WITHDRAWALS * WITHDRAWAL_AMOUNT);
    for (const { client } of subs) await client.dispose();
  }, 240_000);
});
