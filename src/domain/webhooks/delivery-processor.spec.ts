import { describe, expect, it } from 'vitest';
import { ManualClock } from '../shared/clock';
import { DeliveryProcessor, UNSPENT_ATTEMPTS_MAX } from './delivery-processor';
import { EndpointThrottle } from './endpoint-throttle';
import { verifyWebhook } from './signature';
import type { AttemptRecord, ClaimedDelivery, ClaimResult, DeliveryWorkStore, SendOutcome, WebhookSender } from './webhooks.ports';
import type { SignedRequest } from './webhook-body';

const created = new Date('2026-01-01T00:00:00.000Z');

function setup(outcomes: Partial<SendOutcome>[], d: Partial<ClaimedDelivery> = {}, throttle?: EndpointThrottle, wait?: (ms: number) => Promise<void>) {
  const clock = new ManualClock(created);
  const records: AttemptRecord[] = [];
  const sent: SignedRequest[] = [];
  let fenceOk = true;
  const delivery: ClaimedDelivery = {
    id: 'dlv_1', eventId: 'evt_1', sellerId: 's1', endpointId: 'wh_1', target: 'ENDPOINT', url: 'https://example.com/h',
    payload: { id: 'tx_1', amount: 100, eventType: 'TRANSACTION_PAID' }, attempts: 0, cycle: 1, attemptInCycle: 0,
    expiresAt: new Date(created.getTime() + 86_400_000), secret: 'whsec_x', maxPerSecond: null, ...d,
  };
  const store: DeliveryWorkStore = {
    claim: async (): Promise<ClaimResult> => ({ kind: 'CLAIMED', delivery }),
    claimDue: async () => [delivery],
    record: async (r) => {
      records.push(r);
      return fenceOk;
    },
  };
  const sender: WebhookSender = {
    send: async (_url, req) => {
      sent.push(req);
      clock.advance(120);
      return { latencyMs: 120, ...(outcomes.shift() ?? { statusCode: 200 }) };
    },
  };
  const processor = new DeliveryProcessor({ store, sender, clock, random: () => 0, throttle, ...(wait ? { wait } : {}) });
  return { processor, records, sent, delivery, clock, fence: (ok: boolean) => (fenceOk = ok) };
}

describe('DeliveryProcessor', () => {
  it('a 2xx: signed with a fresh timestamp and X-Webhook-Id, recorded DELIVERED', async () => {
    const { processor, records, sent, delivery } = setup([{ statusCode: 204, responseExcerpt: '' }]);
    expect(await processor.attempt(delivery)).toEqual({ action: 'DONE', status: 'DELIVERED' });
    const req = sent[0]!;
    expect(req.headers['x-webhook-id']).toBe('evt_1');
    expect(req.headers['x-webhook-timestamp']).toBe(String(created.getTime() / 1000));
    expect(verifyWebhook({ rawBody: req.json, timestampHeader: req.headers['x-webhook-timestamp']!, secret: 'whsec_x', now: created }).ok).toBe(true);
    expect(JSON.parse(req.json).expires_at).toBe('2026-01-02T00:00:00.000Z');
    expect(records[0]).toMatchObject({ expectedAttempts: 0, attempt: { success: true, statusCode: 204, cycle: 1, attemptInCycle: 1, latencyMs: 120 }, next: { status: 'DELIVERED' } });
  });

  it('failures: retry in the cycle with the policy delay, then the next cycle', async () => {
    const { processor, records, delivery } = setup([{ statusCode: 500 }, { timedOut: true }, { networkError: true, error: 'ECONNREFUSED' }]);
    expect(await processor.attempt(delivery)).toEqual({ action: 'RETRY_IN_CYCLE', delayMs: 500, attempts: 1 });
    expect(await processor.attempt({ ...delivery, attempts: 1, attemptInCycle: 1 })).toEqual({ action: 'RETRY_IN_CYCLE', delayMs: 2_000, attempts: 2 });
    expect(await processor.attempt({ ...delivery, attempts: 2, attemptInCycle: 2 })).toEqual({ action: 'NEXT_CYCLE', delayMs: 5 * 60_000, attempts: 3 });
    expect(records.map((r) => [r.attempt?.error, r.next.status, r.next.cycle, r.next.attemptInCycle])).toEqual([
      ['HTTP_500', 'PENDING', 1, 1],
      ['TIMEOUT', 'PENDING', 1, 2],
      ['CONNECTION_FAILED', 'PENDING', 2, 0],
    ]);
  });

  it('honours Retry-After within bounds', async () => {
    const { processor, delivery } = setup([{ statusCode: 429, retryAfter: '7' }]);
    expect(await processor.attempt(delivery)).toEqual({ action: 'RETRY_IN_CYCLE', delayMs: 7_000, attempts: 1 });
  });

  it('a paced endpoint: the delivery goes back without an attempt, its attempts unspent', async () => {
    const throttle = new EndpointThrottle(10);
    const { processor, records, sent, delivery } = setup([{ statusCode: 200 }], { maxPerSecond: 4 }, throttle);
    expect(await processor.attempt(delivery)).toEqual({ action: 'DONE', status: 'DELIVERED' });
    const second = { ...delivery, id: 'dlv_2' };
    expect(await processor.attempt(second)).toEqual({ action: 'RETRY_IN_CYCLE', delayMs: 130, attempts: 0 });
    expect(sent).toHaveLength(1);
    expect(records[1]).toMatchObject({ deliveryId: 'dlv_2', expectedAttempts: 0, attempt: null, next: { status: 'PENDING', cycle: 1, attemptInCycle: 0 } });
  });

  it("a quick endpoint's busy slots: the delivery waits in its line and goes when one is released, with a fresh timestamp; no slot in time: back to the queue", async () => {
    const throttle = new EndpointThrottle(1);
    let endWait = () => undefined as void;
    const wait = () => new Promise<void>((resolve) => (endWait = resolve));
    const { processor, records, sent, delivery, clock } = setup([], {}, throttle, wait);
    expect(await processor.attempt(delivery)).toEqual({ action: 'DONE', status: 'DELIVERED' }); // the endpoint is known quick
    const held = throttle.admit('other', 'wh_1', null, clock.now().getTime());
    if (!held.go) throw new Error('expected a slot');
    const waiting = processor.attempt({ ...delivery, id: 'dlv_2' });
    await Promise.resolve();
    clock.advance(30);
    held.release({ at: clock.now().getTime(), latencyMs: 30 });
    expect(await waiting).toEqual({ action: 'DONE', status: 'DELIVERED' });
    expect(sent).toHaveLength(2);
    expect(records[1]!.attempt!.attemptedAt).toEqual(new Date(created.getTime() + 150)); // signed when it left the line
    expect(records.map((r) => [r.deliveryId, r.attempt?.success])).toEqual([['dlv_1', true], ['dlv_2', true]]);

    const again = throttle.admit('other', 'wh_1', null, clock.now().getTime());
    if (!again.go) throw new Error('expected a slot');
    const late = processor.attempt({ ...delivery, id: 'dlv_3' });
    await Promise.resolve();
    endWait(); // no slot came in time
    expect(await late).toEqual({ action: 'RETRY_IN_CYCLE', delayMs: 250, attempts: 0 });
    expect(sent).toHaveLength(2);
    expect(records[2]).toMatchObject({ deliveryId: 'dlv_3', attempt: null });
    again.release({ at: clock.now().getTime(), latencyMs: 5 });
    expect(throttle.admit('next', 'wh_1', null, clock.now().getTime()).go).toBe(true); // the line was left: the slot is free
  });

  it('429 or 503 with Retry-After pauses the endpoint and does not spend an attempt of the cycle, within bounds', async () => {
    const throttle = new EndpointThrottle(10);
    const { processor, records, delivery, clock } = setup([{ statusCode: 503, retryAfter: '120' }], {}, throttle);
    expect(await processor.attempt(delivery)).toEqual({ action: 'RETRY_IN_CYCLE', delayMs: 60_000, attempts: 1 });
    expect(records[0]).toMatchObject({ attempt: { statusCode: 503, success: false }, next: { status: 'PENDING', attemptInCycle: 0, cycle: 1 } });
    // Another delivery to the paused endpoint waits without an attempt.
    expect(await processor.attempt({ ...delivery, id: 'dlv_2' })).toMatchObject({ action: 'RETRY_IN_CYCLE', attempts: 0 });
    clock.advance(60_000);
    // Past the bound of unspent attempts, a 429 counts as the policy says.
    const worn = setup([{ statusCode: 429, retryAfter: '5' }], { attempts: UNSPENT_ATTEMPTS_MAX, attemptInCycle: 1 }, new EndpointThrottle(10));
    expect(await worn.processor.attempt(worn.delivery)).toEqual({ action: 'RETRY_IN_CYCLE', delayMs: 5_000, attempts: UNSPENT_ATTEMPTS_MAX + 1 });
    expect(worn.records[0]!.next.attemptInCycle).toBe(2);
  });

  it('past expires_at: EXPIRED without an attempt; a deleted registration: CANCELED', async () => {
    const late = setup([], { expiresAt: created });
    expect(await late.processor.attempt(late.delivery)).toEqual({ action: 'DONE', status: 'EXPIRED' });
    expect(late.sent).toHaveLength(0);
    expect(late.records[0]).toMatchObject({ attempt: null, next: { status: 'EXPIRED' } });
    const gone = setup([], { secret: null });
    expect(await gone.processor.attempt(gone.delivery)).toEqual({ action: 'DONE', status: 'CANCELED' });
  });

  it('a failure at the last moment expires the delivery', async () => {
    const { processor, delivery } = setup([{ statusCode: 503 }], { expiresAt: new Date(created.getTime() + 200) });
    expect(await processor.attempt(delivery)).toEqual({ action: 'DONE', status: 'EXPIRED' });
  });

  it('a duplicate whose record loses the fence schedules nothing', async () => {
    const { processor, delivery, fence } = setup([{ statusCode: 500 }]);
    fence(false);
    expect(await processor.attempt(delivery)).toEqual({ action: 'FENCED' });
  });
});
