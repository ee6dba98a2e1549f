import { parseBoletoFields, type BoletoFields } from '../boleto/boleto-input';
import { parseCardFields, type CardFields } from '../cards/card-input';
import { DomainError, validationError } from '../shared/errors';
import { TRANSACTION_PAYMENT_METHODS, type Customer, type TransactionPaymentMethod } from './transaction.types';

/** Methods that only the sandbox simulates (SPEC: PIX is the only method enabled in production). */
const SANDBOX_ONLY: readonly string[] = ['BOLETO', 'CARD'];

export const paymentMethodNotEnabled = (method: string) =>
  new DomainError('PAYMENT_METHOD_NOT_ENABLED', `paymentMethod ${method} is not enabled in production; PIX is the only method enabled`, 'UNPROCESSABLE', {
    field: 'paymentMethod',
  });

/**
 * Production refuses BOLETO and CARD before any other work (no validation, no
 * idempotency record, no institution call). Both doors call it first; the create's
 * parser calls it again so the rule holds for any caller.
 */
export function refuseDisabledPaymentMethod(body: unknown, opts: { sandbox: boolean }): void {
  if (opts.sandbox || typeof body !== 'object' || body === null) return;
  const method = (body as Record<string, unknown>).paymentMethod;
  if (typeof method === 'string' && SANDBOX_ONLY.includes(method)) throw paymentMethodNotEnabled(method);
}

export function parsePaymentMethod(v: unknown): TransactionPaymentMethod {
  const method = v ?? 'PIX';
  if (typeof method !== 'string' || !(TRANSACTION_PAYMENT_METHODS as readonly string[]).includes(method)) {
    throw validationError('UNSUPPORTED_PAYMENT_METHOD', 'paymentMethod must be PIX, BOLETO (sandbox) or CARD (sandbox)', { field: 'paymentMethod' });
  }
  return method as TransactionPaymentMethod;
}

export interface MethodFields {
  boleto?: BoletoFields;
  card?: CardFields;
}

/** The fields of the chosen method; card data is refused on other methods so it never travels further than needed. */
export function parseMethodFields(method: TransactionPaymentMethod, body: Record<string, unknown>, customer: Customer | null): MethodFields {
  if (method !== 'CARD' && body.card !== undefined && body.card !== null) {
    throw validationError('CARD_NOT_EXPECTED', 'card is accepted only with paymentMethod CARD', { field: 'card' });
  }
  if (method !== 'PIX' && body.expiration !== undefined && body.expiration !== null) {
    throw validationError('INVALID_EXPIRATION', 'expiration applies to PIX charges; a boleto has dueDate, a card payment is decided at once', { field: 'expiration' });
  }
  if (method === 'BOLETO') return { boleto: parseBoletoFields(body, customer) };
  if (method === 'CARD') return { card: parseCardFields(body) };
  return {};
}
