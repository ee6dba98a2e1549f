import { createHmac, timingSafeEqual } from 'node:crypto';
import { PixPayError } from '../errors.js';
import type { WebhookEvent } from '../types.js';

// The one module of the SDK that needs Node: HMAC-SHA256 and a constant-time compare, synchronously.

export const TIMESTAMP_HEADER = 'x-webhook-timestamp';
/** The event id: the same on every retry and resend of one event; de-duplicate on it. */
export const WEBHOOK_ID_HEADER = 'x-webhook-id';
/** Deliveries whose timestamp is further than this from your clock are refused (SPEC: 5 minutes). */
export const DEFAULT_TOLERANCE_SECONDS = 300;

const UNSIGNED_FIELDS = new Set(['version', 'expires_at', 'signature']);
const UNIX_SECONDS = /^\d{1,12}$/;

export type WebhookVerificationCode =
  | 'MISSING_TIMESTAMP'
  | 'MALFORMED_TIMESTAMP'
  | 'MALFORMED_BODY'
  | 'MISSING_SIGNATURE'
  | 'BAD_SIGNATURE'
  | 'TIMESTAMP_OUT_OF_WINDOW';

/** A delivery that must be refused (answer 400); `code` says why. */
export class WebhookVerificationError extends PixPayError {
  declare readonly code: WebhookVerificationCode;

  constructor(code: WebhookVerificationCode, message: string) {
    super(code, message);
  }
}

/** Node's `req.headers`, a fetch `Headers`, or any record of header names (any case) to values. */
export type HeadersLike = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  toleranceSeconds?: number;
  /** Your clock (default: now). */
  now?: Date;
}

export interface VerifiedWebhook {
  /** The body as received, `signature`, `version` and `expires_at` included. */
  event: WebhookEvent;
  /** `X-Webhook-Id`, the event id to de-duplicate on. */
  webhookId: string | null;
  /** `X-Webhook-Timestamp`, unix seconds. */
  timestamp: number;
}

function headerValue(headers: HeadersLike, name: string): string | undefined {
  if (typeof Headers !== 'undefined' && headers instanceof Headers) return headers.get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

function bodyText(rawBody: string | Uint8Array): string {
  if (typeof rawBody === 'string') return rawBody;
  if (rawBody instanceof Uint8Array) {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(rawBody);
    } catch {
      throw new WebhookVerificationError('MALFORMED_BODY', 'the body is not UTF-8');
    }
  }
  throw new TypeError('rawBody must be the body as received (a string or bytes), not a parsed object: read it with express.raw() or request.text()');
}

/**
 * The string the service signed: `<timestamp>.<event JSON>`, where the event JSON is the
 * body without its top-level `version`, `expires_at` and `signature`, keys in the order
 * received, no whitespace (what JSON.stringify writes for the parsed body).
 */
export function signedContent(timestamp: string, event: Record<string, unknown>): string {
  const signed = Object.fromEntries(Object.entries(event).filter(([key]) => !UNSIGNED_FIELDS.has(key)));
  return `${timestamp}.${JSON.stringify(signed)}`;
}

/** `v1=` + Base64URL without padding of HMAC-SHA256 keyed with the whole secret. */
export function computeSignature(secret: string, content: string): string {
  return `v1=${createHmac('sha256', secret).update(content, 'utf8').digest('base64url')}`;
}

function sameSignature(received: string, expected: string): boolean {
  const a = new TextEncoder().encode(received);
  const b = new TextEncoder().encode(expected);
  // The length of a valid signature is public, so comparing lengths first leaks nothing.
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Checks a delivery before you act on it: the signature in the body against the raw body
 * and `X-Webhook-Timestamp`, then the timestamp within `toleranceSeconds` of your clock.
 * Returns the event and its id; throws WebhookVerificationError otherwise.
 */
export function verify(rawBody: string | Uint8Array, headers: HeadersLike, secret: string, options: VerifyOptions = {}): VerifiedWebhook {
  if (typeof secret !== 'string' || secret.length === 0) throw new TypeError('secret is required: the whsec_... shown when the webhook was registered');
  const timestamp = headerValue(headers, TIMESTAMP_HEADER)?.trim();
  if (timestamp === undefined) throw new WebhookVerificationError('MISSING_TIMESTAMP', 'no X-Webhook-Timestamp header');
  if (!UNIX_SECONDS.test(timestamp)) throw new WebhookVerificationError('MALFORMED_TIMESTAMP', 'X-Webhook-Timestamp is not unix seconds');

  const text = bodyText(rawBody);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new WebhookVerificationError('MALFORMED_BODY', 'the body is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new WebhookVerificationError('MALFORMED_BODY', 'the body is not a JSON object');
  const event = parsed as Record<string, unknown>;

  const received = Object.hasOwn(event, 'signature') ? event['signature'] : undefined;
  if (typeof received !== 'string' || received.length === 0) throw new WebhookVerificationError('MISSING_SIGNATURE', 'the body has no signature');
  if (!sameSignature(received, computeSignature(secret, signedContent(timestamp, event)))) {
    throw new WebhookVerificationError('BAD_SIGNATURE', 'the signature does not match this body, timestamp and secret');
  }

  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const nowMs = (options.now ?? new Date()).getTime();
  if (!(Math.abs(nowMs - Number(timestamp) * 1000) <= tolerance * 1000)) {
    throw new WebhookVerificationError('TIMESTAMP_OUT_OF_WINDOW', `the timestamp is more than ${tolerance} s from this clock`);
  }
  return { event: event as unknown as WebhookEvent, webhookId: headerValue(headers, WEBHOOK_ID_HEADER) ?? null, timestamp: Number(timestamp) };
}
