import Holidays from 'date-holidays';
import type { HolidayCalendar } from '../../src/domain/privacy/business-days';

/**
 * The national holidays a PSP rolls due dates over (`date-holidays`, Brazil, its `public`
 * days), computed once per year asked; the package's data is loaded on the first question.
 */
export function nationalHolidays(): HolidayCalendar {
  let brazil: Holidays | undefined;
  const byYear = new Map<string, Set<string>>();
  return {
    isNationalHoliday(day) {
      const year = day.slice(0, 4);
      if (!byYear.has(year)) byYear.set(year, new Set((brazil ??= new Holidays('BR')).getHolidays(Number(year)).flatMap((h) => (h.type === 'public' ? [h.date.slice(0, 10)] : []))));
      return byYear.get(year)!.has(day);
    },
  };
}
