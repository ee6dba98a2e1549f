/** National holidays, by civil date in Brasília (`YYYY-MM-DD`). */
export interface HolidayCalendar {
  isNationalHoliday(day: string): boolean;
}

/** Brasília has kept UTC-3 all year since 2019 (no daylight saving time). */
const BRASILIA_OFFSET_MS = -3 * 3_600_000;
const DAY_MS = 86_400_000;

const civilDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The end (23:59:59.999 in Brasília) of the `n`-th business day after `from`: counting
 * starts the next day and skips Saturdays, Sundays and national holidays.
 */
export function businessDaysDeadline(from: Date, n: number, calendar: HolidayCalendar): Date {
  // Midnight of the request's civil day in Brasília, expressed as a UTC "civil" clock.
  let civil = Math.floor((from.getTime() + BRASILIA_OFFSET_MS) / DAY_MS) * DAY_MS;
  let counted = 0;
  while (counted < n) {
    civil += DAY_MS;
    const weekday = new Date(civil).getUTCDay();
    if (weekday === 0 || weekday === 6 || calendar.isNationalHoliday(civilDay(civil))) continue;
    counted++;
  }
  return new Date(civil + DAY_MS - 1 - BRASILIA_OFFSET_MS);
}
