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
  it('masks once, appends eventType, adds the postback; dedupe keys differ for manual resends', () => {
    const plan = planFanOut(event(), { trigger: 'EVENT', now, expiresAt: now });
    expect(plan.categories).toEqual(['TRANSACTION', 'ALL']);
    expect(plan.body).toEqual({ id: 'tx_1', amount: 10, customer: { name: 'A*** ***', email: 'a***@x.com' }, postbackUrl: 'https://shop.example/pb', eventType: 'TRANSACTION_PAID' });
    expect(plan.postback).toEqual({ url: 'https://shop.example/pb', status: 'PENDING', error: null });
    expect(plan.dedupePrefix).toBe('evt_1');
    expect(planFanOut(event(), { trigger: 'MANUAL', nonce: 'n1', now, expiresAt: now }).dedupePrefix).toBe('evt_1:resend:n1');
  });

  it('an http postbackUrl becomes a FAILED delivery; withdrawals have no postback', () => {
    expect(planFanOut(event({ payload: { id: 'tx', postbackUrl: 'http://x.example' } }), { trigger: 'EVENT', now, expiresAt: now }).postback).toEqual({
      url: 'http://x.example', status: 'FAILED', error: 'WEBHOOK_URL_NOT_HTTPS',
    });
    const wd = planFanOut(event({ aggregateType: 'WITHDRAWAL', eventType: 'WITHDRAWAL_PAID' }), { trigger: 'EVENT', now, expiresAt: now });
    expect(wd.postback).toBeNull();
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
