import { describe, expect, it } from 'vitest';
import { boletoDates, saoPauloToday } from './boleto-dates';

describe('boleto dates', () => {
  it('counts today in São Paulo (UTC-3)', () => {
    expect(saoPauloToday(new Date('2026-11-24T02:59:59Z'))).toBe('2026-11-23');
    expect(saoPauloToday(new Date('2026-11-24T03:00:00Z'))).toBe('2026-11-24');
  });

  it('defaults to 3 days ahead and expires at the end of the third day after the due date', () => {
    expect(boletoDates(null, new Date('2026-11-23T15:00:00Z'))).toEqual({ dueDate: '2026-11-26', expiresAt: new Date('2026-11-30T03:00:00Z') });
  });

  it('accepts today to 180 days ahead', () => {
    const now = new Date('2026-11-23T15:00:00Z');
    expect(boletoDates('2026-11-23', now).dueDate).toBe('2026-11-23');
    expect(boletoDates('2027-05-22', now).dueDate).toBe('2027-05-22');
    expect(() => boletoDates('2026-11-22', now)).toThrow(/dueDate/);
    expect(() => boletoDates('2027-05-23', now)).toThrow(/dueDate/);
  });
});
