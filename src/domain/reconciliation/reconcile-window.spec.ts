import { describe, expect, it } from 'vitest';
import { civilDateOf, civilDay, isCivilDate, nextSweepAt, previousCivilDay, remainingOfDay, slidingWindow } from './reconcile-window';

const at = (iso: string) => new Date(iso);

describe('the sliding window', () => {
  it('reads from the cursor less the overlap up to now', () => {
    expect(slidingWindow(at('2026-11-26T12:00:00Z'), at('2026-11-26T12:01:00Z'), 300_000)).toEqual({ from: at('2026-11-26T11:55:00Z'), to: at('2026-11-26T12:01:00Z') });
  });

  it('reaches back one overlap on the first run', () => {
    expect(slidingWindow(null, at('2026-11-26T12:00:00Z'), 60_000)).toEqual({ from: at('2026-11-26T11:59:00Z'), to: at('2026-11-26T12:00:00Z') });
  });

  it('never starts after now, even with a cursor ahead of the clock', () => {
    expect(slidingWindow(at('2026-11-26T13:00:00Z'), at('2026-11-26T12:00:00Z'), 0).from).toEqual(at('2026-11-26T12:00:00Z'));
  });
});

describe('civil days of America/Sao_Paulo (UTC-3)', () => {
  it('a day runs from 03:00 UTC to 03:00 UTC the next day', () => {
    expect(civilDay('2026-11-25')).toEqual({ start: at('2026-11-25T03:00:00Z'), end: at('2026-11-26T03:00:00Z') });
  });

  it('an instant before 03:00 UTC belongs to the previous civil day', () => {
    expect(civilDateOf(at('2026-11-26T02:59:59.999Z'))).toBe('2026-11-25');
    expect(civilDateOf(at('2026-11-26T03:00:00Z'))).toBe('2026-11-26');
    expect(previousCivilDay(at('2026-11-26T02:00:00Z'))).toBe('2026-11-24');
  });

  it('refuses what is not a calendar day', () => {
    expect(isCivilDate('2026-02-30')).toBe(false);
    expect(isCivilDate('2026-1-05')).toBe(false);
    expect(isCivilDate('2028-02-29')).toBe(true);
    expect(() => civilDay('yesterday')).toThrow(RangeError);
  });

  it('the next sweep is after the next civil midnight', () => {
    expect(nextSweepAt(at('2026-11-26T12:00:00Z'), 600_000)).toEqual(at('2026-11-27T03:10:00Z'));
    expect(nextSweepAt(at('2026-11-26T02:00:00Z'), 0)).toEqual(at('2026-11-26T03:00:00Z'));
  });
});

describe('what is left of a day to read', () => {
  const day = '2026-11-25';
  it('the whole day when nothing was read', () => {
    expect(remainingOfDay(day, null, at('2026-11-27T00:00:00Z'))).toEqual({ from: at('2026-11-25T03:00:00Z'), to: at('2026-11-26T02:59:59.999Z') });
  });

  it('from the cursor on after an interrupted sweep', () => {
    expect(remainingOfDay(day, at('2026-11-25T15:00:00Z'), at('2026-11-27T00:00:00Z'))?.from).toEqual(at('2026-11-25T15:00:00Z'));
  });

  it('up to now while the day is not over, and nothing once it was read to its end', () => {
    expect(remainingOfDay(day, null, at('2026-11-25T10:00:00Z'))?.to).toEqual(at('2026-11-25T10:00:00Z'));
    expect(remainingOfDay(day, at('2026-11-26T02:59:59.999Z'), at('2026-11-27T00:00:00Z'))).toBeNull();
    expect(remainingOfDay(day, null, at('2026-11-25T02:00:00Z'))).toBeNull();
  });
});
