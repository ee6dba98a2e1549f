import { describe, it, expect } from 'vitest';
import { formatBrCodeAmount, MAX_BR_CODE_AMOUNT_CENTS, parseBrCodeAmount } from './amount';
import { codeOf } from '../../../test/support/domain-errors';

describe('formatBrCodeAmount', () => {
  it.each([
    [1, '0.01'],
    [10, '0.10'],
    [99, '0.99'],
    [100, '1.00'],
    [1050, '10.50'],
    [1250, '12.50'],
    [100000000, '1000000.00'],
    [MAX_BR_CODE_AMOUNT_CENTS, '9999999999.99'],
  ])('%i -> %s', (cents, expected) => {
    expect(formatBrCodeAmount(cents)).toBe(expected);
    expect(parseBrCodeAmount(expected)).toBe(cents);
  });

  it.each([[0], [-1], [1.5], [Number.NaN], [MAX_BR_CODE_AMOUNT_CENTS + 1]])('rejects %s', (cents) => {
    expect(codeOf(() => formatBrCodeAmount(cents))).toBe('INVALID_AMOUNT');
  });
});

describe('parseBrCodeAmount', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['0.01', 1],
  ])('%s -> %i', (text, cents) => {
    expect(parseBrCodeAmount(text)).toBe(cents);
  });

  it.each([['12,50'], ['1.234'], ['.50'], ['12.'], ['-1.00'], ['1e3'], ['12345678901.00'], ['']])(
    'rejects %j',
    (text) => {
      expect(codeOf(() => parseBrCodeAmount(text))).toBe('INVALID_AMOUNT');
    },
  );
});
