import { parseDocument } from '../documents/document';
import { normalizePixKey } from '../pix/pix-key';
import { isDomainError, validationError } from '../shared/errors';
import { assertStorableText } from '../shared/text';
import { parseMethodFields, parsePaymentMethod, refuseDisabledPaymentMethod, type MethodFields } from './payment-method-input';
import type { Customer, TransactionPaymentMethod } from './transaction.types';

export const TRANSACTION_LIMITS = {
  minAmount: 1,
  /** R$ 1,000,000.00 per charge. */
  maxAmount: 100_000_000,
  defaultExpirationSeconds: 3_600,
  minExpirationSeconds: 60,
  /** 7 days. */
  maxExpirationSeconds: 604_800,
  descriptionMax: 500,
  merchantOrderIdMax: 100,
  postbackUrlMax: 2_048,
  metadataMaxBytes: 4_096,
  metadataMaxKeys: 50,
  customerNameMax: 120,
} as const;

export interface CreateTransactionInput extends MethodFields {
  amount: number;
  paymentMethod: TransactionPaymentMethod;
  expirationSeconds: number;
  customer: Customer | null;
  metadata: Record<string, unknown> | null;
  description: string | null;
  merchantOrderId: string | null;
  postbackUrl: string | null;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const bad = (code: string, message: string, field: string) => validationError(code, message, { field });

/** `label` names the field in errors (customer.name); single-line fields refuse tabs and line breaks. */
function optionalString(body: Record<string, unknown>, field: string, max: number, o: { singleLine?: boolean; label?: string } = {}): string | null {
  const label = o.label ?? field;
  const v = body[field];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') throw bad('INVALID_FIELD', `${label} must be a string`, label);
  assertStorableText(v, label, o.singleLine);
  const s = v.trim();
  if (s.length === 0) return null;
  if (s.length > max) throw bad('FIELD_TOO_LONG', `${label} must have at most ${max} characters`, label);
  return s;
}

export function parseMetadata(v: unknown, field = 'metadata'): Record<string, unknown> | null {
  if (v === undefined || v === null) return null;
  if (!isPlainObject(v)) throw bad('INVALID_METADATA', `${field} must be a JSON object`, field);
  if (Object.keys(v).length > TRANSACTION_LIMITS.metadataMaxKeys) {
    throw bad('INVALID_METADATA', `${field} may have at most ${TRANSACTION_LIMITS.metadataMaxKeys} keys`, field);
  }
  if (Buffer.byteLength(JSON.stringify(v)) > TRANSACTION_LIMITS.metadataMaxBytes) {
    throw bad('INVALID_METADATA', `${field} must serialise to at most ${TRANSACTION_LIMITS.metadataMaxBytes} bytes`, field);
  }
  return v;
}

function parseCustomer(v: unknown, sandbox: boolean): Customer | null {
  if (v === undefined || v === null) return null;
  if (!isPlainObject(v)) throw bad('INVALID_CUSTOMER', 'customer must be an object', 'customer');
  const allowed = new Set(['name', 'email', 'document', 'phone']);
  for (const k of Object.keys(v)) if (!allowed.has(k)) throw bad('INVALID_CUSTOMER', `customer.${k} is not a known field`, `customer.${k}`);
  const customer: Customer = {};
  const name = optionalString(v, 'name', TRANSACTION_LIMITS.customerNameMax, { singleLine: true, label: 'customer.name' });
  if (name) customer.name = name;
  const rethrowAs = (code: string, field: string, fn: () => string): string => {
    try {
      return fn();
    } catch (e) {
      if (isDomainError(e)) throw bad(code, e.message, field);
      throw e;
    }
  };
  const email = optionalString(v, 'email', 254, { singleLine: true, label: 'customer.email' });
  if (email) customer.email = rethrowAs('INVALID_CUSTOMER_EMAIL', 'customer.email', () => normalizePixKey('EMAIL', email));
  const phone = optionalString(v, 'phone', 32, { singleLine: true, label: 'customer.phone' });
  if (phone) customer.phone = rethrowAs('INVALID_CUSTOMER_PHONE', 'customer.phone', () => normalizePixKey('PHONE', phone));
  const document = optionalString(v, 'document', 32, { singleLine: true, label: 'customer.document' });
  if (document) {
    try {
      const doc = parseDocument(document, { allowSandboxMagic: sandbox });
      customer.document = doc.number;
      customer.documentType = doc.type;
    } catch (e) {
      if (isDomainError(e)) throw bad('INVALID_CUSTOMER_DOCUMENT', e.message, 'customer.document');
      throw e;
    }
  }
  return Object.keys(customer).length > 0 ? customer : null;
}

function parsePostbackUrl(v: unknown): string | null {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string' || v.length > TRANSACTION_LIMITS.postbackUrlMax) {
    throw bad('INVALID_POSTBACK_URL', 'postbackUrl must be an https URL', 'postbackUrl');
  }
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw bad('INVALID_POSTBACK_URL', 'postbackUrl must be an https URL', 'postbackUrl');
  }
  if (url.protocol !== 'https:') throw bad('POSTBACK_URL_NOT_HTTPS', 'postbackUrl must use https', 'postbackUrl');
  if (url.username || url.password) throw bad('INVALID_POSTBACK_URL', 'postbackUrl must not carry credentials', 'postbackUrl');
  return url.toString();
}

/** Validates the body of POST /api/v1/cobranca/transactions (and the GraphQL input). */
export function parseCreateTransaction(body: unknown, opts: { sandbox: boolean }): CreateTransactionInput {
  if (!isPlainObject(body)) throw bad('INVALID_BODY', 'request body must be a JSON object', 'body');
  refuseDisabledPaymentMethod(body, opts);
  const amount = body.amount;
  if (amount === undefined || amount === null) throw bad('AMOUNT_REQUIRED', 'amount is required (integer cents)', 'amount');
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) throw bad('INVALID_AMOUNT', 'amount must be an integer number of cents', 'amount');
  if (amount < TRANSACTION_LIMITS.minAmount) throw bad('AMOUNT_TOO_LOW', `amount must be at least ${TRANSACTION_LIMITS.minAmount} cent`, 'amount');
  if (amount > TRANSACTION_LIMITS.maxAmount) throw bad('AMOUNT_TOO_HIGH', `amount must be at most ${TRANSACTION_LIMITS.maxAmount} cents`, 'amount');

  const method = parsePaymentMethod(body.paymentMethod);

  let expirationSeconds: number = TRANSACTION_LIMITS.defaultExpirationSeconds;
  if (body.expiration !== undefined && body.expiration !== null) {
    const e = body.expiration;
    if (typeof e !== 'number' || !Number.isSafeInteger(e) || e < TRANSACTION_LIMITS.minExpirationSeconds || e > TRANSACTION_LIMITS.maxExpirationSeconds) {
      throw bad(
        'INVALID_EXPIRATION',
        `expiration must be an integer number of seconds from ${TRANSACTION_LIMITS.minExpirationSeconds} to ${TRANSACTION_LIMITS.maxExpirationSeconds}`,
        'expiration',
      );
    }
    expirationSeconds = e;
  }

  const customer = parseCustomer(body.customer, opts.sandbox);
  return {
    amount,
    paymentMethod: method,
    expirationSeconds,
    customer,
    metadata: parseMetadata(body.metadata),
    description: optionalString(body, 'description', TRANSACTION_LIMITS.descriptionMax),
    merchantOrderId: optionalString(body, 'merchantOrderId', TRANSACTION_LIMITS.merchantOrderIdMax, { singleLine: true }),
    postbackUrl: parsePostbackUrl(body.postbackUrl),
    ...parseMethodFields(method, body, customer),
  };
}
