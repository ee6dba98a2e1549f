import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { WebhookRegistration as RegistrationBody, WebhookUpdate } from '../../../domain/webhooks/webhook-input';
import { DeliveryListQuery, WebhookPageQuery } from '../../../domain/webhooks/webhook-list-query';
import { ReplayFailed, ResendTransactionEvents, ResendWithdrawalEvents } from '../../../domain/webhooks/webhook-replay-input';
import { envelope, ok, type ErrorCodes } from '../components';
import { DELIVERY, WEBHOOK, WEBHOOK_CREATED_EXAMPLE } from '../examples';
import { registerOperation, type Operation } from '../operation';
import { pageOf, WebhookAttempt, WebhookDelivery, WebhookEnabled, WebhookRegistration, WebhookStateChange } from '../resources';
import { EnableWebhook } from '../../../domain/webhooks/endpoint-health.commands';
import { z } from '../zod';

const BASE = '/v1/webhooks';
const URL_CODES = ['WEBHOOK_URL_REQUIRED', 'INVALID_WEBHOOK_URL', 'WEBHOOK_URL_NOT_HTTPS', 'WEBHOOK_URL_TOO_LONG', 'WEBHOOK_URL_FORBIDDEN', 'WEBHOOK_HOST_UNRESOLVABLE'];
const id = z.object({ id: z.string().describe('webhook id') });
const PAGE_CODES = ['INVALID_PAGINATION', 'INVALID_DELIVERY_STATUS'];

const Registration = RegistrationBody.openapi('WebhookRegistrationRequest', { example: { eventType: 'ALL', url: 'https://shop.example/webhooks/pixpay' } });

const resendResults = envelope(
  z
    .object({
      results: z.array(z.object({ id: z.string(), eventId: z.string().nullable(), eventType: z.string().nullable(), deliveries: z.number().int() }).strict()),
    })
    .strict(),
);

const postbackSecret = envelope(z.object({ secret: z.string(), createdAt: z.string().datetime(), rotatedAt: z.string().datetime().nullable() }).strict());

/** Webhook management (SPEC "Webhook management" and ours). */
export function registerWebhookManagement(registry: OpenAPIRegistry): void {
  const op = (o: Omit<Operation, 'tag' | 'auth' | 'limited'> & { errors?: ErrorCodes }) =>
    registerOperation(registry, { ...o, tag: 'Webhooks', auth: 'apiKey', limited: 'seller' });
  const registration = (d: string, example?: unknown) => ok(d, envelope(WebhookRegistration), { limited: 'seller', example });
  const deliveries = (d: string) => ok(d, envelope(pageOf(WebhookDelivery)), { limited: 'seller', example: { status: true, data: { items: [DELIVERY], total: 1, take: 20, skip: 0 } } });
  const attempts = (d: string) => ok(d, envelope(pageOf(WebhookAttempt)), { limited: 'seller' });

  op({
    method: 'post',
    path: BASE,
    operationId: 'registerWebhook',
    summary: 'Register a webhook',
    description: 'The signing secret is shown only in this answer (and after a rotation).',
    body: Registration,
    errors: { 400: ['INVALID_WEBHOOK_EVENT_TYPE', 'INVALID_WEBHOOK_DESCRIPTION', ...URL_CODES, 'INVALID_WEBHOOK_RATE'], 422: ['WEBHOOK_LIMIT_REACHED'] },
    responses: { 201: ok('The registration with its secret', envelope(WebhookRegistration), { limited: 'seller', example: WEBHOOK_CREATED_EXAMPLE }) },
  });
  op({ method: 'get', path: BASE, operationId: 'listWebhooks', summary: 'List webhooks', responses: { 200: ok('The registrations', envelope(z.array(WebhookRegistration)), { limited: 'seller', example: { status: true, data: [WEBHOOK] } }) } });
  for (const [resource, Resource, Body] of [
    ['withdrawal', 'Withdrawal', ResendWithdrawalEvents],
    ['transaction', 'Transaction', ResendTransactionEvents],
  ] as const) {
    op({
      method: 'post',
      path: `${BASE}/resend-${resource}-event`,
      operationId: `resend${Resource}Events`,
      summary: `Resend ${resource} events`,
      description: `Queues the latest event of each ${resource} again, to every matching target.`,
      body: Body.openapi(`Resend${Resource}Events`),
      errors: { 400: ['INVALID_RESEND_IDS'] },
      responses: { 200: ok('One result per id', resendResults, { limited: 'seller' }) },
    });
  }
  op({
    method: 'post',
    path: `${BASE}/replay-failed`,
    operationId: 'replayFailedDeliveries',
    summary: 'Replay failed deliveries',
    // Any ISO 8601 date-time is read; the document names the format clients should send.
    body: ReplayFailed.extend({ from: ReplayFailed.shape.from.openapi({ format: 'date-time' }), to: ReplayFailed.shape.to.openapi({ format: 'date-time' }) }).openapi('ReplayFailed', { example: { from: '2026-01-31T00:00:00Z', to: '2026-01-31T12:00:00Z' } }),
    errors: { 400: ['INVALID_DATE', 'INVALID_DATE_RANGE'], 404: ['WEBHOOK_NOT_FOUND'] },
    responses: { 200: ok('How many deliveries were queued again', envelope(z.object({ replayed: z.number().int() }).strict()), { limited: 'seller' }) },
  });
  op({ method: 'get', path: `${BASE}/postback-secret`, operationId: 'getPostbackSecret', summary: 'Get the postback secret', description: 'The secret signing deliveries to `postbackUrl`s.', responses: { 200: ok('The secret', postbackSecret, { limited: 'seller' }) } });
  op({ method: 'post', path: `${BASE}/postback-secret/rotate`, operationId: 'rotatePostbackSecret', summary: 'Rotate the postback secret', responses: { 200: ok('The new secret', postbackSecret, { limited: 'seller' }) } });
  op({
    method: 'get',
    path: `${BASE}/deliveries`,
    operationId: 'listWebhookDeliveries',
    summary: 'List deliveries',
    query: DeliveryListQuery.extend({ eventId: z.string().optional().describe('the event id (X-Webhook-Id)') }),
    errors: { 400: PAGE_CODES },
    responses: { 200: deliveries('A page of deliveries') },
  });
  op({
    method: 'get',
    path: `${BASE}/deliveries/{deliveryId}`,
    operationId: 'getWebhookDelivery',
    summary: 'Get a delivery',
    params: z.object({ deliveryId: z.string() }),
    errors: { 404: ['DELIVERY_NOT_FOUND'] },
    responses: { 200: ok('The delivery with its attempts', envelope(z.object({ ...WebhookDelivery.shape, attemptLog: z.array(WebhookAttempt) }).strict()), { limited: 'seller' }) },
  });
  op({
    method: 'get',
    path: `${BASE}/events/{eventId}/attempts`,
    operationId: 'listEventAttempts',
    summary: 'List the attempts of an event',
    description: 'The event id is the `X-Webhook-Id` of its deliveries.',
    params: z.object({ eventId: z.string() }),
    query: WebhookPageQuery,
    errors: { 400: PAGE_CODES },
    responses: { 200: attempts('A page of attempts') },
  });
  op({ method: 'get', path: `${BASE}/{id}`, operationId: 'getWebhook', summary: 'Get a webhook', params: id, errors: { 404: ['WEBHOOK_NOT_FOUND'] }, responses: { 200: registration('The registration', { status: true, data: WEBHOOK }) } });
  op({
    method: 'patch',
    path: `${BASE}/{id}`,
    operationId: 'updateWebhook',
    summary: 'Update a webhook',
    params: id,
    body: WebhookUpdate.openapi('WebhookUpdate', { example: { eventType: 'ALL', url: 'https://shop.example/webhooks/pixpay' } }),
    errors: { 400: ['NOTHING_TO_UPDATE', 'INVALID_WEBHOOK_EVENT_TYPE', 'INVALID_WEBHOOK_DESCRIPTION', ...URL_CODES, 'INVALID_WEBHOOK_RATE'], 404: ['WEBHOOK_NOT_FOUND'] },
    responses: { 200: registration('The updated registration') },
  });
  op({
    method: 'delete',
    path: `${BASE}/{id}`,
    operationId: 'deleteWebhook',
    summary: 'Delete a webhook',
    description: 'Its pending deliveries are canceled.',
    params: id,
    errors: { 404: ['WEBHOOK_NOT_FOUND'] },
    responses: { 200: ok('Deleted', envelope(z.object({ id: z.string(), deleted: z.literal(true) }).strict()), { limited: 'seller' }) },
  });
  op({ method: 'post', path: `${BASE}/{id}/rotate-secret`, operationId: 'rotateWebhookSecret', summary: 'Rotate a webhook secret', params: id, errors: { 404: ['WEBHOOK_NOT_FOUND'] }, responses: { 200: registration('The registration with its new secret') } });
  op({
    method: 'post',
    path: `${BASE}/{id}/test`,
    operationId: 'testWebhook',
    summary: 'Send a test event',
    description: 'Queues a signed WEBHOOK_TEST event to this webhook.',
    params: id,
    errors: { 404: ['WEBHOOK_NOT_FOUND'] },
    responses: { 202: ok('The queued delivery', envelope(WebhookDelivery), { limited: 'seller' }) },
  });
  op({
    method: 'post',
    path: `${BASE}/{id}/enable`,
    operationId: 'enableWebhook',
    summary: 'Enable a webhook again',
    description: 'Makes a FAILING or DISABLED webhook ACTIVE; its failures count from now. With `recoverSince`, its held and expired deliveries created since then are sent again (as `replay-failed` does).',
    params: id,
    body: EnableWebhook.openapi('WebhookEnable', { example: { recoverSince: '2026-05-04T00:00:00Z' } }),
    errors: { 400: ['INVALID_DATE'], 404: ['WEBHOOK_NOT_FOUND'] },
    responses: { 200: ok('The registration, and how many deliveries were sent again', envelope(WebhookEnabled), { limited: 'seller' }) },
  });
  op({
    method: 'get',
    path: `${BASE}/{id}/state-changes`,
    operationId: 'listWebhookStateChanges',
    summary: "A webhook's state changes",
    description: 'Newest first, at most 100: each change (ACTIVE, FAILING, DISABLED) with its reason.',
    params: id,
    errors: { 404: ['WEBHOOK_NOT_FOUND'] },
    responses: { 200: ok('The changes', envelope(z.array(WebhookStateChange)), { limited: 'seller' }) },
  });
  op({
    method: 'get',
    path: `${BASE}/{id}/deliveries`,
    operationId: 'listWebhookDeliveriesOf',
    summary: 'List the deliveries of a webhook',
    params: id,
    query: DeliveryListQuery,
    errors: { 400: PAGE_CODES, 404: ['WEBHOOK_NOT_FOUND'] },
    responses: { 200: deliveries('A page of deliveries') },
  });
  op({
    method: 'get',
    path: `${BASE}/{id}/attempts`,
    operationId: 'listWebhookAttempts',
    summary: 'List the attempts of a webhook',
    params: id,
    query: WebhookPageQuery,
    errors: { 400: PAGE_CODES, 404: ['WEBHOOK_NOT_FOUND'] },
    responses: { 200: attempts('A page of attempts') },
  });
}
