import { z } from 'zod';
import { boletoFields, DueDate, type BoletoFields } from '../boleto/boleto-input';
import { CardRequest, Installments, type CardFields } from '../cards/card-input';
import { DomainError } from '../shared/errors';
import { checkedLater } from '../shared/zod-fields';
import { coded, issue, parsePart } from '../shared/zod-input';
import { TRANSACTION_PAYMENT_METHODS, type Customer, type TransactionPaymentMethod } from './transaction.types';

/** Methods that only the sandbox simulates (SPEC: PIX is the only method enabled in production). */
const SANDBOX_ONLY: readonly string[] = ['BOLETO', 'CARD'];

export const paymentMethodNotEnabled = (method: string) =>
  new DomainError('PAYMENT_METHOD_NOT_ENABLED', `paymentMethod ${method} is not enabled in production; PIX is the only method enabled`, 'UNPROCESSABLE', {
    field: 'paymentMethod',
  });

/**
 * Production refuses BOLETO and CARD before any other work (no validation, no
 * idempotency record, no institution call): the create command calls it first, once.
 */
export function refuseDisabledPaymentMethod(body: unknown, opts: { sandbox: boolean }): void {
  if (opts.sandbox || typeof body !== 'object' || body === null) return;
  const method = (body as Record<string, unknown>).paymentMethod;
  if (typeof method === 'string' && SANDBOX_ONLY.includes(method)) throw paymentMethodNotEnabled(method);
}

/** `paymentMethod`: PIX when absent. */
export const PaymentMethod = z
  .enum(TRANSACTION_PAYMENT_METHODS, coded('UNSUPPORTED_PAYMENT_METHOD', 'paymentMethod must be PIX, BOLETO (sandbox) or CARD (sandbox)'))
  .nullish()
  .default('PIX')
  .describe('PIX (the only method enabled in production); BOLETO and CARD in the sandbox');

/**
 * The fields that belong to one method, documented with the body and checked once
 * every common field is valid, in this order: card data on another method
 * (`CARD_NOT_EXPECTED`), an expiration on a method that has none, then the method's
 * own fields. Card data is refused on other methods so it never travels further than
 * needed; fields of other methods are ignored.
 */
export const METHOD_FIELDS = {
  dueDate: checkedLater(DueDate),
  card: checkedLater(CardRequest.nullish().describe('CARD only; never stored or logged')),
  installments: checkedLater(Installments),
};

export interface MethodFields {
  boleto?: BoletoFields;
  card?: CardFields;
}

/** The chosen method's fields, checked as METHOD_FIELDS says; `undefined` once an issue is raised on `ctx`. */
export function methodFields(
  method: TransactionPaymentMethod,
  body: { card?: unknown; dueDate?: unknown; installments?: unknown; expiration?: unknown },
  customer: Customer | null,
  ctx: z.RefinementCtx,
): MethodFields | undefined {
  if (method !== 'CARD' && body.card !== undefined && body.card !== null) return issue(ctx, 'CARD_NOT_EXPECTED', 'card is accepted only with paymentMethod CARD', ['card']);
  if (method !== 'PIX' && body.expiration !== undefined && body.expiration !== null) {
    return issue(ctx, 'INVALID_EXPIRATION', 'expiration applies to PIX charges; a boleto has dueDate, a card payment is decided at once', ['expiration']);
  }
  if (method === 'BOLETO') {
    const dueDate = parsePart(ctx, DueDate, body.dueDate, ['dueDate']);
    const boleto = dueDate && boletoFields(dueDate.value, customer, ctx);
    return boleto && { boleto };
  }
  if (method === 'CARD') {
    const card = parsePart(ctx, CardRequest, body.card, ['card']);
    const installments = card && parsePart(ctx, Installments, body.installments, ['installments']);
    return installments && { card: { card: card.value, installments: installments.value ?? 1 } };
  }
  return {};
}
