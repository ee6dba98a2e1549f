import type { HolidayCalendar } from '../privacy/business-days';

/** A civil date, `YYYY-MM-DD` (no time, no zone). */
export type CivilDate = string;

const DAY_MS = 86_400_000;
/** Brasília has kept UTC-3 all year since 2019 (no daylight saving time). */
const BRASILIA_OFFSET_MS = -3 * 3_600_000;

const CIVIL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written `YYYY-MM-DD` (2021-02-29 is not one). */
export function isCivilDate(value: string): boolean {
  const m = CIVIL_DATE.exec(value);
  if (!m) return false;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().slice(0, 10) === value;
}

const toMs = (d: CivilDate) => Date.parse(`${d}T00:00:00Z`);
const fromMs = (ms: number): CivilDate => new Date(ms).toISOString().slice(0, 10);

export const addDays = (d: CivilDate, n: number): CivilDate => fromMs(toMs(d) + n * DAY_MS);

/** Calendar days from `a` to `b` (negative when `b` is before `a`). */
export const daysBetween = (a: CivilDate, b: CivilDate): number => Math.round((toMs(b) - toMs(a)) / DAY_MS);

/** The civil date in Brasília at the instant `at`. */
export const brasiliaDate = (at: Date): CivilDate => fromMs(at.getTime() + BRASILIA_OFFSET_MS);

/** The last instant (23:59:59.999 in Brasília) of a civil date. */
export const endOfBrasiliaDay = (d: CivilDate): Date => new Date(toMs(d) + DAY_MS - 1 - BRASILIA_OFFSET_MS);

export function isBusinessDay(d: CivilDate, calendar: HolidayCalendar): boolean {
  const weekday = new Date(toMs(d)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !calendar.isNationalHoliday(d);
}

/** `d` itself when it is a business day, else the first business day after it. */
export function businessDayOnOrAfter(d: CivilDate, calendar: HolidayCalendar): CivilDate {
  let day = d;
  while (!isBusinessDay(day, calendar)) day = addDays(day, 1);
  return day;
}

/** Business days `x` with `from < x <= until` (0 when `until` is not after `from`). */
export function businessDaysBetween(from: CivilDate, until: CivilDate, calendar: HolidayCalendar): number {
  let count = 0;
  for (let day = addDays(from, 1); day <= until; day = addDays(day, 1)) if (isBusinessDay(day, calendar)) count++;
  return count;
}
