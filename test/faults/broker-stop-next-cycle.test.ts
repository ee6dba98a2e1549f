import { describe, expect, it } from 'vitest';
import { onboardSeller } from '../support/app';
import { emitEvent, paidTransaction, type WebhookTestApp } from '../webhooks/support/app';
import { eventually, type Receiver } from '../webhooks/support/receiver';
import type { PrivateRabbitMq } from './support/private-rabbitmq';
import { withPrivateBroker } from './support/private-broker-fixture';
import { rest } from '../support/rest';
import { sqlOf } from '../support/platform';

/**
 * The broker stops while the third attempts of a cycle are in flight: the worker can
 * no longer ack, nack or dead-letter their messages. The next cycle must still be
 * scheduled durably, at the documented time (5 min after the failed cycle), and
 * delivered then.
 */
const EVENTS = 20;
const CYCLE_GAP_MS = 5 * 60_000;
const THIRD_ATTEMPT_HOLD_MS = 2_500;

let broker: PrivateRabbitMq;
let receiver: Receiver;
let app: WebhookTestApp;

withPrivateBroker('broker-stop', { WEBHOOK_TIMEOUT_MS: '4000' }, (f) => {
  ({ broker, receiver, app } = f);
});

describe('broker stopped with third attempts in flight', () => {
  it('every delivery has its next cycle scheduled in PostgreSQL at the documented time, and is delivered then', async () => {
    const seller = await onboardSeller(app);
    const reg = await rest(app, 'POST', '/v1/webhooks', { key: seller.apiKey, body: { eventType: 'ALL', url: receiver.url('/cycle') } });
    expect(reg.status).toBe(201);
    let up = false;
    const seen = new Map<string, number>();
    receiver.script('/cycle', (req) => {
      const id = String(req.headers['x-webhook-id']);
      const n = (seen.get(id) ?? 0) + 1;
      seen.set(id, n);
      if (up) return { status: 200 };
      // The third attempt of cycle 1 is held long enough for the broker to go away under it.
      return { status: 503, delayMs: n === 3 ? THIRD_ATTEMPT_HOLD_MS : 0 };
    });

    const eventIds: string[] = [];
    for (let i = 0; i < EVENTS; i++) eventIds.push(await emitEvent(app, { sellerId: seller.sellerId, payload: paidTransaction(`tx_bs_${i}`) }));
    await receiver.waitFor(() => eventIds.every((id) => (seen.get(id) ?? 0) >= 3), 30_000, 'every third attempt in flight');
    await broker.stop('SIGKILL');

    const sql = sqlOf(app);
    type Row = { id: string; event_id: string; status: string; cycle: number; attempts: number; next_attempt_at: Date; last_attempt_at: Date; run_at: Date | null };
    const rows = await eventually(
      () =>
        sql.query<Row>(
          `select d.id, d.event_id, d.status, d.cycle, d.attempts, d.next_attempt_at, d.last_attempt_at, j.run_at
           from webhook_deliveries d left join jobs j on j.kind = 'webhooks.next-cycle' and j.payload->>'d' = d.id
           where d.seller_id = ?`,
          [seller.sellerId],
        ),
      (rs) => rs.length === EVENTS && rs.every((r) => r.attempts === 3),
      15_000,
      'third attempts recorded',
    );
    for (const r of rows) {
      expect(r).toMatchObject({ status: 'PENDING', cycle: 2, attempts: 3 });
      // Scheduled in PostgreSQL, not in the broker: the job is there, due with the delivery.
      expect(r.run_at).not.toBeNull();
      expect(new Date(r.run_at!).getTime()).toBe(new Date(r.next_attempt_at).getTime());
      const gap = new Date(r.next_attempt_at).getTime() - new Date(r.last_attempt_at).getTime();
      expect(gap).toBeGreaterThanOrEqual(CYCLE_GAP_MS);
    }

    // The broker comes back; the unacked third-attempt messages are redelivered and found stale.
    await broker.restart();
    up = true;
    await eventually(async () => app.services.webhookRuntime.amqpConnection!.ready, (ready) => ready, 30_000, 'reconnected');
    expect(eventIds.map((id) => seen.get(id))).toEqual(eventIds.map(() => 3));

    // At the next cycle's time, every delivery is made, once.
    app.clock.advance(CYCLE_GAP_MS + 10_000);
    const delivered = await eventually(
      () => sql.query<{ status: string; attempts: number }>(`select status, attempts from webhook_deliveries where seller_id = ?`, [seller.sellerId]),
      (rs) => rs.every((r) => r.status === 'DELIVERED'),
      30_000,
      'delivered in cycle 2',
    );
    expect(delivered.map((r) => r.attempts)).toEqual(eventIds.map(() => 4));
    expect(eventIds.map((id) => seen.get(id))).toEqual(eventIds.map(() => 4));
  }, 120_000);
});
