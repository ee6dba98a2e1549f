import { describe, it, expect } from 'vitest';
import { isPixKeyType, normalizePixKey, PIX_KEY_TYPES } from './pix-key';
import { codeOf } from '../../../test/support/domain-errors';

describe('PIX_KEY_TYPES', () => {
  it('lists the five DICT key types', () => {
    expect(PIX_KEY_TYPES).toEqual(['CPF', 'CNPJ', 'PHONE', 'EMAIL', 'EVP']);
    expect(isPixKeyType('EVP')).toBe(true);
    expect(isPixKeyType('evp')).toBe(false);
    expect(isPixKeyType(undefined)).toBe(false);
  });
});

describe('normalizePixKey: valid keys', () => {
  it.each([
    ['CPF', '529.982.247-25', '52998224725'],
    ['CPF', '52998224725', '52998224725'],
    ['CNPJ', '11.222.333/0001-81', '11222333000181'],
    ['CNPJ', '12.abc.345/01de-35', '12ABC34501DE35'],
    ['PHONE', '+5511987654321', '+5511987654321'],
    ['PHONE', '5511987654321', '+5511987654321'],
    ['PHONE', '11987654321', '+5511987654321'],
    ['PHONE', '+55 (11) 98765-4321', '+5511987654321'],
    ['PHONE', '(11) 98765-4321', '+5511987654321'],
    ['PHONE', '55 11 98765.4321', '+5511987654321'],
    ['PHONE', '1133334444', '+551133334444'], // landline, 8 digits
    ['PHONE', '+551133334444', '+551133334444'],
    ['PHONE', '5533334444', '+555533334444'], // area code 55 without country code
    ['PHONE', '55987654321', '+5555987654321'], // area code 55, mobile
    ['EMAIL', 'Fulano.De+Tal@Example.COM', 'fulano.de+tal@example.com'],
    ['EMAIL', '  a@b.co ', 'a@b.co'],
    ['EVP', '123E4567-E89B-12D3-A456-426614174000', '123e4567-e89b-12d3-a456-426614174000'],
    ['EVP', '123e4567-e89b-12d3-a456-426614174000', '123e4567-e89b-12d3-a456-426614174000'],
  ])('%s %s -> %s', (type, raw, expected) => {
    expect(normalizePixKey(type, raw)).toBe(expected);
  });

  it('accepts an e-mail of exactly 77 characters', () => {
    const email = `${'a'.repeat(77 - '@example.com'.length)}@example.com`;
    expect(email).toHaveLength(77);
    expect(normalizePixKey('EMAIL', email)).toBe(email);
  });
});

describe('normalizePixKey: invalid keys', () => {
  it.each([
    ['CPF', '529.982.247-24', 'INVALID_PIX_KEY_CPF'], // wrong check digit
    ['CPF', '5299822472', 'INVALID_PIX_KEY_CPF'], // 10 digits
    ['CPF', '5299822472A', 'INVALID_PIX_KEY_CPF'], // letter
    ['CPF', '00000000000', 'INVALID_PIX_KEY_CPF'], // magic CPFs are not keys
    ['CNPJ', '11222333000182', 'INVALID_PIX_KEY_CNPJ'],
    ['CNPJ', '00000000000000', 'INVALID_PIX_KEY_CNPJ'],
    ['CNPJ', '1122233300018', 'INVALID_PIX_KEY_CNPJ'],
    ['PHONE', '+551198765432', 'INVALID_PIX_KEY_PHONE'], // mobile missing its ninth digit
    ['PHONE', '1113334444', 'INVALID_PIX_KEY_PHONE'], // 8 digits not starting with 2-5
    ['PHONE', '119876543', 'INVALID_PIX_KEY_PHONE'], // too short
    ['PHONE', '+55119876543210', 'INVALID_PIX_KEY_PHONE'], // too long
    ['PHONE', '11887654321', 'INVALID_PIX_KEY_PHONE'], // 9 digits not starting with 9
    ['PHONE', '01987654321', 'INVALID_PIX_KEY_PHONE'], // area code with 0
    ['PHONE', '10987654321', 'INVALID_PIX_KEY_PHONE'], // area code with 0
    ['PHONE', '+1 415 555 2671', 'INVALID_PIX_KEY_PHONE'], // not Brazil
    ['PHONE', '+5511987654321x', 'INVALID_PIX_KEY_PHONE'],
    ['PHONE', '11+987654321', 'INVALID_PIX_KEY_PHONE'],
    ['PHONE', '', 'INVALID_PIX_KEY_PHONE'],
    ['EMAIL', 'no-at-sign.example.com', 'INVALID_PIX_KEY_EMAIL'],
    ['EMAIL', 'a@b', 'INVALID_PIX_KEY_EMAIL'],
    ['EMAIL', 'a..b@example.com', 'INVALID_PIX_KEY_EMAIL'],
    ['EMAIL', '.a@example.com', 'INVALID_PIX_KEY_EMAIL'],
    ['EMAIL', 'a b@example.com', 'INVALID_PIX_KEY_EMAIL'],
    ['EMAIL', 'a@-example.com', 'INVALID_PIX_KEY_EMAIL'],
    ['EMAIL', `${'a'.repeat(66)}@example.com`, 'INVALID_PIX_KEY_EMAIL'], // 78 chars
    ['EVP', '123e4567-e89b-12d3-a456-42661417400', 'INVALID_PIX_KEY_EVP'], // short last group
    ['EVP', '123e4567e89b12d3a456426614174000', 'INVALID_PIX_KEY_EVP'], // no dashes
    ['EVP', '123e4567-e89b-12d3-a456-42661417400g', 'INVALID_PIX_KEY_EVP'], // not hex
    ['EVP', '{123e4567-e89b-12d3-a456-426614174000}', 'INVALID_PIX_KEY_EVP'],
    ['BOLETO', 'x', 'INVALID_PIX_KEY_TYPE'],
    ['cpf', '52998224725', 'INVALID_PIX_KEY_TYPE'],
  ])('%s %s -> %s', (type, raw, code) => {
    expect(codeOf(() => normalizePixKey(type, raw), 'VALIDATION')).toBe(code);
  });
});
