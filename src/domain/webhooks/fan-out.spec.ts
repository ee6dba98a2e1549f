import { describe, expect, it } from 'vitest';
import { categoryMatches, categoryOfEvent } from './event-routing';
import { planFanOut } from './fan-out';
import { deliveryBody } from './webhook-body';
import { parseWebhookUrl } from './webhook-url';

const event = (over: Record<string, unknown> = {}) => ({
  eventId: 'evt_1',
  eventType: 'TRANSACTION_PAID',
  sellerId: 's1',
  aggregateType: 'TRANSACTION' as const,
  aggregateId: 'tx_1',
  payload: { id: 'tx_1', amount: 10, customer: { name: 'Ana Lima', email: 'ana@x.com' }, postbackUrl: 'https://shop.example/pb' },
  occurredAt: new Date(0),
  ...over,
});
const now = new Date('2026-01-01T00:00:00Z');

describe('event routing', () => {
  it.each([
    ['TRANSACTION', 'TRANSACTION_PAID', 'TRANSACTION'],
    ['WITHDRAWAL', 'WITHDRAWAL_FAILED', 'WITHDRAWAL'],
    ['DISPUTE', 'DISPUTE_CREATED', 'DISPUTE'],
    ['TRANSACTION', 'MED_DISPUTE_CREATED', 'DISPUTE'],
    ['DISPUTE', 'MED_DISPUTE_REFUND_COMPLETED', 'DISPUTE'],
  ])('%s %s -> %s', (agg, type, cat) => expect(categoryOfEvent(agg, type)).toBe(cat));

  it('ALL matches everything, a category only itself', () => {
    expect(categoryMatches('ALL', 'WITHDRAWAL')).toBe(true);
    expect(categoryMatches('TRANSACTION', 'WITHDRAWAL')).toBe(false);
    expect(categoryMatches('ALL', null)).toBe(false);
  });
});

describe('planFanOut', () => {
  const endpoint = (id: string, category: 'TRANSACTION' | 'WITHDRAWAL' | 'DISPUTE' | 'ALL', sellerId = 's1', state: 'ACTIVE' | 'FAILING' | 'DISABLED' = 'ACTIVE') =>
    ({ id, sellerId, category, url: `https://${id}.example/hook`, state });
  const endpoints = [endpoint('wh_tx', 'TRANSACTION'), endpoint('wh_all', 'ALL'), endpoint('wh_wd', 'WITHDRAWAL'), endpoint('wh_other', 'ALL', 's2')];

  it("decides the targets: the seller's registrations whose category matches, and the postback", () => {
    const planned = planFanOut(event(), endpoints, { trigger: 'EVENT' });
    expect(planned.map((p) => [p.target, p.endpointId, p.url, p.status, p.dedupeKey])).toEqual([
      ['ENDPOINT', 'wh_tx', 'https://wh_tx.example/hook', 'PENDING', 'evt_1:wh_tx'],
      ['ENDPOINT', 'wh_all', 'https://wh_all.example/hook', 'PENDING', 'evt_1:wh_all'],
      ['POSTBACK', null, 'https://shop.example/pb', 'PENDING', 'evt_1:postback'],
    ]);
    const withdrawal = planFanOut(event({ aggregateType: 'WITHDRAWAL', eventType: 'WITHDRAWAL_PAID' }), endpoints, { trigger: 'EVENT' });
    expect(withdrawal.map((p) => p.endpointId)).toEqual(['wh_all', 'wh_wd']);
  });

  it('masks once, appends eventType; dedupe keys differ for manual resends', () => {
    const [first, second] = planFanOut(event(), endpoints, { trigger: 'EVENT' });
    expect(first!.body).toEqual({ id: 'tx_1', amount: 10, customer: { name: 'A*** ***', email: 'a***@x.com' }, postbackUrl: 'https://shop.example/pb', eventType: 'TRANSACTION_PAID' });
    expect(second!.body).toBe(first!.body);
    expect(planFanOut(event(), endpoints, { trigger: 'MANUAL', nonce: 'n1' }).map((p) => p.dedupeKey)).toEqual(['evt_1:resend:n1:wh_tx', 'evt_1:resend:n1:wh_all', 'evt_1:resend:n1:postback']);
  });

  it('an http postbackUrl becomes a FAILED delivery; withdrawals have no postback; the test event goes to no registration', () => {
    const [failed] = planFanOut(event({ payload: { id: 'tx', postbackUrl: 'http://x.example' } }), [], { trigger: 'EVENT' });
    expect(failed).toMatchObject({ target: 'POSTBACK', url: 'http://x.example', status: 'FAILED', lastError: 'WEBHOOK_URL_NOT_HTTPS' });
    expect(planFanOut(event({ aggregateType: 'WITHDRAWAL', eventType: 'WITHDRAWAL_PAID' }), [], { trigger: 'EVENT' })).toEqual([]);
    expect(planFanOut(event({ aggregateType: 'DISPUTE', eventType: 'WEBHOOK_TEST' }), endpoints, { trigger: 'EVENT' })).toEqual([]);
  });

  it("a disabled registration's delivery is saved HELD (kept, not sent); a failing one still gets it", () => {
    const planned = planFanOut(event(), [endpoint('wh_off', 'ALL', 's1', 'DISABLED'), endpoint('wh_sick', 'ALL', 's1', 'FAILING')], { trigger: 'EVENT' });
    expect(planned.map((p) => [p.endpointId, p.status])).toEqual([['wh_off', 'HELD'], ['wh_sick', 'PENDING'], [null, 'PENDING']]);
  });

  it("a registration's state event goes to the seller's other registrations, whatever their category", () => {
    const stateEvent = event({ aggregateType: 'WEBHOOK', aggregateId: 'wh_tx', eventType: 'WEBHOOK_ENDPOINT_FAILING', payload: { id: 'wh_tx', state: 'FAILING' } });
    expect(planFanOut(stateEvent, endpoints, { trigger: 'EVENT' }).map((p) => p.endpointId)).toEqual(['wh_all', 'wh_wd']);
  });

  it('resource fields named like the envelope are dropped from the root', () => {
    expect(deliveryBody({ id: 'x', eventType: 'fake', version: 9, signature: 's', expires_at: 'e' }, 'TRANSACTION_PAID')).toEqual({ id: 'x', eventType: 'TRANSACTION_PAID' });
  });
});

describe('parseWebhookUrl', () => {
  it.each([
    ['https://example.com/hook', null],
    ['http://example.com/hook', 'WEBHOOK_URL_NOT_HTTPS'],
    ['ftp://example.com', 'WEBHOOK_URL_NOT_HTTPS'],
    ['//example.com', 'INVALID_WEBHOOK_URL'],
    ['https://a:b@example.com', 'INVALID_WEBHOOK_URL'],
    ['', 'WEBHOOK_URL_REQUIRED'],
    [42, 'WEBHOOK_URL_REQUIRED'],
  ])('%j -> %s', (url, code) => {
    if (code === null) expect(parseWebhookUrl(url).hostname).toBe('example.com');
    else expect(() => parseWebhookUrl(url)).toThrow(expect.objectContaining({ code }));
  });
});
