import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How every inbound callback (today the payment institution's status reports) proves
 * where it comes from: the sender signs the exact bytes of the body with a secret of
 * its own, never one derived from another secret of ours.
 *
 * - `X-Callback-Timestamp`: unix seconds when the request was signed;
 * - `X-Callback-Signature`: `v1=` + Base64URL (no padding) of
 *   HMAC-SHA256(secret, `<timestamp>.<raw body>`).
 *
 * A signature is accepted within `CALLBACK_TOLERANCE_SECONDS` of our clock, either way;
 * inside that window a captured request can be sent again, which is why every callback
 * is also idempotent by its own id (a repeated report changes nothing).
 */
export const CALLBACK_TIMESTAMP_HEADER = 'X-Callback-Timestamp';
export const CALLBACK_SIGNATURE_HEADER = 'X-Callback-Signature';
export const CALLBACK_TOLERANCE_SECONDS = 300;

const PREFIX = 'v1=';
const UNIX_SECONDS = /^\d{1,12}$/;

export function signCallback(secret: string, timestamp: string, body: Buffer | string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(body);
  return PREFIX + mac.digest('base64url');
}

export type CallbackRefusal = 'MISSING_SIGNATURE' | 'MALFORMED_TIMESTAMP' | 'TIMESTAMP_OUT_OF_WINDOW' | 'BAD_SIGNATURE';

/** Checks a callback against every secret it may be signed with (the current one and, while rotating, the previous). */
export function verifyCallback(input: {
  secrets: readonly string[];
  timestamp: string | undefined;
  signature: string | undefined;
  body: Buffer | string;
  now: Date;
}): CallbackRefusal | undefined {
  const { timestamp, signature } = input;
  if (!timestamp || !signature) return 'MISSING_SIGNATURE';
  if (!UNIX_SECONDS.test(timestamp)) return 'MALFORMED_TIMESTAMP';
  if (Math.abs(Math.floor(input.now.getTime() / 1000) - Number(timestamp)) > CALLBACK_TOLERANCE_SECONDS) return 'TIMESTAMP_OUT_OF_WINDOW';
  const given = Buffer.from(signature.trim());
  const matches = input.secrets.some((secret) => {
    const expected = Buffer.from(signCallback(secret, timestamp, input.body));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return matches ? undefined : 'BAD_SIGNATURE';
}
