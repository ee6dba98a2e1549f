import { describe, expect, it } from 'vitest';
import { moneyFormat, parseReais, signedMoneyFormat } from './money';

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

const plain = (s: string) => s.replace(/\u00a0/g, ' ');

describe('money as people read it', () => {
  it('is R$ 1.234,56 in Brazilian Portuguese and R$1,234.56 in English', () => {
    expect(moneyFormat('pt-BR', 123456)).toBe('R$\u00a01.234,56');
    expect(moneyFormat('en', 123456)).toBe('R$1,234.56');
    expect(moneyFormat('pt-BR', -5000)).toBe('-R$\u00a050,00');
    expect(plain(moneyFormat('pt-BR', 1))).toBe('R$ 0,01');
    expect(plain(moneyFormat('pt-BR', 0))).toBe('R$ 0,00');
  });

  it('reads the amount whatever scalar carries it: number, bigint or a string of digits, past 2^53 exactly', () => {
    expect(plain(moneyFormat('pt-BR', 2_147_483_648))).toBe('R$ 21.474.836,48');
    expect(plain(moneyFormat('pt-BR', 123456n))).toBe('R$ 1.234,56');
    expect(plain(moneyFormat('pt-BR', '123456'))).toBe('R$ 1.234,56');
    expect(plain(moneyFormat('pt-BR', '900719925474099312'))).toBe('R$ 9.007.199.254.740.993,12');
    expect(plain(moneyFormat('pt-BR', '-99'))).toBe('-R$ 0,99');
  });

  it('shows what is no whole number of cents as it came, never as another amount', () => {
    expect(moneyFormat('pt-BR', 12.5)).toBe('12.5');
    expect(moneyFormat('pt-BR', 'abc')).toBe('abc');
  });

  it('puts a minus sign on debits whatever sign the API sent, and none on credits', () => {
    expect(plain(signedMoneyFormat('pt-BR', 99, 'debit'))).toBe('-R$ 0,99');
    expect(plain(signedMoneyFormat('pt-BR', -99, 'debit'))).toBe('-R$ 0,99');
    expect(plain(signedMoneyFormat('pt-BR', '123456', 'debit'))).toBe('-R$ 1.234,56');
    expect(plain(signedMoneyFormat('pt-BR', 10000, 'credit'))).toBe('R$ 100,00');
    expect(signedMoneyFormat('en', 99, 'debit')).toBe('-R$0.99');
  });
});
