import type { HolidayCalendar } from '../privacy/business-days';
import { addDays, addMonths, nextBusinessDayFrom, type CivilDay } from './civil-day';

export const RECURRENCE_PERIODS = ['WEEKLY', 'MONTHLY', 'QUARTERLY', 'HALF_YEARLY', 'YEARLY'] as const;
export type RecurrencePeriod = (typeof RECURRENCE_PERIODS)[number];

/** Our period words and the API Pix `calendario.periodicidade` they stand for. */
export const PERIOD_IN_SPEC: Readonly<Record<RecurrencePeriod, string>> = {
  WEEKLY: 'SEMANAL',
  MONTHLY: 'MENSAL',
  QUARTERLY: 'TRIMESTRAL',
  HALF_YEARLY: 'SEMESTRAL',
  YEARLY: 'ANUAL',
};

const MONTHS: Readonly<Record<Exclude<RecurrencePeriod, 'WEEKLY'>, number>> = { MONTHLY: 1, QUARTERLY: 3, HALF_YEARLY: 6, YEARLY: 12 };

export interface RecurrenceCalendar {
  /** The expected date of the first payment (`dataInicial`). */
  firstDate: CivilDay;
  /** The last day the authorisation covers (`dataFinal`); null: until cancelled. */
  lastDate: CivilDay | null;
  period: RecurrencePeriod;
}

/**
 * The due date of cycle `index` (0 is the first date). Months count from the first date,
 * so a recurrence starting on the 31st is due on the last day of shorter months and on
 * the 31st again afterwards.
 */
export function cycleDueDate(calendar: Pick<RecurrenceCalendar, 'firstDate' | 'period'>, index: number): CivilDay {
  if (!Number.isSafeInteger(index) || index < 0) throw new Error(`cycle index must be a non-negative integer, got ${index}`);
  if (calendar.period === 'WEEKLY') return addDays(calendar.firstDate, 7 * index);
  return addMonths(calendar.firstDate, MONTHS[calendar.period] * index);
}

/** Whether cycle `index` falls within the authorisation (on or before its last date). */
export const cycleIsCovered = (calendar: RecurrenceCalendar, index: number): boolean =>
  calendar.lastDate === null || cycleDueDate(calendar, index) <= calendar.lastDate;

/**
 * The day the payer's institution is expected to settle a cycle: its due date, moved to
 * the next business day when it is not one (`cobr.ajusteDiaUtil`, true by default in the
 * spec and always true here).
 */
export const settlementDate = (dueDate: CivilDay, holidays: HolidayCalendar): CivilDay => nextBusinessDayFrom(dueDate, holidays);
