import { z } from 'zod';
import { checkedLater } from '../shared/zod-fields';
import { coded, codedMessage, issue, parsePart } from '../shared/zod-input';
import { isCivilDate } from './civil-dates';
import {
  ABATEMENT_MODALITIES,
  DATED_DISCOUNT_MODALITIES,
  DISCOUNT_MODALITIES,
  FINE_MODALITIES,
  INTEREST_MODALITIES,
  type DiscountTerms,
  type DueDateTerms,
} from './due-date-terms';

export const DUE_DATE_LIMITS = {
  defaultValidityAfterDueDays: 30,
  maxValidityAfterDueDays: 365,
  /** A due date at most this many days ahead of the creation. */
  maxDaysAhead: 1_825,
  /** 100.00%, in hundredths of a percent. */
  maxPercent: 10_000,
  maxCents: 100_000_000,
  maxDiscountDates: 3,
} as const;

const PERCENT_WORDS = 'PERCENT modalities take hundredths of a percent (2.5% is 250, at most 10000)';
const CENTS_WORDS = 'the others take cents';

/** `{ modality, value }`: `value` an integer from 1, cents or hundredths of a percent by modality. */
function modalityAndValue<M extends readonly [string, ...string[]]>(field: string, code: string, modalities: M, description: string) {
  const invalid = coded(code, `${field} must be { modality: ${modalities.join(' | ')}, value: positive integer }`);
  return z
    .object({ modality: z.enum(modalities, invalid), value: z.number(invalid).int().safe().min(1) }, invalid)
    .strict()
    .superRefine((v, ctx) => {
      const max = String(v.modality).startsWith('PERCENT') ? DUE_DATE_LIMITS.maxPercent : DUE_DATE_LIMITS.maxCents;
      if (v.value > max) issue(ctx, code, `${field}.value must be at most ${max} for ${v.modality}`, ['value']);
    })
    .nullish()
    .describe(`PIX with dueDate: ${description}; ${PERCENT_WORDS}, ${CENTS_WORDS}`);
}

const INVALID_DISCOUNT = 'INVALID_DISCOUNT';
const DISCOUNT_SHAPE =
  'discount must be { modality, dates: [{ until: YYYY-MM-DD, value }] } for FIXED_UNTIL_DATES and PERCENT_UNTIL_DATES, { modality, value } for the per-day modalities';
const discountMessage = coded(INVALID_DISCOUNT, DISCOUNT_SHAPE);
const DiscountDate = z
  .object({ until: z.string(discountMessage).refine(isCivilDate, { message: codedMessage(INVALID_DISCOUNT, DISCOUNT_SHAPE) }), value: z.number(discountMessage).int().safe().min(1) }, discountMessage)
  .strict();

export const Discount = z
  .object(
    {
      modality: z.enum(DISCOUNT_MODALITIES, discountMessage),
      dates: z.array(DiscountDate, discountMessage).min(1).max(DUE_DATE_LIMITS.maxDiscountDates).optional(),
      value: z.number(discountMessage).int().safe().min(1).optional(),
    },
    discountMessage,
  )
  .strict()
  .superRefine((d, ctx) => {
    const dated = DATED_DISCOUNT_MODALITIES.includes(d.modality);
    if (dated !== (d.dates !== undefined) || dated === (d.value !== undefined)) return issue(ctx, INVALID_DISCOUNT, DISCOUNT_SHAPE, []);
    if (d.dates && new Set(d.dates.map((x) => x.until)).size !== d.dates.length) return issue(ctx, INVALID_DISCOUNT, 'discount.dates must not repeat a date', ['dates']);
    const percent = d.modality.startsWith('PERCENT');
    const max = percent ? DUE_DATE_LIMITS.maxPercent : DUE_DATE_LIMITS.maxCents;
    if ([d.value ?? 0, ...(d.dates ?? []).map((x) => x.value)].some((v) => v > max)) issue(ctx, INVALID_DISCOUNT, `discount values must be at most ${max} for ${d.modality}`, []);
  })
  .nullish()
  .describe(
    `PIX with dueDate: a discount for paying early (API Pix desconto): ${DISCOUNT_MODALITIES.join(', ')}; the dated ones take up to ${DUE_DATE_LIMITS.maxDiscountDates} dates, each on or before dueDate; ${PERCENT_WORDS}, ${CENTS_WORDS}`,
  );

export const ValidityAfterDueDays = z
  .number(coded('INVALID_VALIDITY_AFTER_DUE_DAYS', `validityAfterDueDays must be an integer from 0 to ${DUE_DATE_LIMITS.maxValidityAfterDueDays}`))
  .int()
  .min(0)
  .max(DUE_DATE_LIMITS.maxValidityAfterDueDays)
  .nullish()
  .describe(`PIX with dueDate: calendar days after the due date during which it can still be paid; default ${DUE_DATE_LIMITS.defaultValidityAfterDueDays}`);

export const Fine = modalityAndValue('fine', 'INVALID_FINE', FINE_MODALITIES, 'a fine charged once when paid after the due date (API Pix multa)');
export const Interest = modalityAndValue('interest', 'INVALID_INTEREST', INTEREST_MODALITIES, 'simple interest per day late (API Pix juros)');
export const Abatement = modalityAndValue('abatement', 'INVALID_ABATEMENT', ABATEMENT_MODALITIES, 'taken off whatever the day of payment (API Pix abatimento)');

/** The create body's fields of a charge with a due date, besides `dueDate` (shared with boletos); checked by `dueDateTermsOf`. */
export const DUE_DATE_FIELDS = {
  validityAfterDueDays: checkedLater(ValidityAfterDueDays),
  fine: checkedLater(Fine),
  interest: checkedLater(Interest),
  abatement: checkedLater(Abatement),
  discount: checkedLater(Discount),
};

type DueDateBody = { [K in keyof typeof DUE_DATE_FIELDS]?: unknown } & { dueDate?: unknown };
const TERM_KEYS = Object.keys(DUE_DATE_FIELDS) as (keyof typeof DUE_DATE_FIELDS)[];

/** A term of a charge with a due date given on a method or a charge that has none. */
export function strayDueDateTerm(body: DueDateBody): string | undefined {
  return TERM_KEYS.find((k) => body[k] !== undefined && body[k] !== null);
}

/**
 * The terms of a PIX charge with a due date, once `dueDate` is a valid date: null for
 * an immediate charge (no `dueDate`), `undefined` once an issue is raised. Checked in
 * this order: the terms without a dueDate (`DUE_DATE_REQUIRED`), an expiration beside it
 * (`INVALID_EXPIRATION`), the payer's name and document (`DUE_DATE_PAYER_NAME_REQUIRED`,
 * `DUE_DATE_PAYER_DOCUMENT_REQUIRED`), each term's shape, then the amounts against the
 * charge (`ABATEMENT_TOO_LARGE`, `DISCOUNT_TOO_LARGE`) and the discount dates
 * (`DISCOUNT_DATE_AFTER_DUE_DATE`). The date against today is checked at creation.
 */
export function dueDateTermsOf(
  body: DueDateBody & { expiration?: unknown },
  dueDate: string | null | undefined,
  amount: number,
  /** The charge's customer: the payer of a charge with a due date. */
  customer: { name?: string; document?: string } | null,
  ctx: z.RefinementCtx,
): DueDateTerms | null | undefined {
  if (!dueDate) {
    const stray = strayDueDateTerm(body);
    return stray ? issue(ctx, 'DUE_DATE_REQUIRED', `${stray} applies only to a charge with a dueDate`, [stray]) : null;
  }
  if (body.expiration !== undefined && body.expiration !== null) {
    return issue(ctx, 'INVALID_EXPIRATION', 'expiration does not apply to a charge with a dueDate (it stays payable until validityAfterDueDays after it)', ['expiration']);
  }
  if (!customer?.name) return issue(ctx, 'DUE_DATE_PAYER_NAME_REQUIRED', 'customer.name is required for a charge with a dueDate', ['customer', 'name']);
  if (!customer.document) return issue(ctx, 'DUE_DATE_PAYER_DOCUMENT_REQUIRED', 'customer.document (CPF or CNPJ) is required for a charge with a dueDate', ['customer', 'document']);
  const validity = parsePart(ctx, ValidityAfterDueDays, body.validityAfterDueDays, ['validityAfterDueDays']);
  const fine = validity && parsePart(ctx, Fine, body.fine, ['fine']);
  const interest = fine && parsePart(ctx, Interest, body.interest, ['interest']);
  const abatement = interest && parsePart(ctx, Abatement, body.abatement, ['abatement']);
  const discount = abatement && parsePart(ctx, Discount, body.discount, ['discount']);
  if (!discount) return undefined;
  const reduction = (modality: string, value: number) => (modality.startsWith('PERCENT') ? value >= DUE_DATE_LIMITS.maxPercent : value >= amount);
  if (abatement.value && reduction(abatement.value.modality, abatement.value.value)) {
    return issue(ctx, 'ABATEMENT_TOO_LARGE', 'abatement must be less than the amount (or 100%)', ['abatement', 'value']);
  }
  const d = discount.value as (z.output<typeof Discount> & {}) | null | undefined;
  const terms: DiscountTerms | null = !d ? null : d.dates ? { modality: d.modality as 'FIXED_UNTIL_DATES', dates: d.dates } : { modality: d.modality as 'AMOUNT_PER_CALENDAR_DAY_EARLY', value: d.value! };
  if (terms && 'dates' in terms) {
    if (terms.dates.some((x) => reduction(terms.modality, x.value))) return issue(ctx, 'DISCOUNT_TOO_LARGE', 'each discount must be less than the amount (or 100%)', ['discount']);
    if (terms.dates.some((x) => x.until > dueDate)) return issue(ctx, 'DISCOUNT_DATE_AFTER_DUE_DATE', 'discount dates must be on or before dueDate', ['discount', 'dates']);
  } else if (terms && reduction(terms.modality, terms.value)) {
    return issue(ctx, 'DISCOUNT_TOO_LARGE', 'the discount per day must be less than the amount (or 100%)', ['discount', 'value']);
  }
  return {
    dueDate,
    validityAfterDueDays: validity.value ?? DUE_DATE_LIMITS.defaultValidityAfterDueDays,
    fine: fine.value ?? null,
    interest: interest.value ?? null,
    abatement: abatement.value ?? null,
    discount: terms,
  };
}
