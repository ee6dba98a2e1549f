import type Holidays from 'date-holidays';
import type { HolidayCalendar } from '../../domain/privacy/business-days';

/**
 * Brazilian national holidays from the maintained `date-holidays` data (type `public`
 * at country level: Ano Novo, Sexta-Feira Santa, Tiradentes, Dia do Trabalhador,
 * Independência, Nossa Senhora Aparecida, Finados, Proclamação da República,
 * Consciência Negra, Natal, and national election days). Carnaval and Corpus Christi
 * are optional points there, not national holidays, so they count as business days.
 * The package holds every country's rules (about 5 MB of heap), so it is loaded on the
 * first question, which only erasure deadlines ask.
 */
export class BrazilHolidays implements HolidayCalendar {
  private data?: Holidays;
  private readonly years = new Map<number, Set<string>>();

  isNationalHoliday(day: string): boolean {
    const year = Number(day.slice(0, 4));
    let set = this.years.get(year);
    if (!set) {
      const data = (this.data ??= new (require('date-holidays') as typeof Holidays)('BR'));
      set = new Set(data.getHolidays(year).filter((h) => h.type === 'public').map((h) => h.date.slice(0, 10)));
      this.years.set(year, set);
    }
    return set.has(day);
  }
}
