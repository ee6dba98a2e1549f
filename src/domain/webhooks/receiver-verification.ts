/**
 * Receiver-side helpers, for sellers verifying our webhooks in Node:
 *
 * ```ts
 * import { verifyWebhookRequest } from 'pix-pay/dist/src/domain/webhooks/receiver-verification';
 * app.post('/hooks', express.raw({ type: 'application/json' }), (req, res) => {
 *   const result = verifyWebhookRequest({ rawBody: req.body.toString('utf8'), headers: req.headers, secret: process.env.WEBHOOK_SECRET! });
 *   if (!result.ok) return res.status(400).send(result.reason);
 *   // de-duplicate on result.webhookId, then act on result.event.eventType
 *   res.sendStatus(204);
 * });
 * ```
 *
 * Verify the RAW body as received (bytes as UTF-8): re-serialising a parsed object in
 * another language can change key order or escaping and break the signature. The
 * signed string is `<X-Webhook-Timestamp>.<body JSON without version, expires_at,
 * signature, key order kept, no spaces>`; see `signature.ts` for the exact rules.
 */
import { DEFAULT_TOLERANCE_SECONDS, verifyWebhook, type VerifyFailure, type VerifyResult } from './signature';
import { WEBHOOK_ID_HEADER } from './webhook-body';

export {
  buildSignedPayload,
  canonicalEventJson,
  DEFAULT_TOLERANCE_SECONDS,
  signWebhook,
  verifyWebhook,
  WEBHOOK_TIMESTAMP_HEADER,
  type VerifyFailure,
  type VerifyResult,
} from './signature';
export { WEBHOOK_ID_HEADER, WEBHOOK_PAYLOAD_VERSION } from './webhook-body';

export type VerifyRequestResult = (VerifyResult & { ok: true; webhookId: string | null }) | { ok: false; reason: VerifyFailure | 'MISSING_TIMESTAMP' };

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() === wanted) return Array.isArray(v) ? v[0] : v;
  }
  return undefined;
}

/**
 * Checks a received webhook: signature over the raw body with `X-Webhook-Timestamp`,
 * and the timestamp within `toleranceSeconds` (default 300) of `now`. Returns the
 * parsed event and the `X-Webhook-Id` to de-duplicate on.
 */
export function verifyWebhookRequest(input: {
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
  secret: string;
  now?: Date;
  toleranceSeconds?: number;
}): VerifyRequestResult {
  const timestamp = header(input.headers, 'X-Webhook-Timestamp');
  if (timestamp === undefined) return { ok: false, reason: 'MISSING_TIMESTAMP' };
  const result = verifyWebhook({
    rawBody: input.rawBody,
    timestampHeader: timestamp,
    secret: input.secret,
    now: input.now ?? new Date(),
    toleranceSeconds: input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS,
  });
  if (!result.ok) return result;
  return { ...result, webhookId: header(input.headers, WEBHOOK_ID_HEADER) ?? null };
}
