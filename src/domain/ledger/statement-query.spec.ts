import { describe, expect, it } from 'vitest';
import { endOfUtcDayExclusive, isCalendarDay, parseDayRange, parseStatementQuery, startOfUtcDay } from './statement-query';

describe('parseStatementQuery', () => {
  it('defaults: take 10, skip 0, no filters', () => {
    expect(parseStatementQuery({})).toEqual({ take: 10, skip: 0, operationType: null, cursor: null, startDate: null, endDate: null });
  });

  it('reads strings (REST) and numbers (GraphQL)', () => {
    expect(parseStatementQuery({ take: '100', skip: '5', operationType: 'RETAINED', cursor: '42', startDate: '2026-01-01', endDate: '2026-01-31' })).toEqual({
      take: 100,
      skip: 5,
      operationType: 'RETAINED',
      cursor: '42',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
    });
    expect(parseStatementQuery({ take: 1, skip: 0 })).toMatchObject({ take: 1, skip: 0 });
  });

  it.each([
    [{ take: '0' }, 'INVALID_TAKE'],
    [{ take: '101' }, 'INVALID_TAKE'],
    [{ take: 'ten' }, 'INVALID_TAKE'],
    [{ take: '1.5' }, 'INVALID_TAKE'],
    [{ take: ['1', '2'] }, 'INVALID_TAKE'],
    [{ skip: '-1' }, 'INVALID_SKIP'],
    [{ skip: 'x' }, 'INVALID_SKIP'],
    [{ operationType: 'REFUND' }, 'INVALID_OPERATION_TYPE'],
    [{ operationType: 'credit' }, 'INVALID_OPERATION_TYPE'],
    [{ cursor: 'abc' }, 'INVALID_CURSOR'],
    [{ cursor: '0' }, 'INVALID_CURSOR'],
    [{ startDate: '2026-02-30' }, 'INVALID_DATE'],
    [{ startDate: '2026-13-01' }, 'INVALID_DATE'],
    [{ endDate: '20260101' }, 'INVALID_DATE'],
    [{ endDate: '2026-01-01T00:00:00Z' }, 'INVALID_DATE'],
    [{ startDate: '2026-02-01', endDate: '2026-01-31' }, 'INVALID_DATE_RANGE'],
  ])('%j -> 400 %s', (raw, code) => {
    expect(() => parseStatementQuery(raw)).toThrow(expect.objectContaining({ code, kind: 'VALIDATION' }));
  });
});

describe('UTC days', () => {
  it('knows real calendar days', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2023-02-29')).toBe(false);
  });

  it('an inclusive day range covers [start 00:00Z, end + 1 day 00:00Z)', () => {
    expect(startOfUtcDay('2026-03-02').toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(endOfUtcDayExclusive('2026-03-02').toISOString()).toBe('2026-03-03T00:00:00.000Z');
    expect(endOfUtcDayExclusive('2026-12-31').toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(parseDayRange({ startDate: '2026-03-02', endDate: '2026-03-02' })).toEqual({ startDate: '2026-03-02', endDate: '2026-03-02' });
  });
});
