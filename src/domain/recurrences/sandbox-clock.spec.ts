import { describe, expect, it } from 'vitest';
import { daysUntil, realStartOf, recurrenceToday } from './sandbox-clock';

describe('a recurrence’s sandbox clock', () => {
  const now = new Date('2027-01-10T12:00:00Z');

  it('runs its days ahead of the real Brasília calendar', () => {
    expect(recurrenceToday(now, 0)).toBe('2027-01-10');
    expect(recurrenceToday(now, 45)).toBe('2027-02-24');
    // 01:00 UTC is still the day before in Brasília.
    expect(recurrenceToday(new Date('2027-01-10T01:00:00Z'), 1)).toBe('2027-01-10');
  });

  it('answers when the real clock reaches one of its days', () => {
    expect(realStartOf('2027-02-24', 45).toISOString()).toBe('2027-01-10T03:00:00.000Z');
    expect(recurrenceToday(realStartOf('2027-02-24', 45), 45)).toBe('2027-02-24');
  });

  it('only ever moves ahead', () => {
    expect(daysUntil('2027-01-10', '2027-01-21')).toBe(11);
    expect(daysUntil('2027-01-21', '2027-01-10')).toBe(0);
  });
});
