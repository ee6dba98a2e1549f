import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { EVENTS_BY_RESOURCE, type EventResource } from '../../domain/events/event-catalogue';
import { DEFAULT_TOLERANCE_SECONDS, UNSIGNED_FIELDS, WEBHOOK_TIMESTAMP_HEADER } from '../../domain/webhooks/signature';
import { WEBHOOK_ID_HEADER, WEBHOOK_PAYLOAD_VERSION } from '../../domain/webhooks/webhook-body';
import { TRANSACTION_PAID_PAYLOAD } from './examples';
import { Dispute, RecurrenceEvent, SplitShareChange, Transaction, WithdrawalDetail } from './resources';
import { z } from './zod';
import { ENDPOINT_STATES, ENDPOINT_STATE_REASONS } from '../../domain/webhooks/endpoint-health';

export const SIGNATURE_RULES = `Every delivery is an HTTPS POST of a JSON body: the resource's fields at the root (personal data masked), then \`eventType\`, \`version\` ("${WEBHOOK_PAYLOAD_VERSION}"), \`expires_at\` and \`signature\`.

**Signature.** \`signature\` = \`v1=\` + Base64URL without padding of HMAC-SHA256(secret, \`<timestamp>.<event_json>\`), where \`<timestamp>\` is the \`${WEBHOOK_TIMESTAMP_HEADER}\` header (unix seconds) and \`<event_json>\` the body without the top-level fields ${UNSIGNED_FIELDS.map((f) => `\`${f}\``).join(', ')}, keys in the order received, no spaces (what JSON.stringify writes: non-ASCII as itself, \`/\` not escaped). Reject a delivery whose signature does not match or whose timestamp is more than ${DEFAULT_TOLERANCE_SECONDS / 60} minutes away from your clock. The secret is the registration's (shown on create and rotation), or the postback secret for deliveries to a charge's \`postbackUrl\`.

**Delivery.** Answer 2xx within 5 seconds. Otherwise up to 3 attempts per cycle (backoff from about 1 s, doubling to 30 s, with jitter), then new cycles until \`expires_at\` (24 h). \`${WEBHOOK_ID_HEADER}\` is the event id, the same on every retry and resend: de-duplicate on it. Event names may gain values: keep a fallback.`;

const envelopeFields = {
  eventType: z.string(),
  version: z.literal(WEBHOOK_PAYLOAD_VERSION),
  expires_at: z.string().datetime(),
  signature: z.string().regex(/^v1=[A-Za-z0-9_-]{43}$/).describe('v1= + Base64URL(HMAC-SHA256) without padding'),
};

const deliveryHeaders = z.object({
  [WEBHOOK_TIMESTAMP_HEADER]: z.string().regex(/^\d+$/).describe('unix seconds; part of the signed string'),
  [WEBHOOK_ID_HEADER]: z.string().describe('the event id, constant across retries and resends'),
});

const received = { 200: { description: 'Any 2xx within 5 seconds acknowledges the delivery' } };

/** A resource's events, from the event catalogue: `A`, `B`, ... */
const eventList = (resource: EventResource) => EVENTS_BY_RESOURCE[resource].map((n) => `\`${n}\``).join(', ');

/** The webhook payloads (OpenAPI 3.1 `webhooks`), one per event category, and the test event. */
export function registerWebhookEvents(registry: OpenAPIRegistry): void {
  const events: [string, string, z.AnyZodObject, EventResource, unknown?][] = [
    ['transactionEvent', 'Transaction event', Transaction, 'TRANSACTION', TRANSACTION_PAID_PAYLOAD],
    ['withdrawalEvent', 'Withdrawal event', WithdrawalDetail, 'WITHDRAWAL'],
    ['disputeEvent', 'Dispute event', Dispute, 'DISPUTE'],
    ['recurrenceEvent', 'Recurrence event (PIX Automático)', RecurrenceEvent, 'RECURRENCE'],
    ['splitShareEvent', "Split share event (a marketplace recipient's own part)", SplitShareChange, 'SPLIT_SHARE'],
  ];
  for (const [name, summary, resource, resourceName, example] of events) {
    const which =
      resourceName === 'SPLIT_SHARE'
        ? `${eventList(resourceName)}. Sent to the recipient's registrations only: its part credited, given back (refund, MED return, lost contestation) or restored; the marketplace follows the charge's TRANSACTION events.`
        : `${eventList(resourceName)}. Every status change sends \`<RESOURCE>_<STATUS>\`: a new status brings a new event.`;
    const payload = registry.register(`${name[0]!.toUpperCase()}${name.slice(1)}Payload`, z.object({ ...resource.partial().shape, ...envelopeFields }).passthrough());
    registry.registerWebhook({
      method: 'post',
      path: name,
      operationId: name,
      summary,
      description: `${which}\n\n${SIGNATURE_RULES}`,
      tags: ['Webhooks'],
      // The receiver authenticates the delivery by its signature, not by a credential.
      security: [],
      request: { headers: deliveryHeaders, body: { required: true, content: { 'application/json': { schema: payload, ...(example ? { example } : {}) } } } },
      responses: received,
    });
  }
  registry.registerWebhook({
    method: 'post',
    path: 'webhookTest',
    operationId: 'webhookTest',
    summary: 'Test event',
    description: `\`WEBHOOK_TEST\`, sent by POST /v1/webhooks/{id}/test.\n\n${SIGNATURE_RULES}`,
    tags: ['Webhooks'],
    security: [],
    request: { headers: deliveryHeaders, body: { required: true, content: { 'application/json': { schema: registry.register('WebhookTestPayload', z.object(envelopeFields).passthrough()) } } } },
    responses: received,
  });
  const statePayload = z.object({
    id: z.string().describe('the webhook concerned'),
    webhookId: z.string(),
    url: z.string(),
    state: z.enum(['FAILING', 'DISABLED']),
    previousState: z.enum(ENDPOINT_STATES),
    reason: z.enum(ENDPOINT_STATE_REASONS),
    detail: z.string(),
    changedAt: z.string().datetime(),
    ...envelopeFields,
  });
  registry.registerWebhook({
    method: 'post',
    path: 'webhookEndpointState',
    operationId: 'webhookEndpointState',
    summary: 'Webhook state event',
    description: `\`WEBHOOK_ENDPOINT_FAILING\`, \`WEBHOOK_ENDPOINT_DISABLED\`: one of your webhooks turned failing (every attempt failed for a while) or was disabled; sent to your other webhooks, whatever their event type.\n\n${SIGNATURE_RULES}`,
    tags: ['Webhooks'],
    security: [],
    request: { headers: deliveryHeaders, body: { required: true, content: { 'application/json': { schema: registry.register('WebhookEndpointStatePayload', statePayload.passthrough()) } } } },
    responses: received,
  });
}
