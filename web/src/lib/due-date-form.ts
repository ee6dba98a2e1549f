import { billingCodes } from './labels/billing-labels';
import { parseReais } from './money';

/** The modalities the form offers, in API Pix's order: those the labels name (a test holds them equal to the API's). */
export const FIXED_OR_PERCENT = billingCodes('DueDateFixedOrPercent');
export const INTEREST_MODALITIES = billingCodes('DueDateInterest');
export const DISCOUNT_MODALITIES = billingCodes('DueDateDiscount');
/** API Pix takes up to three discount dates. */
export const MAX_DISCOUNT_DATES = 3;

/** A term as typed: no modality is no term; the value in reais, or in percent for a PERCENT_* modality. */
export interface TermDraft {
  modality: string;
  value: string;
}

export interface DiscountDateDraft {
  until: string;
  value: string;
}

export interface DueDateDraft {
  payerName: string;
  payerDocument: string;
  dueDate: string;
  validityAfterDueDays: string;
  fine: TermDraft;
  interest: TermDraft;
  abatement: TermDraft;
  discount: TermDraft & { dates: DiscountDateDraft[] };
}

export const emptyDueDateDraft = (): DueDateDraft => ({
  payerName: '',
  payerDocument: '',
  dueDate: '',
  validityAfterDueDays: '30',
  fine: { modality: '', value: '' },
  interest: { modality: '', value: '' },
  abatement: { modality: '', value: '' },
  discount: { modality: '', value: '', dates: [{ until: '', value: '' }] },
});

export const isPercentModality = (modality: string): boolean => modality.startsWith('PERCENT');
export const isDatedDiscount = (modality: string): boolean => modality.endsWith('_UNTIL_DATES');

/** What the API takes: cents for an amount, hundredths of a percent for a percentage ("2,5" % is 250); both are two decimals. */
const termValue = (text: string): number | null => parseReais(text);

type Term = { modality: string; value: number };
export interface DueDateInput {
  dueDate: string;
  validityAfterDueDays: number;
  customer: { name: string; document: string };
  fine?: Term;
  interest?: Term;
  abatement?: Term;
  discount?: { modality: string; value?: number; dates?: { until: string; value: number }[] };
}

export type DueDateResult = { ok: true; input: DueDateInput } | { ok: false; code: string };

function term(draft: TermDraft, code: string): Term | undefined | string {
  if (!draft.modality) return undefined;
  const value = termValue(draft.value);
  return value === null ? code : { modality: draft.modality, value };
}

/**
 * The form's due-date fields as the fields of CreateTransactionInput, or the code of
 * the first field that is no amount or percentage. The rules between fields (dates,
 * sizes) stay with the API, which answers each with its own code.
 */
export function dueDateInput(d: DueDateDraft): DueDateResult {
  if (!/^\d{1,3}$/.test(d.validityAfterDueDays.trim())) return { ok: false, code: 'INVALID_VALIDITY_AFTER_DUE_DAYS' };
  const input: DueDateInput = {
    dueDate: d.dueDate,
    validityAfterDueDays: Number(d.validityAfterDueDays.trim()),
    customer: { name: d.payerName.trim(), document: d.payerDocument.trim() },
  };
  for (const [key, code] of [['fine', 'INVALID_FINE'], ['interest', 'INVALID_INTEREST'], ['abatement', 'INVALID_ABATEMENT']] as const) {
    const t = term(d[key], code);
    if (typeof t === 'string') return { ok: false, code: t };
    if (t) input[key] = t;
  }
  const discount = d.discount;
  if (discount.modality && isDatedDiscount(discount.modality)) {
    const typed = discount.dates.filter((x) => x.until || x.value);
    const dates = typed.map((x) => ({ until: x.until, value: termValue(x.value) }));
    if (dates.length === 0 || dates.some((x) => !x.until || x.value === null)) return { ok: false, code: 'INVALID_DISCOUNT' };
    input.discount = { modality: discount.modality, dates: dates.map((x) => ({ until: x.until, value: x.value as number })) };
  } else if (discount.modality) {
    const t = term(discount, 'INVALID_DISCOUNT');
    if (typeof t === 'string') return { ok: false, code: t };
    input.discount = t;
  }
  return { ok: true, input };
}
