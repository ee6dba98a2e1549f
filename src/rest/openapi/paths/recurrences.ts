import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { createRecurrenceSchema } from '../../../domain/recurrences/create-recurrence.input';
import { RecurrenceListQuery } from '../../../domain/recurrences/recurrence-list-query';
import { envelope, ok } from '../components';
import { registerOperation } from '../operation';
import { Recurrence } from '../resources';
import { z } from '../zod';

const CreateRecurrence = createRecurrenceSchema.openapi('CreateRecurrence', {
  example: {
    contract: { object: 'Gym membership', number: 'C-2027-001', payer: { name: 'Maria Souza', document: '52998224725' } },
    calendar: { firstDate: '2027-01-10', period: 'MONTHLY' },
    amountType: 'FIXED',
    amount: 9990,
    retryPolicy: 'THREE_IN_SEVEN_DAYS',
    journey: 'QR',
  },
});

const EndRequest = z.object({ reason: z.string().max(400).nullish().describe('why it ends, shown to the other side') }).strict().openapi('RecurrenceEndRequest');

const id = z.object({ id: z.string().describe('recurrence id') });

const CREATE_ERRORS = [
  'INVALID_BODY',
  'UNKNOWN_FIELD',
  'FIELD_REQUIRED',
  'FIELD_TOO_LONG',
  'INVALID_FIELD',
  'INVALID_TEXT',
  'INVALID_PAYER_DOCUMENT',
  'INVALID_DATE',
  'INVALID_PERIOD',
  'INVALID_AMOUNT_TYPE',
  'AMOUNT_REQUIRED',
  'INVALID_AMOUNT',
  'AMOUNT_TOO_LOW',
  'AMOUNT_TOO_HIGH',
  'INVALID_RETRY_POLICY',
  'INVALID_JOURNEY',
  'INVALID_FIRST_PAYMENT',
];

/** PIX Automático, /api/v1/cobranca/recurrences: create (one of three authorisation journeys), list, get, cancel; the sandbox payer's answers. */
export function registerRecurrences(registry: OpenAPIRegistry): void {
  const base = '/api/v1/cobranca/recurrences';
  registerOperation(registry, {
    method: 'post',
    path: base,
    operationId: 'createRecurrence',
    summary: 'Create a recurrence (PIX Automático)',
    description:
      'Asks a payer to authorise recurring charges. `journey`: `PUSH_REQUEST` sends the request to the payer’s bank (follow `authorisation.pushRequestStatus`); `QR` answers a recurrence QR code (`authorisation.qrCode`, `authorisation.copyPaste`); `QR_WITH_FIRST_PAYMENT` answers one QR that pays an immediate first charge of `firstPaymentAmount` cents and authorises the recurrence. Idempotency-Key kept 24 h.',
    tag: 'Recurrences',
    auth: 'apiKey',
    limited: 'seller',
    idempotent: true,
    body: CreateRecurrence,
    errors: { 400: CREATE_ERRORS, 403: ['SELLER_NOT_APPROVED'], 503: ['INSTITUTION_NOT_CONFIGURED'] },
    responses: { 201: ok('The recurrence, status CREATED, with what to show the payer', envelope(Recurrence), { limited: 'seller', extraHeaders: ['Idempotent-Replayed'] }) },
  });
  registerOperation(registry, {
    method: 'get',
    path: base,
    operationId: 'listRecurrences',
    summary: 'List recurrences',
    description: 'Newest first.',
    tag: 'Recurrences',
    auth: 'apiKey',
    limited: 'seller',
    query: RecurrenceListQuery,
    errors: { 400: ['INVALID_TAKE', 'INVALID_SKIP', 'INVALID_STATUS'] },
    responses: {
      200: ok('One page', envelope(z.object({ items: z.array(Recurrence), total: z.number().int(), take: z.number().int(), skip: z.number().int() }).strict()), { limited: 'seller' }),
    },
  });
  registerOperation(registry, {
    method: 'get',
    path: `${base}/{id}`,
    operationId: 'getRecurrence',
    summary: 'Get a recurrence',
    tag: 'Recurrences',
    auth: 'apiKey',
    limited: 'seller',
    params: id,
    errors: { 404: ['RECURRENCE_NOT_FOUND'] },
    responses: { 200: ok('The recurrence', envelope(Recurrence), { limited: 'seller' }) },
  });
  registerOperation(registry, {
    method: 'post',
    path: `${base}/{id}/cancel`,
    operationId: 'cancelRecurrence',
    summary: 'Cancel a recurrence',
    description: 'The seller ends the recurrence (created or approved): no further cycle is charged. Sends `RECURRENCE_CANCELLED`.',
    tag: 'Recurrences',
    auth: 'apiKey',
    limited: 'seller',
    params: id,
    body: EndRequest,
    bodyOptional: true,
    errors: { 400: ['FIELD_TOO_LONG', 'INVALID_FIELD', 'INVALID_TEXT', 'UNKNOWN_FIELD'], 404: ['RECURRENCE_NOT_FOUND'], 409: ['RECURRENCE_STATUS_CONFLICT'] },
    responses: { 200: ok('The cancelled recurrence', envelope(Recurrence), { limited: 'seller' }) },
  });
  for (const [action, what] of [
    ['approve', 'The simulated payer authorises the recurrence'],
    ['reject', 'The simulated payer refuses the recurrence'],
    ['cancel', 'The simulated payer cancels the recurrence in their bank'],
  ] as const) {
    registerOperation(registry, {
      method: 'post',
      path: `/v1/sandbox/recurrences/{id}/${action}`,
      operationId: `sandboxRecurrence${action[0]!.toUpperCase()}${action.slice(1)}`,
      summary: what,
      description: 'Sandbox only: the payer’s side of PIX Automático.',
      tag: 'Sandbox',
      sandboxOnly: true,
      auth: 'apiKey',
      limited: 'seller',
      params: id,
      body: EndRequest,
      bodyOptional: true,
      errors: { 400: ['FIELD_TOO_LONG', 'INVALID_FIELD', 'INVALID_TEXT', 'UNKNOWN_FIELD'], 404: ['RECURRENCE_NOT_FOUND'], 409: ['RECURRENCE_STATUS_CONFLICT'] },
      responses: { 200: ok('The recurrence after the payer’s answer', envelope(Recurrence), { limited: 'seller' }) },
    });
  }
}
