import { describe, it, expect } from 'vitest';
import { parseDocument } from './document';
import { codeOf } from '../../../test/support/domain-errors';

describe('parseDocument', () => {
  it.each([
    ['529.982.247-25', { type: 'CPF', number: '52998224725' }],
    ['11.222.333/0001-81', { type: 'CNPJ', number: '11222333000181' }],
    ['12.abc.345/01de-35', { type: 'CNPJ', number: '12ABC34501DE35' }],
  ])('%s', (input, expected) => {
    expect(parseDocument(input)).toEqual(expected);
  });

  it.each([
    ['529.982.247-24', 'INVALID_CPF'],
    ['5299822472A', 'INVALID_CPF'],
    ['111.111.111-11', 'INVALID_CPF'],
    ['11.222.333/0001-82', 'INVALID_CNPJ'],
    ['00000000000000', 'INVALID_CNPJ'],
    ['123', 'INVALID_DOCUMENT'],
    ['', 'INVALID_DOCUMENT'],
    ['529982247251', 'INVALID_DOCUMENT'],
  ])('%s -> %s', (input, code) => {
    expect(codeOf(() => parseDocument(input), 'VALIDATION')).toBe(code);
  });

  it('accepts sandbox magic CPFs only when allowed', () => {
    expect(codeOf(() => parseDocument('000.000.000-00'), 'VALIDATION')).toBe('INVALID_CPF');
    expect(parseDocument('000.000.000-00', { allowSandboxMagic: true })).toEqual({
      type: 'CPF',
      number: '00000000000',
    });
    expect(codeOf(() => parseDocument('33333333333', { allowSandboxMagic: true }), 'VALIDATION')).toBe('INVALID_CPF');
  });
});
