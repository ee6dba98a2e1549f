// `@pixpay/client/webhooks`: verifying deliveries in Node (kept apart from the client so browser bundles never see node:crypto).
import { computeSignature, DEFAULT_TOLERANCE_SECONDS, signedContent, TIMESTAMP_HEADER, verify, WEBHOOK_ID_HEADER } from './verify.js';

export {
  computeSignature,
  DEFAULT_TOLERANCE_SECONDS,
  signedContent,
  TIMESTAMP_HEADER,
  verify,
  WEBHOOK_ID_HEADER,
  WebhookVerificationError,
  type HeadersLike,
  type VerifiedWebhook,
  type VerifyOptions,
  type WebhookVerificationCode,
} from './verify.js';
export type { WebhookEvent } from '../types.js';

/** `webhooks.verify(rawBody, headers, secret)`, with its helpers. */
export const webhooks = { verify, signedContent, computeSignature, TIMESTAMP_HEADER, WEBHOOK_ID_HEADER, DEFAULT_TOLERANCE_SECONDS } as const;
