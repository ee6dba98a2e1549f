import { describe, expect, it } from 'vitest';
import { lastPayableDay, planCycle } from './cycle-plan';
import type { Recurrence } from './recurrence.types';

const fixed = (over: Partial<Recurrence> = {}) =>
  ({ calendar: { firstDate: '2027-01-31', lastDate: null, period: 'MONTHLY' }, amount: { type: 'FIXED', cents: 9990 }, nextCycleAmount: null, ...over }) as Recurrence;

describe('planCycle', () => {
  it('waits until the window opens, 10 days before the date', () => {
    expect(planCycle(fixed(), 1, '2027-01-01')).toEqual({ kind: 'WAIT', until: '2027-01-21' });
    expect(planCycle(fixed(), 2, '2027-01-31')).toEqual({ kind: 'WAIT', until: '2027-02-18' });
  });

  it('creates a cycle from the first to the last day of its window', () => {
    expect(planCycle(fixed(), 1, '2027-01-21')).toEqual({ kind: 'CREATE', number: 1, dueDate: '2027-01-31', amount: 9990 });
    expect(planCycle(fixed(), 1, '2027-01-29')).toMatchObject({ kind: 'CREATE' });
  });

  it('misses a cycle whose window closed (after the 2nd day before its date)', () => {
    expect(planCycle(fixed(), 1, '2027-01-30')).toEqual({ kind: 'MISS', number: 1, dueDate: '2027-01-31', amount: 9990 });
  });

  it('ends after the last date the authorisation covers', () => {
    const r = fixed({ calendar: { firstDate: '2027-01-31', lastDate: '2027-03-30', period: 'MONTHLY' } });
    expect(planCycle(r, 2, '2027-02-20')).toMatchObject({ kind: 'CREATE', dueDate: '2027-02-28' });
    expect(planCycle(r, 3, '2027-03-25')).toEqual({ kind: 'END' });
  });

  it('a variable cycle waits a day at a time for its amount, and is missed without one', () => {
    const r = fixed({ amount: { type: 'VARIABLE', minimumCents: 100 } });
    expect(planCycle(r, 1, '2027-01-22')).toEqual({ kind: 'WAIT', until: '2027-01-23' });
    expect(planCycle(r, 1, '2027-01-30')).toEqual({ kind: 'MISS', number: 1, dueDate: '2027-01-31', amount: null });
    expect(planCycle({ ...r, nextCycleAmount: 4321 }, 1, '2027-01-22')).toMatchObject({ kind: 'CREATE', amount: 4321 });
  });

  it('a cycle is payable until its date, or the 7th day after it with retries', () => {
    expect(lastPayableDay({ retryPolicy: 'NONE' }, '2027-01-31')).toBe('2027-01-31');
    expect(lastPayableDay({ retryPolicy: 'THREE_IN_SEVEN_DAYS' }, '2027-01-31')).toBe('2027-02-07');
  });
});
