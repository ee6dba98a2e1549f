import { z } from 'zod';
import { parseDocument } from '../documents/document';
import { normalizePixKey } from '../pix/pix-key';
import { isDomainError } from '../shared/errors';
import { transform } from '../shared/zod-effects';
import { storableText } from '../shared/zod-fields';
import { coded, issue } from '../shared/zod-input';
import type { Customer } from './transaction.types';

export const CUSTOMER_LIMITS = { nameMax: 120, emailMax: 254, phoneMax: 32, documentMax: 32 } as const;

/** `normalize(s)` for a non-null `s`; its domain error becomes `code` on the field. */
const normalized = <T>(code: string, normalize: (s: string) => T) => (s: string | null | undefined, ctx: z.RefinementCtx): T | null => {
  if (s === null || s === undefined) return null;
  try {
    return normalize(s);
  } catch (e) {
    if (isDomainError(e)) {
      issue(ctx, code, e.message, []);
      return z.NEVER;
    }
    throw e;
  }
};

/**
 * The payer of a charge, checked in this order: an object (`INVALID_CUSTOMER`), no
 * unknown key (`UNKNOWN_FIELD` naming `customer.<key>`), then name,
 * email, phone and document (text rules, then `INVALID_CUSTOMER_EMAIL` / `_PHONE` /
 * `_DOCUMENT`). Blank fields are left out; a customer with none is null. The sandbox
 * accepts its magic documents.
 */
export function customerRequest(sandbox: boolean) {
  const text = (field: string, max: number, description?: string) => storableText(`customer.${field}`, max, { singleLine: true, description });
  const fields = z.object(
    {
      name: text('name', CUSTOMER_LIMITS.nameMax),
      email: transform(
        text('email', CUSTOMER_LIMITS.emailMax),
        normalized('INVALID_CUSTOMER_EMAIL', (s) => normalizePixKey('EMAIL', s)),
      ),
      phone: transform(
        text('phone', CUSTOMER_LIMITS.phoneMax, 'Brazilian phone, normalised to E.164'),
        normalized('INVALID_CUSTOMER_PHONE', (s) => normalizePixKey('PHONE', s)),
      ),
      document: transform(
        text('document', CUSTOMER_LIMITS.documentMax, 'CPF or CNPJ (check digits verified)'),
        normalized('INVALID_CUSTOMER_DOCUMENT', (s) => parseDocument(s, { allowSandboxMagic: sandbox })),
      ),
    },
    coded('INVALID_CUSTOMER', 'customer must be an object'),
  ).strict();
  const customer = transform(fields, (c): Customer | null => {
    const customer: Customer = {};
    if (c.name) customer.name = c.name;
    if (c.email !== null) customer.email = c.email;
    if (c.phone !== null) customer.phone = c.phone;
    if (c.document !== null) {
      customer.document = c.document.number;
      customer.documentType = c.document.type;
    }
    return Object.keys(customer).length > 0 ? customer : null;
  });
  return customer.nullish();
}
