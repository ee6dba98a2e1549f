import { describe, expect, it } from 'vitest';
import { BrazilHolidays } from './brazil-holidays';

describe('BrazilHolidays', () => {
  const calendar = new BrazilHolidays();

  it('knows the national holidays of any year, fixed and movable', () => {
    expect(calendar.isNationalHoliday('2026-04-21')).toBe(true); // Tiradentes
    expect(calendar.isNationalHoliday('2026-04-03')).toBe(true); // Sexta-Feira Santa
    expect(calendar.isNationalHoliday('2027-03-26')).toBe(true); // Sexta-Feira Santa
    expect(calendar.isNationalHoliday('2026-11-20')).toBe(true); // Consciência Negra
  });

  it('counts Carnaval, Corpus Christi and ordinary days as business days', () => {
    expect(calendar.isNationalHoliday('2026-02-17')).toBe(false); // Carnaval
    expect(calendar.isNationalHoliday('2026-06-04')).toBe(false); // Corpus Christi
    expect(calendar.isNationalHoliday('2026-11-24')).toBe(false);
  });
});
