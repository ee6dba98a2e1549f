import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardSeller, startTestApp, type TestApp } from '../support/app';
import { contractFetch } from '../support/contract';
import { databaseCalls } from '../support/database-calls';
import { metricSample } from '../support/metrics-text';
import { inTransaction, sqlOf } from '../support/platform';

const TOKEN = 'metrics-token-0123456789';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await app?.close();
});

const scrape = async (a: { url: string } = app, token = TOKEN) => {
  const res = await contractFetch(`${a.url}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};

describe('GET /metrics', () => {
  it('needs the configured bearer token, and does not exist without one', async () => {
    expect((await scrape(app, '')).status).toBe(401);
    expect((await scrape(app, 'wrong-token-0123456789')).status).toBe(401);
    const other = await startTestApp({ ROLE: 'worker' });
    try {
      expect((await scrape(other)).status).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('exposes the documented metrics in Prometheus text, counting what happened, with bounded labels', async () => {
    const seller = await onboardSeller(app);
    const create = (key: string, amount: number) =>
      contractFetch(`${app.url}/api/v1/cobranca/transactions`, {
        method: 'POST',
        headers: { 'x-api-key': seller.apiKey, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ amount }),
      });
    const first = await create('metrics-key-1', 1000);
    expect(first.status).toBe(201);
    const id = ((await first.json()) as { data: { id: string } }).data.id;
    expect((await create('metrics-key-1', 1000)).headers.get('idempotent-replayed')).toBe('true');
    expect((await create('metrics-key-1', 2000)).status).toBe(422);
    const pay = await contractFetch(`${app.url}/v1/sandbox/transactions/${id}/pay`, { method: 'POST', headers: { 'x-api-key': seller.apiKey } });
    expect(pay.status).toBeLessThan(300);
    expect((await contractFetch(`${app.url}/api/v1/cobranca/transactions/${id}`, { headers: { 'x-api-key': seller.apiKey } })).status).toBe(200);

    const m = await scrape();
    expect(m.status).toBe(200);
    expect(m.type).toMatch(/^text\/plain/);
    const t = m.text;
    expect(metricSample(t, 'pixpay_idempotent_requests_total{operation="transactions.create",outcome="created"}')).toBe(1);
    expect(metricSample(t, 'pixpay_idempotent_requests_total{operation="transactions.create",outcome="replayed"}')).toBe(1);
    expect(metricSample(t, 'pixpay_idempotent_requests_total{operation="transactions.create",outcome="conflict"}')).toBe(1);
    expect(metricSample(t, 'pixpay_charges_created_total')).toBe(1);
    expect(metricSample(t, 'pixpay_charges_paid_total')).toBe(1);
    expect(metricSample(t, 'pixpay_charges_expired_total')).toBe(0);
    expect(metricSample(t, 'pixpay_ledger_entries_posted_total{kind="pix_credit"}')).toBe(1);
    expect(metricSample(t, 'pixpay_http_request_duration_seconds_count{method="POST",route="/api/v1/cobranca/transactions",status_class="2xx"}')).toBe(2);
    expect(metricSample(t, 'pixpay_http_request_duration_seconds_count{method="GET",route="/api/v1/cobranca/transactions/:id",status_class="2xx"}')).toBe(1);
    expect(metricSample(t, 'pixpay_http_request_duration_seconds_count{method="POST",route="/graphql",status_class="2xx"}')).toBeGreaterThanOrEqual(4);
    for (const name of [
      'pixpay_withdrawals_total',
      'pixpay_webhook_attempts_total',
      'pixpay_webhook_attempt_duration_seconds',
      'pixpay_webhook_deliveries_finished_total',
    ]) expect(t).toContain(`# TYPE ${name} `);
    for (const sample of [
      'pixpay_outbox_oldest_unpublished_age_seconds',
      'pixpay_outbox_parked_rows',
      'pixpay_webhook_deliveries_waiting{state="due"}',
      'pixpay_jobs_oldest_due_age_seconds',
      'pixpay_db_pool_waiting_requests',
      'pixpay_live_subscriptions',
      'nodejs_eventloop_lag_seconds',
    ]) expect(metricSample(t, sample), sample).toBeGreaterThanOrEqual(0);
    expect(metricSample(t, 'pixpay_db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(0);
    // No id ever becomes a label value.
    expect(t).not.toContain(id);
    expect(t).not.toContain(seller.sellerId);
  });

  it("reads the backlog gauges in one statement per scrape (one pooled connection, not one per gauge)", async () => {
    const parked = async () => metricSample((await scrape()).text, 'pixpay_outbox_parked_rows')!;
    const before = await parked();
    await sqlOf(app).query(
      `insert into outbox (event_id, event_type, seller_id, aggregate_type, aggregate_id, payload, occurred_at, parked_at) values ('metrics-parked-1', 'TRANSACTION_CREATED', 's', 'transaction', 't', '{}', now(), now())`,
    );
    let text = '';
    const calls = await databaseCalls(app.databaseUrl, async () => {
      text = (await scrape()).text;
    });
    expect(metricSample(text, 'pixpay_outbox_parked_rows')).toBe(before + 1);
    for (const state of ['due', 'scheduled', 'in_flight']) expect(metricSample(text, `pixpay_webhook_deliveries_waiting{state="${state}"}`)).toBeGreaterThanOrEqual(0);
    const backlogReads = calls.filter((c) => /\b(outbox|webhook_deliveries)\b/.test(c) && /count\(\*\)/.test(c));
    expect(backlogReads).toHaveLength(1);
    expect(backlogReads[0]).toMatch(/outbox_parked[\s\S]*webhook_deliveries[\s\S]*jobs_age/);
  });

  it('counts every acquire that waited for a pool connection, with the time waited', async () => {
    const small = await startTestApp({ METRICS_TOKEN: TOKEN, ROLE: 'api', DATABASE_POOL_SIZE: '2' });
    try {
      const waits = async () => {
        const text = (await scrape(small)).text;
        return { count: metricSample(text, 'pixpay_db_pool_waits_total')!, seconds: metricSample(text, 'pixpay_db_pool_wait_seconds_total')! };
      };
      const before = await waits();
      expect(before.count).toBeGreaterThanOrEqual(0);
      // Both connections held by open transactions, then three statements that must wait for them.
      let letGo!: () => void;
      const gate = new Promise<void>((resolve) => (letGo = resolve));
      const holding: Promise<void>[] = [];
      const held = Array.from({ length: 2 }, () =>
        new Promise<void>((isHeld) => {
          holding.push(
            inTransaction(small, async (tx) => {
              await sqlOf(small).query('select 1', [], tx);
              isHeld();
              await gate;
            }),
          );
        }),
      );
      await Promise.all(held);
      const waiting = Array.from({ length: 3 }, () => sqlOf(small).query('select 1'));
      letGo();
      await Promise.all([...holding, ...waiting]);
      const after = await waits();
      expect(after.count - before.count).toBeGreaterThanOrEqual(3);
      expect(after.seconds).toBeGreaterThan(before.seconds);
    } finally {
      await small.close();
    }
  });
});
