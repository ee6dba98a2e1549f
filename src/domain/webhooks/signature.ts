import { createHmac, timingSafeEqual } from 'crypto';

/**
 * Webhook signature (SPEC "Signature"): `v1=` + Base64URL (no `=` padding) of
 * HMAC-SHA256(secret, `<timestamp>.<event_json>`), where `<timestamp>` is the
 * `X-Webhook-Timestamp` header (unix seconds) and `<event_json>` the payload without
 * `version`, `expires_at`, `signature`, in the received key order, without spaces.
 *
 * Serialisation rules of `<event_json>` (exactly what JSON.stringify does, published so
 * receivers in other languages can rebuild it):
 * - UTF-8; non-ASCII characters are written as themselves, not as \uXXXX escapes
 *   (only control characters, `"`, `\` and lone surrogates are escaped);
 * - `/` is not escaped;
 * - no whitespace between tokens; integers only for amounts;
 * - key order as sent. One JavaScript caveat: objects list integer-like keys ("1",
 *   "42") first, in ascending order. Our payloads are serialised from JS objects, so
 *   the body already has that order and re-parsing it in JS reproduces it.
 * Only top-level `version`, `expires_at`, `signature` are removed; nested keys of the
 * same names (in `metadata`, say) are signed like any other.
 */
export const SIGNATURE_VERSION_PREFIX = 'v1=';
export const WEBHOOK_TIMESTAMP_HEADER = 'X-Webhook-Timestamp';
export const UNSIGNED_FIELDS = ['version', 'expires_at', 'signature'] as const;
export const DEFAULT_TOLERANCE_SECONDS = 300;

type UnsignedField = (typeof UNSIGNED_FIELDS)[number];
const UNSIGNED = new Set<string>(UNSIGNED_FIELDS);
const UNIX_SECONDS = /^\d{1,12}$/;

export function signWebhook(input: { secret: string; timestamp: string; eventJson: string }): string {
  if (!UNIX_SECONDS.test(input.timestamp)) throw new RangeError('timestamp must be unix seconds as a decimal string');
  const mac = createHmac('sha256', input.secret).update(`${input.timestamp}.${input.eventJson}`, 'utf8');
  return SIGNATURE_VERSION_PREFIX + mac.digest('base64url');
}

/** The signed JSON: the payload without the unsigned fields, key order kept, no spaces. */
export function canonicalEventJson(payload: object): string {
  return JSON.stringify(withoutUnsignedFields(payload));
}

function withoutUnsignedFields(payload: object): Record<string, unknown> {
  // A stored delivery body never has them (deliveryBody drops them): no copy then.
  if (!UNSIGNED_FIELDS.some((k) => Object.prototype.hasOwnProperty.call(payload, k))) return payload as Record<string, unknown>;
  // Object.fromEntries defines own properties, so even a "__proto__" key survives.
  return Object.fromEntries(Object.entries(payload).filter(([k]) => !UNSIGNED.has(k)));
}

export type SignedPayload<T extends object> = Omit<T, UnsignedField> & {
  version: string;
  expires_at: string;
  signature: string;
};

/**
 * The payload to send, with `version`, `expires_at`, `signature` appended at the end
 * (any earlier values of those fields are dropped). Send it as JSON.stringify(result)
 * with `X-Webhook-Timestamp: <timestamp>`; sign again, with a fresh timestamp, on every
 * attempt, or retries fall outside the receivers' window.
 */
export function buildSignedPayload<T extends object>(
  payload: T,
  options: { version: string; expiresAt: Date | string; secret: string; timestamp: string },
): SignedPayload<T> {
  const rest = withoutUnsignedFields(payload);
  const signature = signWebhook({ secret: options.secret, timestamp: options.timestamp, eventJson: JSON.stringify(rest) });
  const expiresAt = typeof options.expiresAt === 'string' ? options.expiresAt : options.expiresAt.toISOString();
  return { ...rest, version: options.version, expires_at: expiresAt, signature } as SignedPayload<T>;
}

/**
 * `JSON.stringify(buildSignedPayload(payload, options))`, byte for byte, with the payload
 * serialised once: the signed JSON is the body up to its closing brace, and the three
 * appended fields are written after it (the hot path signs every attempt afresh).
 */
export function signedPayloadJson(
  payload: object,
  options: { version: string; expiresAt: Date | string; secret: string; timestamp: string },
): string {
  const eventJson = JSON.stringify(withoutUnsignedFields(payload));
  const signature = signWebhook({ secret: options.secret, timestamp: options.timestamp, eventJson });
  const expiresAt = typeof options.expiresAt === 'string' ? options.expiresAt : options.expiresAt.toISOString();
  const appended = `"version":${JSON.stringify(options.version)},"expires_at":${JSON.stringify(expiresAt)},"signature":${JSON.stringify(signature)}}`;
  return eventJson === '{}' ? `{${appended}` : `${eventJson.slice(0, -1)},${appended}`;
}

export type VerifyFailure =
  | 'MALFORMED_BODY'
  | 'MISSING_SIGNATURE'
  | 'BAD_SIGNATURE'
  | 'TIMESTAMP_OUT_OF_WINDOW'
  | 'MALFORMED_TIMESTAMP';

export type VerifyResult = { ok: true; event: Record<string, unknown> } | { ok: false; reason: VerifyFailure };

/**
 * The receiver's check, as we ship it to sellers: parse the raw body, rebuild the
 * signed JSON, compare in constant time, then check the timestamp is within
 * `toleranceSeconds` of `now`, in either direction (inclusive).
 */
export function verifyWebhook(input: {
  rawBody: string;
  timestampHeader: string;
  secret: string;
  now: Date;
  toleranceSeconds?: number;
}): VerifyResult {
  const tolerance = input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(input.rawBody);
  } catch {
    return { ok: false, reason: 'MALFORMED_BODY' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { ok: false, reason: 'MALFORMED_BODY' };
  const event = parsed as Record<string, unknown>;

  const received = Object.prototype.hasOwnProperty.call(event, 'signature') ? event['signature'] : undefined;
  if (typeof received !== 'string' || received.length === 0) return { ok: false, reason: 'MISSING_SIGNATURE' };

  const timestamp = typeof input.timestampHeader === 'string' ? input.timestampHeader.trim() : '';
  if (!UNIX_SECONDS.test(timestamp)) return { ok: false, reason: 'MALFORMED_TIMESTAMP' };

  const expected = signWebhook({ secret: input.secret, timestamp, eventJson: canonicalEventJson(event) });
  if (!constantTimeEquals(received, expected)) return { ok: false, reason: 'BAD_SIGNATURE' };

  const skewMs = Math.abs(input.now.getTime() - Number(timestamp) * 1000);
  if (!(skewMs <= tolerance * 1000)) return { ok: false, reason: 'TIMESTAMP_OUT_OF_WINDOW' };

  return { ok: true, event };
}

function constantTimeEquals(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  // The length of a valid signature is public (v1= + 43 chars), so an early exit leaks nothing.
  return left.length === right.length && timingSafeEqual(left, right);
}
