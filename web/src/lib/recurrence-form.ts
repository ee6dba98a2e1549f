import { parseReais } from './money';

/** The new-recurrence form as typed: amounts in reais, dates as the date inputs give them. */
export interface RecurrenceDraft {
  contractNumber: string;
  contractObject: string;
  payerName: string;
  payerDocument: string;
  period: string;
  firstDate: string;
  lastDate: string;
  amountType: string;
  amount: string;
  minimumAmount: string;
  retryPolicy: string;
  journey: string;
  firstPaymentAmount: string;
}

export const emptyRecurrenceDraft = (): RecurrenceDraft => ({
  contractNumber: '',
  contractObject: '',
  payerName: '',
  payerDocument: '',
  period: 'MONTHLY',
  firstDate: '',
  lastDate: '',
  amountType: 'FIXED',
  amount: '',
  minimumAmount: '',
  retryPolicy: 'NONE',
  journey: 'QR',
  firstPaymentAmount: '',
});

export interface RecurrenceInput {
  contract: { number: string; object?: string; payer: { name: string; document: string } };
  calendar: { firstDate: string; lastDate?: string; period: string };
  amountType: string;
  amount?: number;
  minimumAmount?: number;
  retryPolicy: string;
  journey: string;
  firstPaymentAmount?: number;
}

export type RecurrenceResult = { ok: true; input: RecurrenceInput } | { ok: false; code: string };

/**
 * CreateRecurrenceInput from the form: only the fields its amount type and journey take,
 * amounts in cents; INVALID_AMOUNT for an amount that is no amount of reais. The API
 * checks every rule again and answers each with its own code.
 */
export function recurrenceInput(d: RecurrenceDraft): RecurrenceResult {
  const cents = (text: string) => (text.trim() ? parseReais(text) : undefined);
  const amount = d.amountType === 'FIXED' ? cents(d.amount) : undefined;
  const minimumAmount = d.amountType === 'VARIABLE' ? cents(d.minimumAmount) : undefined;
  const firstPaymentAmount = d.journey === 'QR_WITH_FIRST_PAYMENT' ? cents(d.firstPaymentAmount) : undefined;
  if (amount === null || minimumAmount === null || firstPaymentAmount === null) return { ok: false, code: 'INVALID_AMOUNT' };
  const input: RecurrenceInput = {
    contract: { number: d.contractNumber.trim(), payer: { name: d.payerName.trim(), document: d.payerDocument.trim() } },
    calendar: { firstDate: d.firstDate, period: d.period },
    amountType: d.amountType,
    retryPolicy: d.retryPolicy,
    journey: d.journey,
  };
  if (d.contractObject.trim()) input.contract.object = d.contractObject.trim();
  if (d.lastDate) input.calendar.lastDate = d.lastDate;
  if (amount !== undefined) input.amount = amount;
  if (minimumAmount !== undefined) input.minimumAmount = minimumAmount;
  if (firstPaymentAmount !== undefined) input.firstPaymentAmount = firstPaymentAmount;
  return { ok: true, input };
}
