import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, civilDayAt, daysBetween, isBusinessDay, isCivilDay, nextBusinessDayFrom, startOfCivilDay } from './civil-day';

const holidays = (days: string[]) => ({ isNationalHoliday: (d: string) => days.includes(d) });

describe('civil days', () => {
  it('accepts real dates only', () => {
    expect(isCivilDay('2028-02-29')).toBe(true);
    expect(isCivilDay('2027-02-29')).toBe(false);
    expect(isCivilDay('2027-13-01')).toBe(false);
    expect(isCivilDay('2027-1-01')).toBe(false);
  });

  it('reads the day in Brasília (UTC-3)', () => {
    expect(civilDayAt(new Date('2027-01-10T02:59:59Z'))).toBe('2027-01-09');
    expect(civilDayAt(new Date('2027-01-10T03:00:00Z'))).toBe('2027-01-10');
    expect(startOfCivilDay('2027-01-10').toISOString()).toBe('2027-01-10T03:00:00.000Z');
  });

  it('clamps a month-end to the shorter month', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2027-01-31', 2)).toBe('2027-03-31');
    expect(addMonths('2027-11-30', 3)).toBe('2028-02-29');
    expect(addMonths('2027-12-15', 1)).toBe('2028-01-15');
  });

  it('adds days across months and years', () => {
    expect(addDays('2027-12-30', 3)).toBe('2028-01-02');
    expect(daysBetween('2027-12-30', '2028-01-02')).toBe(3);
  });

  it('rolls weekends and holidays to the next business day', () => {
    const cal = holidays(['2027-04-21']);
    expect(isBusinessDay('2027-04-21', cal)).toBe(false);
    expect(nextBusinessDayFrom('2027-04-17', cal)).toBe('2027-04-19'); // Saturday -> Monday
    expect(nextBusinessDayFrom('2027-04-21', cal)).toBe('2027-04-22');
    expect(nextBusinessDayFrom('2027-04-22', cal)).toBe('2027-04-22');
  });

  it('adding months never leaves the target month and never passes the anchor day (property)', () => {
    const day = fc.date({ min: new Date('2000-01-01'), max: new Date('2090-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 600 }), (d, n) => {
        const r = addMonths(d, n);
        expect(isCivilDay(r)).toBe(true);
        const [y, m, dd] = d.split('-').map(Number) as [number, number, number];
        const [ry, rm, rd] = r.split('-').map(Number) as [number, number, number];
        expect(ry * 12 + rm - (y * 12 + m)).toBe(n);
        expect(rd).toBeLessThanOrEqual(dd);
      }),
    );
  });
});
