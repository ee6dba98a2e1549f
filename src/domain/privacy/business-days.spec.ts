import { describe, expect, it } from 'vitest';
import { businessDaysDeadline, type HolidayCalendar } from './business-days';

const holidays = (...days: string[]): HolidayCalendar => ({ isNationalHoliday: (d) => days.includes(d) });

describe('businessDaysDeadline', () => {
  it('counts 15 weekdays from the next day when no holiday falls in between', () => {
    // Monday 2026-03-02 10:00 in Brasília: 15 business days end on Monday 2026-03-23.
    const due = businessDaysDeadline(new Date('2026-03-02T13:00:00Z'), 15, holidays());
    expect(due.toISOString()).toBe('2026-03-24T02:59:59.999Z');
  });

  it('skips a national holiday (Tiradentes, Tuesday 2026-04-21)', () => {
    // Thursday 2026-04-09: without the holiday the 15th business day is Thursday 04-30.
    const from = new Date('2026-04-09T15:00:00Z');
    expect(businessDaysDeadline(from, 15, holidays()).toISOString()).toBe('2026-05-01T02:59:59.999Z');
    // Tiradentes pushes it past Labour Day (Friday 05-01, also a holiday) to Monday 05-04.
    expect(businessDaysDeadline(from, 15, holidays('2026-04-21', '2026-05-01')).toISOString()).toBe('2026-05-05T02:59:59.999Z');
  });

  it('uses the civil day in Brasília: 01:00 UTC is still the previous day there', () => {
    // 2026-03-03T01:00Z is Monday 03-02 22:00 in Brasília.
    expect(businessDaysDeadline(new Date('2026-03-03T01:00:00Z'), 1, holidays()).toISOString()).toBe('2026-03-04T02:59:59.999Z');
  });
});
