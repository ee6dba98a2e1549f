import { z } from 'zod';
import { refine } from '../shared/zod-effects';
import { coded, issue } from '../shared/zod-input';
import type { Customer } from '../transactions/transaction.types';
import { parseIsoDate } from './febraban';

export interface BoletoFields {
  /** YYYY-MM-DD, or null for the default (see BOLETO_LIMITS). */
  dueDate: string | null;
  payerName: string;
  payerDocument: string;
}

const isCalendarDate = (v: string): boolean => {
  try {
    parseIsoDate(v);
    return true;
  } catch {
    return false;
  }
};

/** `dueDate` of a BOLETO create. Date bounds are checked against the clock at creation. */
const INVALID_DUE_DATE = ['INVALID_DUE_DATE', 'dueDate must be a calendar date YYYY-MM-DD'] as const;
export const DueDate = refine(z.string(coded(...INVALID_DUE_DATE)).regex(/^\d{4}-\d{2}-\d{2}$/), (v, ctx) => {
  if (!isCalendarDate(v)) issue(ctx, ...INVALID_DUE_DATE, []);
})
  .nullish()
  .describe('BOLETO: YYYY-MM-DD, today to 180 days ahead (São Paulo); default 3 days ahead');

/** The boleto's fields once `dueDate` is valid: the payer is the customer, whose name and document are required. */
export function boletoFields(dueDate: string | null | undefined, customer: Customer | null, ctx: z.RefinementCtx): BoletoFields | undefined {
  if (!customer?.name) return issue(ctx, 'BOLETO_PAYER_NAME_REQUIRED', 'customer.name is required for a boleto', ['customer', 'name']);
  if (!customer.document) return issue(ctx, 'BOLETO_PAYER_DOCUMENT_REQUIRED', 'customer.document (CPF or CNPJ) is required for a boleto', ['customer', 'document']);
  return { dueDate: dueDate ?? null, payerName: customer.name, payerDocument: customer.document };
}
