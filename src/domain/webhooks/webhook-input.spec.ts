import { describe, expect, it } from 'vitest';
import { parseWebhookRegistration, parseWebhookUpdate } from './webhook-input';

const HOOK = 'https://shop.example/hook';
const fails = (parse: () => unknown, code: string, field?: string) =>
  expect(parse).toThrow(expect.objectContaining({ code, kind: 'VALIDATION', details: field === undefined ? undefined : { field } }));

describe('parseWebhookRegistration', () => {
  it('reads the settings: the URL normalised, no description is null', () => {
    const s = parseWebhookRegistration({ eventType: 'ALL', url: ` ${HOOK} ` });
    expect(s).toEqual({ category: 'ALL', url: new URL(HOOK), description: null, maxPerSecond: null });
    expect(parseWebhookRegistration({ eventType: 'TRANSACTION', url: HOOK, description: 'orders' }).description).toBe('orders');
    expect(parseWebhookRegistration({ eventType: 'ALL', url: HOOK, maxDeliveriesPerSecond: 5 }).maxPerSecond).toBe(5);
    for (const bad of [0, 1.5, 1_001, '5']) {
      expect(() => parseWebhookRegistration({ eventType: 'ALL', url: HOOK, maxDeliveriesPerSecond: bad })).toThrow(expect.objectContaining({ code: 'INVALID_WEBHOOK_RATE' }));
    }
  });

  it.each([
    [{ eventType: 'PAYMENTS', url: HOOK }, 'INVALID_WEBHOOK_EVENT_TYPE', 'eventType'],
    [{ url: HOOK }, 'INVALID_WEBHOOK_EVENT_TYPE', 'eventType'],
    [{ eventType: 'ALL', url: HOOK, description: 'x'.repeat(201) }, 'INVALID_WEBHOOK_DESCRIPTION', 'description'],
    [{ eventType: 'ALL', url: HOOK, description: 7 }, 'INVALID_WEBHOOK_DESCRIPTION', 'description'],
    [{ eventType: 'ALL' }, 'WEBHOOK_URL_REQUIRED', 'url'],
    [{ eventType: 'ALL', url: '   ' }, 'WEBHOOK_URL_REQUIRED', 'url'],
    [{ eventType: 'ALL', url: 42 }, 'WEBHOOK_URL_REQUIRED', 'url'],
    [{ eventType: 'ALL', url: `https://example.com/${'x'.repeat(2_100)}` }, 'WEBHOOK_URL_TOO_LONG', 'url'],
    [{ eventType: 'ALL', url: ' '.repeat(2_100) }, 'WEBHOOK_URL_REQUIRED', 'url'],
    [{ eventType: 'ALL', url: 'not a url' }, 'INVALID_WEBHOOK_URL', 'url'],
    [{ eventType: 'ALL', url: 'http://example.com/hook' }, 'WEBHOOK_URL_NOT_HTTPS', 'url'],
    [{ eventType: 'ALL', url: 'https://user:pw@example.com/' }, 'INVALID_WEBHOOK_URL', 'url'],
    // Fields are checked in this order: eventType, description, url.
    [{ eventType: 'NO', url: 'http://x', description: 7 }, 'INVALID_WEBHOOK_EVENT_TYPE', 'eventType'],
    [{ eventType: 'ALL', url: 'http://x', description: 7 }, 'INVALID_WEBHOOK_DESCRIPTION', 'description'],
    // A body that is not an object reads as {}.
    [[{ eventType: 'ALL', url: HOOK }], 'INVALID_WEBHOOK_EVENT_TYPE', 'eventType'],
    [undefined, 'INVALID_WEBHOOK_EVENT_TYPE', 'eventType'],
  ])('%j -> %s (%s)', (input, code, field) => fails(() => parseWebhookRegistration(input), code, field));

  it('keeps the messages clients see', () => {
    expect(() => parseWebhookRegistration({ eventType: 'X' })).toThrow('eventType must be one of TRANSACTION, WITHDRAWAL, DISPUTE, RECURRENCE, SPLIT_SHARE, ALL');
    expect(() => parseWebhookRegistration({ eventType: 'ALL', url: 'http://x' })).toThrow('url must use https');
  });
});

describe('parseWebhookUpdate', () => {
  it('only the fields sent; a null description clears it', () => {
    expect(parseWebhookUpdate({ eventType: 'WITHDRAWAL' })).toEqual({ category: 'WITHDRAWAL' });
    expect(parseWebhookUpdate({ description: null })).toEqual({ description: null });
    expect(parseWebhookUpdate({ url: HOOK, description: 'd' })).toEqual({ url: new URL(HOOK), description: 'd' });
  });

  it('refuses an unknown field, naming it', () => {
    expect(() => parseWebhookUpdate({ other: 1 })).toThrow(expect.objectContaining({ code: 'UNKNOWN_FIELD', kind: 'VALIDATION', details: { field: 'other', fields: ['other'] } }));
  });

  it.each([
    [{}, 'NOTHING_TO_UPDATE', undefined],
    [null, 'NOTHING_TO_UPDATE', undefined],
    [{ eventType: null }, 'INVALID_WEBHOOK_EVENT_TYPE', 'eventType'],
    [{ url: null }, 'WEBHOOK_URL_REQUIRED', 'url'],
    [{ url: 'ftp://example.com' }, 'WEBHOOK_URL_NOT_HTTPS', 'url'],
    [{ description: ['x'] }, 'INVALID_WEBHOOK_DESCRIPTION', 'description'],
    // Fields are checked in this order: eventType, url, description.
    [{ eventType: 'NO', url: 'http://x', description: 7 }, 'INVALID_WEBHOOK_EVENT_TYPE', 'eventType'],
    [{ url: 'http://x', description: 7 }, 'WEBHOOK_URL_NOT_HTTPS', 'url'],
  ])('%j -> %s (%s)', (input, code, field) => fails(() => parseWebhookUpdate(input), code, field));
});
