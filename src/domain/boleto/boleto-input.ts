import { validationError } from '../shared/errors';
import type { Customer } from '../transactions/transaction.types';
import { parseIsoDate } from './febraban';

export interface BoletoFields {
  /** YYYY-MM-DD, or null for the default (see BOLETO_LIMITS). */
  dueDate: string | null;
  payerName: string;
  payerDocument: string;
}

/** `dueDate` and the payer (customer name and document, required for a boleto). Date bounds are checked against the clock at creation. */
export function parseBoletoFields(body: Record<string, unknown>, customer: Customer | null): BoletoFields {
  let dueDate: string | null = null;
  if (body.dueDate !== undefined && body.dueDate !== null) {
    const v = body.dueDate;
    let ok = typeof v === 'string';
    if (ok) {
      try {
        parseIsoDate(v as string);
      } catch {
        ok = false;
      }
    }
    if (!ok) throw validationError('INVALID_DUE_DATE', 'dueDate must be a calendar date YYYY-MM-DD', { field: 'dueDate' });
    dueDate = v as string;
  }
  if (!customer?.name) throw validationError('BOLETO_PAYER_NAME_REQUIRED', 'customer.name is required for a boleto', { field: 'customer.name' });
  if (!customer.document) throw validationError('BOLETO_PAYER_DOCUMENT_REQUIRED', 'customer.document (CPF or CNPJ) is required for a boleto', { field: 'customer.document' });
  return { dueDate, payerName: customer.name, payerDocument: customer.document };
}
