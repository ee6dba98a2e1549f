import { describe, it, expect } from 'vitest';
import { crc16CcittFalse } from './crc16';

describe('crc16CcittFalse', () => {
  it.each([
    ['123456789', '29B1'], // the catalogue check value
    ['', 'FFFF'], // init value, no xorout
    ['A', 'B915'],
  ])('%j -> %s', (input, expected) => {
    expect(crc16CcittFalse(input)).toBe(expected);
  });

  it('always returns 4 upper-case hex digits', () => {
    for (const input of ['a', 'pix', '000201', 'x'.repeat(300)]) {
      expect(crc16CcittFalse(input)).toMatch(/^[0-9A-F]{4}$/);
    }
  });
});
