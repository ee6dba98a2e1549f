import { createHmac } from 'crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildSignedPayload, canonicalEventJson, signedPayloadJson, signWebhook, verifyWebhook } from './signature';

const secret = 'test_secret_123';
const timestamp = '1735689600';
const at = (unixSeconds: number, extraMs = 0) => new Date(unixSeconds * 1000 + extraMs);

/** An independent implementation, built by hand from SPEC's words. */
function referenceSignature(key: string, ts: string, json: string): string {
  const digest = createHmac('sha256', Buffer.from(key, 'utf8')).update(Buffer.from(`${ts}.${json}`, 'utf8')).digest();
  return 'v1=' + digest.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const sendAndVerify = (payload: object, nowExtraMs = 0) => {
  const signed = buildSignedPayload(payload, { version: '1', expiresAt: '2025-01-02T00:00:00.000Z', secret, timestamp });
  return verifyWebhook({ rawBody: JSON.stringify(signed), timestampHeader: timestamp, secret, now: at(1735689600, nowExtraMs) });
};

describe('webhook signature', () => {
  it('matches the test vector of PIX-NOTES', () => {
    const eventJson = '{"id":"tx_1","amount":1000,"status":"PAID","eventType":"TRANSACTION_PAID"}';
    expect(signWebhook({ secret, timestamp, eventJson })).toBe('v1=12-dM86T1GTYDYCEf7Yomou_tuklTY1yjg5lQ4Kkml8');
    expect(referenceSignature(secret, timestamp, eventJson)).toBe('v1=12-dM86T1GTYDYCEf7Yomou_tuklTY1yjg5lQ4Kkml8');
  });

  it('signs the canonical JSON of a payload with the vector too', () => {
    const payload = { id: 'tx_1', amount: 1000, status: 'PAID', eventType: 'TRANSACTION_PAID', version: '1', expires_at: 'x' };
    const signed = buildSignedPayload(payload, { version: '1', expiresAt: new Date('2025-01-02T00:00:00Z'), secret, timestamp });
    expect(signed.signature).toBe('v1=12-dM86T1GTYDYCEf7Yomou_tuklTY1yjg5lQ4Kkml8');
    expect(JSON.stringify(signed)).toBe(
      '{"id":"tx_1","amount":1000,"status":"PAID","eventType":"TRANSACTION_PAID","version":"1",' +
        '"expires_at":"2025-01-02T00:00:00.000Z","signature":"v1=12-dM86T1GTYDYCEf7Yomou_tuklTY1yjg5lQ4Kkml8"}',
    );
  });

  it('canonical JSON drops only the top-level unsigned fields, keeps order, no spaces, no escaping of / or non-ASCII', () => {
    const json = canonicalEventJson({
      version: '1',
      z: 1,
      a: 'São Paulo/SP — ação ✓ 😀',
      signature: 'v1=x',
      metadata: { version: 2, signature: 'kept' },
      expires_at: 'x',
    });
    expect(json).toBe('{"z":1,"a":"São Paulo/SP — ação ✓ 😀","metadata":{"version":2,"signature":"kept"}}');
  });

  it('round-trips a non-ASCII payload and agrees with the hand-built signature', () => {
    const payload = { id: 'tx_ç', customer: { name: 'J*** ***' }, description: 'Pão de açúcar / 日本語 \u2028 😀', amount: 1 };
    const signed = buildSignedPayload(payload, { version: '1', expiresAt: '2025-01-02T00:00:00.000Z', secret, timestamp });
    const handBuilt = `{"id":"tx_ç","customer":{"name":"J*** ***"},"description":"Pão de açúcar / 日本語 \u2028 😀","amount":1}`;
    expect(signed.signature).toBe(referenceSignature(secret, timestamp, handBuilt));
    expect(sendAndVerify(payload)).toEqual({ ok: true, event: JSON.parse(JSON.stringify(signed)) });
  });

  it('the module agrees with the independent implementation on any JSON payload', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.string(), fc.integer({ min: 0, max: 4_102_444_800 }), (payload, key, ts) => {
        const t = String(ts);
        const json = canonicalEventJson(payload);
        expect(signWebhook({ secret: key, timestamp: t, eventJson: json })).toBe(referenceSignature(key, t, json));
        const signed = buildSignedPayload(payload, { version: '1', expiresAt: 'e', secret: key, timestamp: t });
        const result = verifyWebhook({ rawBody: JSON.stringify(signed), timestampHeader: t, secret: key, now: at(ts) });
        expect(result.ok).toBe(true);
      }),
    );
  });

  it('rejects a tampered body', () => {
    const signed = buildSignedPayload({ id: 'tx_1', amount: 1000 }, { version: '1', expiresAt: 'e', secret, timestamp });
    const rawBody = JSON.stringify(signed).replace('1000', '100000');
    expect(verifyWebhook({ rawBody, timestampHeader: timestamp, secret, now: at(1735689600) })).toEqual({
      ok: false,
      reason: 'BAD_SIGNATURE',
    });
  });

  it('rejects a wrong secret, a reordered body and a different timestamp header', () => {
    const signed = buildSignedPayload({ id: 'tx_1', amount: 1000 }, { version: '1', expiresAt: 'e', secret, timestamp });
    const now = at(1735689600);
    expect(verifyWebhook({ rawBody: JSON.stringify(signed), timestampHeader: timestamp, secret: 'other', now }).ok).toBe(false);
    const reordered = JSON.stringify({ amount: 1000, id: 'tx_1', version: '1', expires_at: 'e', signature: signed.signature });
    expect(verifyWebhook({ rawBody: reordered, timestampHeader: timestamp, secret, now })).toEqual({ ok: false, reason: 'BAD_SIGNATURE' });
    expect(verifyWebhook({ rawBody: JSON.stringify(signed), timestampHeader: '1735689601', secret, now })).toEqual({
      ok: false,
      reason: 'BAD_SIGNATURE',
    });
  });

  it('unsigned fields may change without breaking the signature', () => {
    const signed = buildSignedPayload({ id: 'tx_1' }, { version: '1', expiresAt: 'e', secret, timestamp });
    const rawBody = JSON.stringify({ ...signed, version: '2' });
    expect(verifyWebhook({ rawBody, timestampHeader: timestamp, secret, now: at(1735689600) }).ok).toBe(true);
  });

  it.each([
    ['just inside, late', 300_000, true],
    ['just outside, late', 300_001, false],
    ['just inside, early', -300_000, true],
    ['just outside, early', -300_001, false],
  ])('timestamp %s', (_label, extraMs, ok) => {
    const result = sendAndVerify({ id: 'tx_1' }, extraMs);
    expect(result).toEqual(ok ? expect.objectContaining({ ok: true }) : { ok: false, reason: 'TIMESTAMP_OUT_OF_WINDOW' });
  });

  it('honours a custom tolerance', () => {
    const signed = buildSignedPayload({ id: 'tx_1' }, { version: '1', expiresAt: 'e', secret, timestamp });
    const base = { rawBody: JSON.stringify(signed), timestampHeader: timestamp, secret, toleranceSeconds: 10 };
    expect(verifyWebhook({ ...base, now: at(1735689610) }).ok).toBe(true);
    expect(verifyWebhook({ ...base, now: at(1735689611) })).toEqual({ ok: false, reason: 'TIMESTAMP_OUT_OF_WINDOW' });
  });

  it.each(['not json', '[1,2]', 'null', '"x"', '42', ''])('rejects a malformed body %j', (rawBody) => {
    expect(verifyWebhook({ rawBody, timestampHeader: timestamp, secret, now: at(1735689600) })).toEqual({
      ok: false,
      reason: 'MALFORMED_BODY',
    });
  });

  it.each([
    ['{"id":"tx_1"}'],
    ['{"id":"tx_1","signature":""}'],
    ['{"id":"tx_1","signature":42}'],
  ])('rejects a body without a signature %s', (rawBody) => {
    expect(verifyWebhook({ rawBody, timestampHeader: timestamp, secret, now: at(1735689600) })).toEqual({
      ok: false,
      reason: 'MISSING_SIGNATURE',
    });
  });

  it.each(['', 'abc', '-1735689600', '1735689600.5', '1e9', '2025-01-01T00:00:00Z'])('rejects a malformed timestamp %j', (header) => {
    const signed = buildSignedPayload({ id: 'tx_1' }, { version: '1', expiresAt: 'e', secret, timestamp });
    expect(verifyWebhook({ rawBody: JSON.stringify(signed), timestampHeader: header, secret, now: at(1735689600) })).toEqual({
      ok: false,
      reason: 'MALFORMED_TIMESTAMP',
    });
  });

  it('the body serialised once is byte for byte the body built as an object, for any payload', () => {
    const unsigned = fc.record({ version: fc.jsonValue(), expires_at: fc.jsonValue(), signature: fc.jsonValue() }, { requiredKeys: [] });
    const payloads = fc.oneof(
      fc.dictionary(fc.string(), fc.jsonValue()),
      fc.tuple(fc.dictionary(fc.string(), fc.jsonValue()), unsigned).map(([p, u]) => ({ ...u, ...p, ...u })),
      fc.constant({}),
      fc.constant({ version: '1', signature: 'v1=old', expires_at: 'x' }),
      fc.constant(JSON.parse('{"__proto__":{"x":1},"2":"b","1":"a","id":"tx_1"}') as object),
    );
    fc.assert(
      fc.property(payloads, fc.string(), fc.oneof(fc.string(), fc.date({ noInvalidDate: true })), (payload, key, expiresAt) => {
        const options = { version: '1', expiresAt, secret: key, timestamp };
        expect(signedPayloadJson(payload, options)).toBe(JSON.stringify(buildSignedPayload(payload, options)));
      }),
    );
  });

  it('keeps a "__proto__" key in the signed JSON', () => {
    const raw = '{"__proto__":{"x":1},"id":"tx_1"}';
    const parsed = JSON.parse(raw) as object;
    expect(canonicalEventJson(parsed)).toBe(raw);
  });
});
