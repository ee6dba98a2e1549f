import type { HolidayCalendar } from '../privacy/business-days';

/** A civil date (`YYYY-MM-DD`) in Brasília, the calendar of every PIX Automático date. */
export type CivilDay = string;

const DAY_MS = 86_400_000;
/** Brasília has kept UTC-3 all year since 2019. */
const BRASILIA_OFFSET_MS = -3 * 3_600_000;
const CIVIL_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const toMs = (day: CivilDay): number => Date.parse(`${day}T00:00:00Z`);
const fromMs = (ms: number): CivilDay => new Date(ms).toISOString().slice(0, 10);

/** Whether `s` is a real calendar date written `YYYY-MM-DD` (no 2027-02-30). */
export function isCivilDay(s: string): boolean {
  const m = CIVIL_DAY.exec(s);
  if (!m) return false;
  const ms = toMs(s);
  return Number.isFinite(ms) && fromMs(ms) === s;
}

/** The civil day in Brasília at instant `at`. */
export const civilDayAt = (at: Date): CivilDay => fromMs(at.getTime() + BRASILIA_OFFSET_MS);

/** Midnight in Brasília at the start of `day`, as an instant. */
export const startOfCivilDay = (day: CivilDay): Date => new Date(toMs(day) - BRASILIA_OFFSET_MS);

export const addDays = (day: CivilDay, n: number): CivilDay => fromMs(toMs(day) + n * DAY_MS);

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: CivilDay, to: CivilDay): number => Math.round((toMs(to) - toMs(from)) / DAY_MS);

const daysInMonth = (year: number, month0: number): number => new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();

/**
 * `day` plus `n` months; a day the target month lacks becomes its last day (31 January
 * plus one month is 28 or 29 February). Always count from the same anchor: chaining
 * would drift (31 Jan, 28 Feb, 28 Mar...).
 */
export function addMonths(day: CivilDay, n: number): CivilDay {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const months = y * 12 + (m - 1) + n;
  const year = Math.floor(months / 12);
  const month0 = months % 12;
  const dd = Math.min(d, daysInMonth(year, month0));
  return `${String(year).padStart(4, '0')}-${String(month0 + 1).padStart(2, '0')}-${String(dd).padStart(2, '0')}`;
}

/** Saturdays, Sundays and national holidays are not business days. */
export function isBusinessDay(day: CivilDay, holidays: HolidayCalendar): boolean {
  const weekday = new Date(toMs(day)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.isNationalHoliday(day);
}

/** `day` itself when a business day, else the next business day. */
export function nextBusinessDayFrom(day: CivilDay, holidays: HolidayCalendar): CivilDay {
  let d = day;
  while (!isBusinessDay(d, holidays)) d = addDays(d, 1);
  return d;
}
