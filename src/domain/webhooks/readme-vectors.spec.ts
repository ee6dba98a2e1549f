import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhookRequest } from './receiver-verification';

/** The test vectors published in the README (Webhooks, Signature). */
describe('README signature vectors', () => {
  it('vector 1 (PIX-NOTES)', () => {
    const json = '{"id":"tx_1","amount":1000,"status":"PAID","eventType":"TRANSACTION_PAID"}';
    expect(signWebhook({ secret: 'test_secret_123', timestamp: '1735689600', eventJson: json })).toBe('v1=12-dM86T1GTYDYCEf7Yomou_tuklTY1yjg5lQ4Kkml8');
  });

  it('vector 2 (masked fields, non-ASCII, "/" unescaped) and the full body', () => {
    const json = '{"id":"tx_2","amount":1050,"status":"PAID","customer":{"name":"M*** ***","email":"m***@example.com"},"description":"Pão de açúcar / São Paulo","eventType":"TRANSACTION_PAID"}';
    const sig = 'v1=ZxR8Mzg2EJOBdknolw-PR_tX5c1QAfMyuhJQ8qUvDL4';
    expect(signWebhook({ secret: 'whsec_example', timestamp: '1767225600', eventJson: json })).toBe(sig);
    const rawBody = `${json.slice(0, -1)},"version":"1","expires_at":"2026-01-02T00:00:00.000Z","signature":"${sig}"}`;
    const r = verifyWebhookRequest({ rawBody, headers: { 'x-webhook-timestamp': '1767225600' }, secret: 'whsec_example', now: new Date(1767225600_000) });
    expect(r.ok).toBe(true);
  });
});
