import { describe, expect, it } from 'vitest';
import { formatDocument } from './documents';

describe('documents as people write them', () => {
  it('formats a CPF and a CNPJ, numeric or alphanumeric', () => {
    expect(formatDocument('CPF', '12345678909')).toBe('123.456.789-09');
    expect(formatDocument('CNPJ', '12345678000195')).toBe('12.345.678/0001-95');
    expect(formatDocument('CNPJ', '12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
  });

  it('leaves a formatted one as it is and shows what it cannot read as it came', () => {
    expect(formatDocument('CPF', '123.456.789-09')).toBe('123.456.789-09');
    expect(formatDocument('CPF', '1234')).toBe('1234');
    expect(formatDocument('EMAIL', 'ana@example.com')).toBe('ana@example.com');
  });
});
