import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { createRecurrenceSchema } from '../../../domain/recurrences/create-recurrence.input';
import { RecurrenceListQuery } from '../../../domain/recurrences/recurrence-list-query';
import { envelope, ok } from '../components';
import { registerOperation } from '../operation';
import { Recurrence, RecurrenceCycle } from '../resources';
import { FailCycleRequest, NextCycleAmountRequest } from '../../../domain/recurrences/recurrence-cycle.commands';
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
const cycle = id.extend({ number: z.string().describe('cycle number, 1 for the first') });
const CycleFailure = FailCycleRequest.openapi('RecurrenceCycleFailure');
const NextCycleAmount = NextCycleAmountRequest.openapi('RecurrenceNextCycleAmount', { example: { amount: 12990 } });
const AdvancedRecurrence = Recurrence.extend({
  clockDate: z.string().describe('YYYY-MM-DD: the recurrence’s own today after the move (the day its new cycle’s window opened)'),
  cycle: RecurrenceCycle,
}).openapi('AdvancedRecurrence');

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
  'INVALID_PAYER_ACCOUNT',
  'PAYER_ACCOUNT_REQUIRED',
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
      'Asks a payer to authorise recurring charges. `journey`: `PUSH_REQUEST` sends the request to the payer’s bank (follow `authorisation.pushRequestStatus`); `QR` answers a recurrence QR code (`authorisation.qrCode`, `authorisation.copyPaste`); `QR_WITH_FIRST_PAYMENT` answers one QR that pays an immediate first charge of `firstPaymentAmount` cents and authorises the recurrence. With a PSP (production), `PUSH_REQUEST` needs `payerAccount`, and a PSP that cannot be reached answers 503 `INSTITUTION_UNAVAILABLE` with `Retry-After`. Idempotency-Key kept 24 h.',
    tag: 'Recurrences',
    auth: 'apiKey',
    limited: 'seller',
    idempotent: true,
    body: CreateRecurrence,
    errors: { 400: CREATE_ERRORS, 403: ['SELLER_NOT_APPROVED'], 503: ['INSTITUTION_NOT_CONFIGURED', 'INSTITUTION_UNAVAILABLE'] },
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
    errors: { 400: ['FIELD_TOO_LONG', 'INVALID_FIELD', 'INVALID_TEXT', 'UNKNOWN_FIELD'], 404: ['RECURRENCE_NOT_FOUND'], 409: ['RECURRENCE_STATUS_CONFLICT'], 503: ['INSTITUTION_UNAVAILABLE'] },
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
      errors: { 400: ['FIELD_TOO_LONG', 'INVALID_FIELD', 'INVALID_TEXT', 'UNKNOWN_FIELD'], 404: ['RECURRENCE_NOT_FOUND'], 409: ['RECURRENCE_STATUS_CONFLICT'], 503: ['INSTITUTION_UNAVAILABLE'] },
      responses: { 200: ok('The recurrence after the payer’s answer', envelope(Recurrence), { limited: 'seller' }) },
    });
  }
  registerCycles(registry, base);
}

/** A recurrence's cycles, the next variable amount, and the sandbox's clock and payer's answers on cycles. */
function registerCycles(registry: OpenAPIRegistry, base: string): void {
  registerOperation(registry, {
    method: 'get',
    path: `${base}/{id}/cycles`,
    operationId: 'listRecurrenceCycles',
    summary: 'List a recurrence’s cycles',
    description: 'By number, each with its charge (`transactionId`) and the attempts of the payer’s institution. The worker makes each cycle inside its window (from 10 to 2 days before its date), once.',
    tag: 'Recurrences',
    auth: 'apiKey',
    limited: 'seller',
    params: id,
    errors: { 404: ['RECURRENCE_NOT_FOUND'] },
    responses: { 200: ok('The cycles', envelope(z.object({ items: z.array(RecurrenceCycle) }).strict()), { limited: 'seller' }) },
  });
  registerOperation(registry, {
    method: 'post',
    path: `${base}/{id}/next-cycle-amount`,
    operationId: 'setRecurrenceNextCycleAmount',
    summary: 'Set the next cycle’s amount (variable recurrences)',
    description: 'The amount of the next cycle to be made, at least the recurrence’s `minimumAmount`. A variable cycle waits for it: its window closing first, the cycle is MISSED.',
    tag: 'Recurrences',
    auth: 'apiKey',
    limited: 'seller',
    params: id,
    body: NextCycleAmount,
    errors: {
      400: ['INVALID_BODY', 'UNKNOWN_FIELD', 'AMOUNT_REQUIRED', 'INVALID_AMOUNT', 'AMOUNT_TOO_LOW', 'AMOUNT_TOO_HIGH'],
      404: ['RECURRENCE_NOT_FOUND'],
      409: ['RECURRENCE_AMOUNT_FIXED', 'RECURRENCE_STATUS_CONFLICT'],
    },
    responses: { 200: ok('The recurrence', envelope(Recurrence), { limited: 'seller' }) },
  });
  registerOperation(registry, {
    method: 'post',
    path: '/v1/sandbox/recurrences/{id}/advance',
    operationId: 'sandboxRecurrenceAdvance',
    summary: 'Move a recurrence’s clock to its next cycle',
    description:
      'Sandbox only, as a test clock: the approved recurrence’s own clock moves ahead to the day its next cycle’s window opens, and that cycle is made at once (`RECURRENCE_CYCLE_CREATED`). Call it again for the following cycle: a year of monthly cycles takes twelve calls.',
    tag: 'Sandbox',
    sandboxOnly: true,
    auth: 'apiKey',
    limited: 'seller',
    params: id,
    errors: { 404: ['RECURRENCE_NOT_FOUND'], 409: ['RECURRENCE_STATUS_CONFLICT', 'RECURRENCE_HAS_NO_NEXT_CYCLE', 'CYCLE_AMOUNT_REQUIRED'] },
    responses: { 200: ok('The recurrence, its clock’s date and the cycle just made', envelope(AdvancedRecurrence), { limited: 'seller' }) },
  });
  for (const [action, what, description] of [
    ['pay', 'The payer’s institution settles a cycle', 'Sandbox only: the ACTIVE cycle’s charge is paid as any charge (credit, fee, statement line, `TRANSACTION_PAID`), then `RECURRENCE_CYCLE_PAID`. Paying a PAID cycle again changes nothing.'],
    [
      'fail',
      'An attempt of a cycle fails',
      'Sandbox only: the attempt is recorded with `reason`. The retry policy decides: `RECURRENCE_CYCLE_RETRY_SCHEDULED` with `nextAttemptOn` (THREE_IN_SEVEN_DAYS: up to 3 retries, one a day, within 7 days of the date), or `RECURRENCE_CYCLE_FAILED` and its charge REFUSED.',
    ],
  ] as const) {
    registerOperation(registry, {
      method: 'post',
      path: `/v1/sandbox/recurrences/{id}/cycles/{number}/${action}`,
      operationId: `sandboxRecurrenceCycle${action === 'pay' ? 'Pay' : 'Fail'}`,
      summary: what,
      description,
      tag: 'Sandbox',
      sandboxOnly: true,
      auth: 'apiKey',
      limited: 'seller',
      params: cycle,
      ...(action === 'fail' ? { body: CycleFailure, bodyOptional: true } : {}),
      errors: {
        400: action === 'fail' ? ['INVALID_CYCLE_NUMBER', 'FIELD_TOO_LONG', 'INVALID_FIELD', 'INVALID_TEXT', 'UNKNOWN_FIELD'] : ['INVALID_CYCLE_NUMBER'],
        404: ['RECURRENCE_NOT_FOUND', 'CYCLE_NOT_FOUND'],
        409: ['CYCLE_NOT_OPEN'],
      },
      responses: { 200: ok('The cycle', envelope(RecurrenceCycle), { limited: 'seller' }) },
    });
  }
}
