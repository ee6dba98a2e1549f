import type { HolidayCalendar } from '../privacy/business-days';
import { DomainError, validationError } from '../shared/errors';
import type { Cents } from '../shared/money';
import { amountDue } from './amount-due';
import { addDays, brasiliaDate, endOfBrasiliaDay, type CivilDate } from './civil-dates';
import { lastPayableDate } from './amount-due';
import { DUE_DATE_LIMITS } from './due-date-input';
import type { AmountComponents, DueDateTerms } from './due-date-terms';

/** What a PIX charge with a due date keeps beside the transaction. */
export interface DueDateCharge {
  terms: DueDateTerms;
  /** The amount asked on the due date before any term (the transaction's `amount` becomes what was paid). */
  originalAmount: Cents;
  /** The last day it can be paid (the charge expires at the end of it, Brasília time). */
  lastPayableDate: CivilDate;
  /** Once paid: the amount paid split into its components. */
  paid: AmountComponents | null;
}

/**
 * A new charge with a due date, checked against the day of its creation (Brasília): the
 * due date from today to `DUE_DATE_LIMITS.maxDaysAhead` days ahead (`INVALID_DUE_DATE`).
 * `expiresAt` is the end of its last payable day.
 */
export function openDueDateCharge(terms: DueDateTerms, amount: Cents, now: Date, calendar: HolidayCalendar): { charge: DueDateCharge; expiresAt: Date } {
  const today = brasiliaDate(now);
  if (terms.dueDate < today) throw validationError('INVALID_DUE_DATE', `dueDate must be today (${today}) or later`, { field: 'dueDate' });
  const latest = addDays(today, DUE_DATE_LIMITS.maxDaysAhead);
  if (terms.dueDate > latest) throw validationError('INVALID_DUE_DATE', `dueDate must be at most ${DUE_DATE_LIMITS.maxDaysAhead} days ahead (${latest})`, { field: 'dueDate' });
  const last = lastPayableDate(terms, calendar);
  return { charge: { terms, originalAmount: amount, lastPayableDate: last, paid: null }, expiresAt: endOfBrasiliaDay(last) };
}

/** The components of a payment made on `paymentDate`, or 422 DUE_DATE_CHARGE_NOT_PAYABLE after the last payable day. */
export function dueDatePayment(charge: DueDateCharge, paymentDate: CivilDate, calendar: HolidayCalendar): AmountComponents {
  const due = amountDue(charge.terms, charge.originalAmount, paymentDate, calendar);
  if (!due.payable) {
    throw new DomainError('DUE_DATE_CHARGE_NOT_PAYABLE', `the charge could be paid until ${due.lastPayableDate}; it cannot be paid on ${paymentDate}`, 'UNPROCESSABLE', {
      lastPayableDate: due.lastPayableDate,
    });
  }
  return due.components;
}
