import { describe, it, expect } from 'vitest';
import { isValidCnpj, normalizeCnpj } from './cnpj';

describe('normalizeCnpj', () => {
  it.each([
    ['11.222.333/0001-81', '11222333000181'],
    ['12.abc.345/01de-35', '12ABC34501DE35'],
    [' 12ABC345 01DE35 ', '12ABC34501DE35'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeCnpj(input)).toBe(expected);
  });
});

describe('isValidCnpj', () => {
  it.each([
    ['11222333000181', true], // numeric
    ['12ABC34501DE35', true], // alphanumeric (Receita Federal example)
    [normalizeCnpj('12.abc.345/01de-35'), true], // lower-case input accepted after normalizing
    ['12abc34501de35', false], // not normalized
    ['11222333000182', false], // wrong DV2
    ['11222333000191', false], // wrong DV1
    ['12ABC34501DE36', false],
    ['12ABC34501DE3A', false], // check digits must be numeric
    ['1122233300018', false], // 13 chars
    ['112223330001810', false], // 15 chars
    ['12ABC34501D@35', false], // symbol
    ['', false],
  ])('%s -> %s', (value, expected) => {
    expect(isValidCnpj(value)).toBe(expected);
  });

  it('rejects repeated digits even when the arithmetic passes', () => {
    for (let d = 0; d <= 9; d++) expect(isValidCnpj(String(d).repeat(14))).toBe(false);
  });
});
