import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from './civil-day';
import { nextRetryDate, RETRY_LIMITS } from './retry-policy';

describe('the retry policy', () => {
  const due = '2027-05-10';

  it('allows no retry under NONE', () => {
    expect(nextRetryDate('NONE', due, [], due)).toBeNull();
  });

  it('retries the next day, then one day after each retry, at most three times', () => {
    expect(nextRetryDate('THREE_IN_SEVEN_DAYS', due, [], due)).toBe('2027-05-11');
    expect(nextRetryDate('THREE_IN_SEVEN_DAYS', due, ['2027-05-11'], '2027-05-11')).toBe('2027-05-12');
    expect(nextRetryDate('THREE_IN_SEVEN_DAYS', due, ['2027-05-11', '2027-05-12', '2027-05-13'], '2027-05-13')).toBeNull();
  });

  it('never schedules today or the past, nor beyond 7 days after the due date', () => {
    expect(nextRetryDate('THREE_IN_SEVEN_DAYS', due, [], '2027-05-14')).toBe('2027-05-15');
    expect(nextRetryDate('THREE_IN_SEVEN_DAYS', due, [], '2027-05-16')).toBe('2027-05-17');
    expect(nextRetryDate('THREE_IN_SEVEN_DAYS', due, [], '2027-05-17')).toBeNull();
  });

  it('a failed cycle followed day after day gets at most 3 retries, all within 7 days, each on a later day (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 10 }), (waits) => {
        const retries: string[] = [];
        let today = due;
        for (const wait of waits) {
          const next = nextRetryDate('THREE_IN_SEVEN_DAYS', due, retries, today);
          if (next === null) break;
          expect(next > today).toBe(true);
          expect(daysBetween(due, next)).toBeLessThanOrEqual(RETRY_LIMITS.withinDays);
          if (retries.length > 0) expect(next > retries[retries.length - 1]!).toBe(true);
          retries.push(next);
          today = addDays(next, wait);
        }
        expect(retries.length).toBeLessThanOrEqual(RETRY_LIMITS.maxRetries);
      }),
    );
  });
});
