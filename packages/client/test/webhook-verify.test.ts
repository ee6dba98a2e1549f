import { describe, expect, it } from 'vitest';
import { buildSignedPayload } from '../../../src/domain/webhooks/signature';
import { webhooks, WebhookVerificationError } from '../src/webhooks/index.js';

const at = (unixSeconds: number) => new Date(unixSeconds * 1000);

/** A body as the service sends it: the event JSON, then version, expires_at and the signature. */
const deliveredBody = (eventJson: string, signature: string) => `${eventJson.slice(0, -1)},"version":"1","expires_at":"2026-01-02T00:00:00.000Z","signature":"${signature}"}`;

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(WebhookVerificationError);
    return (e as WebhookVerificationError).code;
  }
  throw new Error('verify accepted the delivery');
}

describe('webhooks.verify: the published test vectors', () => {
  it('PIX-NOTES and README vector 1', () => {
    const json = '{"id":"tx_1","amount":1000,"status":"PAID","eventType":"TRANSACTION_PAID"}';
    const signature = 'v1=12-dM86T1GTYDYCEf7Yomou_tuklTY1yjg5lQ4Kkml8';
    expect(webhooks.computeSignature('test_secret_123', `1735689600.${json}`)).toBe(signature);
    const { event, timestamp } = webhooks.verify(deliveredBody(json, signature), { 'X-Webhook-Timestamp': '1735689600' }, 'test_secret_123', { now: at(1735689600) });
    expect(event).toMatchObject({ id: 'tx_1', eventType: 'TRANSACTION_PAID' });
    expect(timestamp).toBe(1735689600);
  });

  it('README vector 2 (masked fields, non-ASCII, "/" unescaped), as bytes and with fetch Headers', () => {
    const json = '{"id":"tx_2","amount":1050,"status":"PAID","customer":{"name":"M*** ***","email":"m***@example.com"},"description":"Pão de açúcar / São Paulo","eventType":"TRANSACTION_PAID"}';
    const signature = 'v1=ZxR8Mzg2EJOBdknolw-PR_tX5c1QAfMyuhJQ8qUvDL4';
    const headers = new Headers({ 'x-webhook-timestamp': '1767225600', 'x-webhook-id': 'evt_1' });
    const verified = webhooks.verify(new TextEncoder().encode(deliveredBody(json, signature)), headers, 'whsec_example', { now: at(1767225600) });
    expect(verified.webhookId).toBe('evt_1');
    expect(verified.event).toMatchObject({ description: 'Pão de açúcar / São Paulo' });
  });
});

describe("webhooks.verify against the service's own signer", () => {
  const secret = 'whsec_from_the_service';
  const payload = { id: 'tx_9', amount: 2590, status: 'PAID', metadata: { order: 'A-1', version: 'nested keys are signed' }, eventType: 'TRANSACTION_PAID' };

  it('accepts what buildSignedPayload signed, with Node-style headers in any case and the event id', () => {
    const body = JSON.stringify(buildSignedPayload(payload, { version: '1', expiresAt: '2026-01-02T00:00:00.000Z', secret, timestamp: '1767225600' }));
    const verified = webhooks.verify(body, { 'x-webhook-timestamp': ['1767225600'], 'X-Webhook-Id': 'evt_9' }, secret, { now: at(1767225600 + 299) });
    expect(verified).toMatchObject({ webhookId: 'evt_9', event: { id: 'tx_9', metadata: { version: 'nested keys are signed' } } });
  });

  it('refuses a changed body, another secret or timestamp, a stale or future delivery, and what is not a delivery', () => {
    const body = JSON.stringify(buildSignedPayload(payload, { version: '1', expiresAt: '2026-01-02T00:00:00.000Z', secret, timestamp: '1767225600' }));
    const headers = { 'x-webhook-timestamp': '1767225600' };
    const now = { now: at(1767225600) };
    expect(refusal(() => webhooks.verify(body.replace('2590', '2591'), headers, secret, now))).toBe('BAD_SIGNATURE');
    expect(refusal(() => webhooks.verify(body, headers, 'whsec_other', now))).toBe('BAD_SIGNATURE');
    expect(refusal(() => webhooks.verify(body, { 'x-webhook-timestamp': '1767225601' }, secret, { now: at(1767225601) }))).toBe('BAD_SIGNATURE');
    expect(refusal(() => webhooks.verify(body, headers, secret, { now: at(1767225600 + 301) }))).toBe('TIMESTAMP_OUT_OF_WINDOW');
    expect(refusal(() => webhooks.verify(body, headers, secret, { now: at(1767225600 - 301) }))).toBe('TIMESTAMP_OUT_OF_WINDOW');
    expect(refusal(() => webhooks.verify(body, headers, secret, { now: at(1767225600 + 61), toleranceSeconds: 60 }))).toBe('TIMESTAMP_OUT_OF_WINDOW');
    expect(refusal(() => webhooks.verify(body, {}, secret, now))).toBe('MISSING_TIMESTAMP');
    expect(refusal(() => webhooks.verify(body, { 'x-webhook-timestamp': '2026-01-01' }, secret, now))).toBe('MALFORMED_TIMESTAMP');
    expect(refusal(() => webhooks.verify('not json', headers, secret, now))).toBe('MALFORMED_BODY');
    expect(refusal(() => webhooks.verify('[1]', headers, secret, now))).toBe('MALFORMED_BODY');
    expect(refusal(() => webhooks.verify(new Uint8Array([0x7b, 0xff, 0x7d]), headers, secret, now))).toBe('MALFORMED_BODY');
    expect(refusal(() => webhooks.verify(JSON.stringify(payload), headers, secret, now))).toBe('MISSING_SIGNATURE');
  });

  it('tells a caller who passed a parsed body to pass the raw one', () => {
    expect(() => webhooks.verify({ id: 'tx' } as unknown as string, { 'x-webhook-timestamp': '1' }, 'whsec')).toThrow(/raw|as received/);
  });
});
