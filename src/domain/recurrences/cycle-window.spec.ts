import { describe, expect, it } from 'vitest';
import { cobrWindow, placeInCobrWindow } from './cycle-window';

describe('the window for sending a cycle', () => {
  it('opens 10 days and closes 2 days before the due date', () => {
    expect(cobrWindow('2027-03-05')).toEqual({ opensOn: '2027-02-23', closesOn: '2027-03-03' });
  });

  it('places a day before, inside or after it, bounds included', () => {
    expect(placeInCobrWindow('2027-02-22', '2027-03-05')).toBe('BEFORE');
    expect(placeInCobrWindow('2027-02-23', '2027-03-05')).toBe('OPEN');
    expect(placeInCobrWindow('2027-03-03', '2027-03-05')).toBe('OPEN');
    expect(placeInCobrWindow('2027-03-04', '2027-03-05')).toBe('CLOSED');
  });
});
