import type { HolidayCalendar } from '../privacy/business-days';
import type { Cents } from '../shared/money';
import { addDays, businessDayOnOrAfter, businessDaysBetween, daysBetween, type CivilDate } from './civil-dates';
import type { AmountComponents, DiscountTerms, DueDateTerms, InterestModality } from './due-date-terms';

export type AmountDue =
  | { payable: true; components: AmountComponents }
  /** Paid after the last payable day: the charge is no longer payable (expired). */
  | { payable: false; lastPayableDate: CivilDate };

/** The due date, moved to the next business day when it falls on a weekend or a national holiday. */
export const rolledDueDate = (terms: Pick<DueDateTerms, 'dueDate'>, calendar: HolidayCalendar): CivilDate =>
  businessDayOnOrAfter(terms.dueDate, calendar);

/**
 * The last day the charge can be paid: `validityAfterDueDays` calendar days after the rolled
 * due date, itself moved to the next business day (the spec's examples A to G).
 */
export const lastPayableDate = (terms: Pick<DueDateTerms, 'dueDate' | 'validityAfterDueDays'>, calendar: HolidayCalendar): CivilDate =>
  businessDayOnOrAfter(addDays(rolledDueDate(terms, calendar), terms.validityAfterDueDays), calendar);

/** round-half-up(amount × hundredthsOfPercent × units / (10,000 × per)), exact for any safe input. */
function percentOf(amount: Cents, hundredthsOfPercent: number, units = 1, per = 1): Cents {
  const numerator = BigInt(amount) * BigInt(hundredthsOfPercent) * BigInt(units) * 2n;
  const denominator = 10_000n * BigInt(per) * 2n;
  return Number((numerator + denominator / 2n) / denominator);
}

/** How many days a rate "per month" or "per year" spreads over: commercial month and year for calendar days, 21 and 252 business days. */
const INTEREST_RULES: Record<InterestModality, { businessDays: boolean; percent: boolean; per: number }> = {
  AMOUNT_PER_CALENDAR_DAY: { businessDays: false, percent: false, per: 1 },
  PERCENT_PER_DAY_CALENDAR_DAYS: { businessDays: false, percent: true, per: 1 },
  PERCENT_PER_MONTH_CALENDAR_DAYS: { businessDays: false, percent: true, per: 30 },
  PERCENT_PER_YEAR_CALENDAR_DAYS: { businessDays: false, percent: true, per: 360 },
  AMOUNT_PER_BUSINESS_DAY: { businessDays: true, percent: false, per: 1 },
  PERCENT_PER_DAY_BUSINESS_DAYS: { businessDays: true, percent: true, per: 1 },
  PERCENT_PER_MONTH_BUSINESS_DAYS: { businessDays: true, percent: true, per: 21 },
  PERCENT_PER_YEAR_BUSINESS_DAYS: { businessDays: true, percent: true, per: 252 },
};

function interestDue(terms: DueDateTerms, original: Cents, due: CivilDate, payDate: CivilDate, calendar: HolidayCalendar): Cents {
  if (!terms.interest) return 0;
  const rule = INTEREST_RULES[terms.interest.modality];
  const days = rule.businessDays ? businessDaysBetween(due, payDate, calendar) : daysBetween(due, payDate);
  return rule.percent ? percentOf(original, terms.interest.value, days, rule.per) : terms.interest.value * days;
}

function discountDue(discount: DiscountTerms | null, original: Cents, due: CivilDate, payDate: CivilDate, calendar: HolidayCalendar): Cents {
  if (!discount) return 0;
  switch (discount.modality) {
    case 'FIXED_UNTIL_DATES':
    case 'PERCENT_UNTIL_DATES': {
      // The nearest date not yet passed; a date on a non-business day holds until the next business day.
      const open = [...discount.dates].sort((a, b) => (a.until < b.until ? -1 : 1)).find((d) => payDate <= businessDayOnOrAfter(d.until, calendar));
      if (!open) return 0;
      return discount.modality === 'FIXED_UNTIL_DATES' ? open.value : percentOf(original, open.value);
    }
    case 'AMOUNT_PER_CALENDAR_DAY_EARLY':
      return discount.value * daysBetween(payDate, due);
    case 'AMOUNT_PER_BUSINESS_DAY_EARLY':
      return discount.value * businessDaysBetween(payDate, due, calendar);
    case 'PERCENT_PER_CALENDAR_DAY_EARLY':
      return percentOf(original, discount.value, daysBetween(payDate, due));
    case 'PERCENT_PER_BUSINESS_DAY_EARLY':
      return percentOf(original, discount.value, businessDaysBetween(payDate, due, calendar));
  }
}

/**
 * What a charge with a due date asks on `payDate` (a civil date in Brasília), by API Pix
 * `cobv`'s rules. Days are counted from the rolled due date: paid on or before it, no fine
 * and no interest, and the discount in force applies; paid after it, the fine once and
 * simple interest on the original for each day (calendar or business, by modality) late,
 * and no discount. The abatement applies on every day. Percentages are of the original.
 * Rounding: each component is rounded half up to the cent on its own (interest once for
 * all its days), then `final` is their sum. The reductions (abatement, then discount)
 * never take the charge below one cent. After the last payable day nothing is due: the
 * charge has expired.
 */
export function amountDue(terms: DueDateTerms, original: Cents, payDate: CivilDate, calendar: HolidayCalendar): AmountDue {
  const lastPayable = lastPayableDate(terms, calendar);
  if (payDate > lastPayable) return { payable: false, lastPayableDate: lastPayable };
  const due = rolledDueDate(terms, calendar);
  const late = payDate > due;
  const fine = !late || !terms.fine ? 0 : terms.fine.modality === 'FIXED' ? terms.fine.value : percentOf(original, terms.fine.value);
  const interest = late ? interestDue(terms, original, due, payDate, calendar) : 0;
  const abatementAsked = !terms.abatement ? 0 : terms.abatement.modality === 'FIXED' ? terms.abatement.value : percentOf(original, terms.abatement.value);
  const abatement = Math.min(abatementAsked, original - 1);
  const discount = late ? 0 : Math.min(discountDue(terms.discount, original, due, payDate, calendar), original - abatement - 1);
  return { payable: true, components: { original, fine, interest, abatement, discount, final: original + fine + interest - abatement - discount } };
}
