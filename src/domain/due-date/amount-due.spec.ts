import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HolidayCalendar } from '../privacy/business-days';
import { amountDue, lastPayableDate, rolledDueDate } from './amount-due';
import { addDays } from './civil-dates';
import { DISCOUNT_MODALITIES, INTEREST_MODALITIES, type DiscountTerms, type DueDateTerms } from './due-date-terms';

/** The national holidays the spec's examples touch (and a few around them). */
const HOLIDAYS = new Set(['2020-10-12', '2020-11-02', '2020-11-15', '2020-12-25', '2021-01-01', '2021-04-02', '2021-04-21', '2021-09-07']);
const calendar: HolidayCalendar = { isNationalHoliday: (d) => HOLIDAYS.has(d) };

const terms = (t: Partial<DueDateTerms> & Pick<DueDateTerms, 'dueDate'>): DueDateTerms => ({
  validityAfterDueDays: 30,
  fine: null,
  interest: null,
  abatement: null,
  discount: null,
  ...t,
});

describe('the last payable day (validadeAposVencimento, the spec examples A to G)', () => {
  const cases: [string, string, number, string, string][] = [
    ['A', '2020-10-20', 4, '2020-10-20', '2020-10-26'],
    ['B', '2020-12-25', 0, '2020-12-28', '2020-12-28'],
    ['C', '2020-12-25', 1, '2020-12-28', '2020-12-29'],
    ['D', '2020-12-25', 3, '2020-12-28', '2020-12-31'],
    ['E', '2020-12-25', 4, '2020-12-28', '2021-01-04'],
    ['F', '2021-08-27', 5, '2021-08-27', '2021-09-01'],
    ['G', '2021-08-28', 5, '2021-08-30', '2021-09-06'],
  ];
  it.each(cases)('example %s: due %s, %i days after: rolled to %s, payable until %s', (_, dueDate, validity, rolled, last) => {
    const t = terms({ dueDate, validityAfterDueDays: validity });
    expect(rolledDueDate(t, calendar)).toBe(rolled);
    expect(lastPayableDate(t, calendar)).toBe(last);
    expect(amountDue(t, 10_000, last, calendar).payable).toBe(true);
    expect(amountDue(t, 10_000, addDays(last, 1), calendar)).toEqual({ payable: false, lastPayableDate: last });
  });
});

describe('the amount due on a day', () => {
  it('componentesValor example: R$100.00, 2 days late, 3% fine and 1% a day: R$105.00', () => {
    const t = terms({ dueDate: '2020-10-20', fine: { modality: 'PERCENT', value: 300 }, interest: { modality: 'PERCENT_PER_DAY_CALENDAR_DAYS', value: 100 } });
    expect(amountDue(t, 10_000, '2020-10-22', calendar)).toEqual({
      payable: true,
      components: { original: 10_000, fine: 300, interest: 200, abatement: 0, discount: 0, final: 10_500 },
    });
  });

  // cobBody1: R$123.45 due 2020-12-31, 15% fine, 2% a day, R$30.00 off until 2020-11-30.
  const cobBody1 = terms({
    dueDate: '2020-12-31',
    fine: { modality: 'PERCENT', value: 1_500 },
    interest: { modality: 'PERCENT_PER_DAY_CALENDAR_DAYS', value: 200 },
    discount: { modality: 'FIXED_UNTIL_DATES', dates: [{ until: '2020-11-30', value: 3_000 }] },
  });
  it('cobBody1 paid by the discount date: the discount, nothing else', () => {
    expect(amountDue(cobBody1, 12_345, '2020-11-30', calendar)).toMatchObject({ components: { discount: 3_000, final: 9_345 } });
    expect(amountDue(cobBody1, 12_345, '2020-12-01', calendar)).toMatchObject({ components: { discount: 0, final: 12_345 } });
    expect(amountDue(cobBody1, 12_345, '2020-12-31', calendar)).toMatchObject({ components: { final: 12_345 } });
  });
  it('cobBody1 paid 4 days late: fine 1851.75 and interest 987.60 each rounded half up', () => {
    expect(amountDue(cobBody1, 12_345, '2021-01-04', calendar)).toMatchObject({ components: { fine: 1_852, interest: 988, final: 15_185 } });
  });

  it('a due date on a holiday is rolled: nothing is late until the next business day', () => {
    const t = terms({ dueDate: '2020-12-25', fine: { modality: 'FIXED', value: 500 }, interest: { modality: 'AMOUNT_PER_CALENDAR_DAY', value: 10 } });
    expect(amountDue(t, 10_000, '2020-12-28', calendar)).toMatchObject({ components: { final: 10_000 } });
    expect(amountDue(t, 10_000, '2020-12-29', calendar)).toMatchObject({ components: { fine: 500, interest: 10, final: 10_510 } });
  });

  it('business-day interest skips weekends and holidays; a monthly rate spreads over 21 business days', () => {
    const t = terms({ dueDate: '2020-12-24', interest: { modality: 'PERCENT_PER_MONTH_BUSINESS_DAYS', value: 2_100 } });
    // 25 (holiday), 26-27 (weekend) skipped: 28, 29 are two business days late, 1% each.
    expect(amountDue(t, 10_000, '2020-12-29', calendar)).toMatchObject({ components: { interest: 200 } });
  });

  it('a monthly rate on calendar days is a commercial month of 30 days; a yearly one 360', () => {
    const month = terms({ dueDate: '2020-10-20', interest: { modality: 'PERCENT_PER_MONTH_CALENDAR_DAYS', value: 300 } });
    expect(amountDue(month, 10_000, '2020-10-30', calendar)).toMatchObject({ components: { interest: 100 } });
    const year = terms({ dueDate: '2020-10-20', interest: { modality: 'PERCENT_PER_YEAR_CALENDAR_DAYS', value: 3_600 } });
    expect(amountDue(year, 10_000, '2020-10-30', calendar)).toMatchObject({ components: { interest: 100 } });
  });

  it('the discount tier in force is the nearest date not passed', () => {
    const t = terms({
      dueDate: '2020-12-31',
      discount: { modality: 'PERCENT_UNTIL_DATES', dates: [{ until: '2020-12-15', value: 500 }, { until: '2020-12-01', value: 1_000 }] },
    });
    expect(amountDue(t, 10_000, '2020-11-20', calendar)).toMatchObject({ components: { discount: 1_000 } });
    expect(amountDue(t, 10_000, '2020-12-02', calendar)).toMatchObject({ components: { discount: 500 } });
    expect(amountDue(t, 10_000, '2020-12-16', calendar)).toMatchObject({ components: { discount: 0 } });
  });

  it('per-day early discounts count calendar or business days up to the due date', () => {
    const calendarDays = terms({ dueDate: '2020-10-23', discount: { modality: 'AMOUNT_PER_CALENDAR_DAY_EARLY', value: 50 } });
    expect(amountDue(calendarDays, 10_000, '2020-10-16', calendar)).toMatchObject({ components: { discount: 350 } });
    const businessDays = terms({ dueDate: '2020-10-23', discount: { modality: 'PERCENT_PER_BUSINESS_DAY_EARLY', value: 100 } });
    expect(amountDue(businessDays, 10_000, '2020-10-16', calendar)).toMatchObject({ components: { discount: 500 } });
  });

  it('the abatement applies on every day; reductions never go below one cent', () => {
    const t = terms({ dueDate: '2020-10-20', abatement: { modality: 'FIXED', value: 9_000 }, discount: { modality: 'AMOUNT_PER_CALENDAR_DAY_EARLY', value: 5_000 } });
    expect(amountDue(t, 10_000, '2020-10-10', calendar)).toMatchObject({ components: { abatement: 9_000, discount: 999, final: 1 } });
    expect(amountDue(t, 10_000, '2020-10-21', calendar)).toMatchObject({ components: { abatement: 9_000, discount: 0, final: 1_000 } });
  });
});

describe('amount due: properties', () => {
  const day = fc.integer({ min: 0, max: 700 }).map((n) => addDays('2020-06-01', n));
  const value = fc.integer({ min: 0, max: 10_000 });
  const discount: fc.Arbitrary<DiscountTerms | null> = fc.option(
    fc.oneof(
      fc.record({
        modality: fc.constantFrom('FIXED_UNTIL_DATES' as const, 'PERCENT_UNTIL_DATES' as const),
        dates: fc.array(fc.record({ until: day, value: fc.integer({ min: 1, max: 9_999 }) }), { minLength: 1, maxLength: 3 }),
      }),
      fc.record({ modality: fc.constantFrom(...DISCOUNT_MODALITIES.slice(2) as ['AMOUNT_PER_CALENDAR_DAY_EARLY']), value }),
    ),
  );
  const anyTerms = fc.record({
    dueDate: day,
    validityAfterDueDays: fc.integer({ min: 0, max: 120 }),
    fine: fc.option(fc.record({ modality: fc.constantFrom('FIXED' as const, 'PERCENT' as const), value })),
    interest: fc.option(fc.record({ modality: fc.constantFrom(...INTEREST_MODALITIES), value })),
    abatement: fc.option(fc.record({ modality: fc.constantFrom('FIXED' as const, 'PERCENT' as const), value: fc.integer({ min: 0, max: 9_999 }) })),
    discount,
  });
  const original = fc.integer({ min: 1, max: 100_000_000 });

  it('is never negative (at least one cent) and its components add up', () => {
    fc.assert(
      fc.property(anyTerms, original, day, (t, cents, payDate) => {
        const due = amountDue(t, cents, payDate, calendar);
        if (!due.payable) return;
        const c = due.components;
        expect(c.final).toBeGreaterThanOrEqual(1);
        expect(Math.min(c.fine, c.interest, c.abatement, c.discount)).toBeGreaterThanOrEqual(0);
        expect(c.final).toBe(c.original + c.fine + c.interest - c.abatement - c.discount);
      }),
    );
  });

  it('never decreases from one day to the next after the due date', () => {
    fc.assert(
      fc.property(anyTerms, original, fc.integer({ min: 0, max: 150 }), (t, cents, after) => {
        const first = addDays(rolledDueDate(t, calendar), after);
        const a = amountDue(t, cents, first, calendar);
        const b = amountDue(t, cents, addDays(first, 1), calendar);
        if (a.payable && b.payable) expect(b.components.final).toBeGreaterThanOrEqual(a.components.final);
      }),
    );
  });

  it('is the original on the due date when there is no discount or abatement', () => {
    fc.assert(
      fc.property(anyTerms, original, (t, cents) => {
        const plain = { ...t, discount: null, abatement: null };
        expect(amountDue(plain, cents, t.dueDate, calendar)).toMatchObject({ payable: true, components: { final: cents } });
        expect(amountDue(plain, cents, rolledDueDate(t, calendar), calendar)).toMatchObject({ payable: true, components: { final: cents } });
      }),
    );
  });

  it('is payable every day until the last payable day and on none after', () => {
    fc.assert(
      fc.property(anyTerms, original, fc.integer({ min: 0, max: 130 }), (t, cents, after) => {
        const day = addDays(t.dueDate, after);
        expect(amountDue(t, cents, day, calendar).payable).toBe(day <= lastPayableDate(t, calendar));
      }),
    );
  });
});
