import { maskPersonalData } from './masking';
import { canonicalEventJson, signedPayloadJson, WEBHOOK_TIMESTAMP_HEADER } from './signature';

/** The `version` field of every webhook body (SPEC "Delivery" 3). */
export const WEBHOOK_PAYLOAD_VERSION = '1';
/** Second header (SPEC "Delivery" 4): the event id, constant across retries and resends. */
export const WEBHOOK_ID_HEADER = 'X-Webhook-Id';

/**
 * What a delivery stores and signs: the resource's fields at root, personal data
 * masked, then `eventType`. `version`, `expires_at` and `signature` are added per
 * attempt (they are outside the signed JSON). A resource field named like one of
 * those four is dropped: the root names are ours.
 */
export function deliveryBody(resource: Record<string, unknown>, eventType: string): Record<string, unknown> {
  const masked = maskPersonalData(resource);
  const body = Object.fromEntries(
    Object.entries(masked).filter(([k]) => k !== 'eventType' && k !== 'version' && k !== 'expires_at' && k !== 'signature'),
  );
  return { ...body, eventType };
}

export interface SignedRequest {
  /** The exact bytes to POST (UTF-8 JSON). */
  json: string;
  headers: Record<string, string>;
}

/** Signs a stored body for one attempt, with a fresh timestamp. */
export function signedRequest(input: {
  body: Record<string, unknown>;
  eventId: string;
  secret: string;
  now: Date;
  expiresAt: Date;
}): SignedRequest {
  const timestamp = String(Math.floor(input.now.getTime() / 1000));
  const json = signedPayloadJson(input.body, {
    version: WEBHOOK_PAYLOAD_VERSION,
    expiresAt: input.expiresAt,
    secret: input.secret,
    timestamp,
  });
  return {
    json,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      [WEBHOOK_TIMESTAMP_HEADER.toLowerCase()]: timestamp,
      [WEBHOOK_ID_HEADER.toLowerCase()]: input.eventId,
      'user-agent': 'pixpay-webhooks/1',
    },
  };
}

export { canonicalEventJson };
