import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysBetween } from './civil-day';
import { cycleDueDate, cycleIsCovered, settlementDate, type RecurrencePeriod } from './recurrence-calendar';

describe('recurrence calendar', () => {
  it('dates each period from the first date', () => {
    const at = (period: RecurrencePeriod, i: number) => cycleDueDate({ firstDate: '2027-01-31', period }, i);
    expect([0, 1, 2].map((i) => at('WEEKLY', i))).toEqual(['2027-01-31', '2027-02-07', '2027-02-14']);
    expect([0, 1, 2, 3].map((i) => at('MONTHLY', i))).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
    expect([1, 2].map((i) => at('QUARTERLY', i))).toEqual(['2027-04-30', '2027-07-31']);
    expect(at('HALF_YEARLY', 1)).toBe('2027-07-31');
    expect(cycleDueDate({ firstDate: '2028-02-29', period: 'YEARLY' }, 1)).toBe('2029-02-28');
    expect(cycleDueDate({ firstDate: '2028-02-29', period: 'YEARLY' }, 4)).toBe('2032-02-29');
  });

  it('covers cycles up to the last date', () => {
    const cal = { firstDate: '2027-01-10', lastDate: '2027-12-10', period: 'MONTHLY' as const };
    expect(cycleIsCovered(cal, 11)).toBe(true);
    expect(cycleIsCovered(cal, 12)).toBe(false);
    expect(cycleIsCovered({ ...cal, lastDate: null }, 500)).toBe(true);
  });

  it('refuses a negative cycle', () => {
    expect(() => cycleDueDate({ firstDate: '2027-01-10', period: 'MONTHLY' }, -1)).toThrow();
  });

  it('settles on the next business day after a weekend or holiday', () => {
    const cal = { isNationalHoliday: (d: string) => d === '2027-11-15' };
    expect(settlementDate('2027-11-13', cal)).toBe('2027-11-16'); // Saturday, Sunday, Monday holiday
    expect(settlementDate('2027-11-12', cal)).toBe('2027-11-12');
  });

  it('cycles are strictly increasing and their spacing stays within the period (property)', () => {
    const spacing: Record<RecurrencePeriod, [number, number]> = { WEEKLY: [7, 7], MONTHLY: [28, 31], QUARTERLY: [89, 92], HALF_YEARLY: [181, 184], YEARLY: [365, 366] };
    const first = fc.date({ min: new Date('2025-01-01'), max: new Date('2060-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(first, fc.constantFrom(...(Object.keys(spacing) as RecurrencePeriod[])), fc.integer({ min: 0, max: 60 }), (firstDate, period, i) => {
        const gap = daysBetween(cycleDueDate({ firstDate, period }, i), cycleDueDate({ firstDate, period }, i + 1));
        const [min, max] = spacing[period];
        expect(gap).toBeGreaterThanOrEqual(min);
        expect(gap).toBeLessThanOrEqual(max);
      }),
    );
  });
});
