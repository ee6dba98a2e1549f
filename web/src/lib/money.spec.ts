import { describe, expect, it } from 'vitest';
import { moneyFormat, parseReais } from './money';

describe('amounts typed in reais', () => {
  it.each([
    ['10', 1000],
    ['10,5', 1050],
    ['10,50', 1050],
    ['10.50', 1050],
    ['1.234,56', 123456],
    ['1.000', 100000],
    ['R$ 1.234,56', 123456],
    ['0,01', 1],
  ])('%s is %i cents', (text, cents) => expect(parseReais(text)).toBe(cents));

  it.each(['', 'abc', '10,555', '1,234.56', '-5', '1.23.4'])('%s is not an amount', (text) => expect(parseReais(text)).toBeNull());
});

describe('money as people read it', () => {
  it('is R$ 1.234,56 in Brazilian Portuguese and R$1,234.56 in English', () => {
    expect(moneyFormat('pt-BR', 123456)).toBe('R$\u00a01.234,56');
    expect(moneyFormat('en', 123456)).toBe('R$1,234.56');
    expect(moneyFormat('pt-BR', -5000)).toBe('-R$\u00a050,00');
  });
});
