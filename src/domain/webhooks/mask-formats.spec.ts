import { describe, expect, it } from 'vitest';
import { maskDocument, maskEmail, maskEvp, maskName, maskPhone, maskPixKey } from './mask-formats';

describe('mask formats', () => {
  it.each([
    ['João da Silva', 'J*** *** ***'],
    ['  Ísis   Valverde ', 'Í*** ***'],
    ['Madonna', 'M***'],
    ['', '***'],
    ['   ', '***'],
  ])('name %j -> %j', (input, out) => expect(maskName(input)).toBe(out));

  it.each([
    ['529.982.247-25', '*********25'],
    ['52998224725', '*********25'],
    ['12.ABC.345/01DE-35', '************35'],
    ['12abc34501de35', '************35'],
    ['1234', '***'],
  ])('document %j -> %j', (input, out) => expect(maskDocument(input)).toBe(out));

  it.each([
    ['joao.silva@example.com', 'j***@example.com'],
    ['j@example.com', 'j***@example.com'],
    ['"a@b"@example.com', '"***@example.com'],
    ['not-an-email', '***'],
    ['@example.com', '***'],
    ['joao@', '***'],
  ])('email %j -> %j', (input, out) => expect(maskEmail(input)).toBe(out));

  it.each([
    ['+55 11 98765-4321', '*********4321'],
    ['+5511987654321', '*********4321'],
    ['(11) 3333-4444', '******4444'],
    ['123', '***'],
  ])('phone %j -> %j', (input, out) => expect(maskPhone(input)).toBe(out));

  it('EVP keeps its shape and the last 4 hex digits', () => {
    expect(maskEvp('123E4567-E89B-12D3-A456-426614174000')).toBe('********-****-****-****-********4000');
    expect(maskEvp('not-a-uuid')).toBe('***');
  });

  it.each([
    ['52998224725', 'CPF', '*********25'],
    ['12ABC34501DE35', 'CNPJ', '************35'],
    ['+5511987654321', 'PHONE', '*********4321'],
    ['joao@example.com', 'EMAIL', 'j***@example.com'],
    ['123e4567-e89b-12d3-a456-426614174000', 'EVP', '********-****-****-****-********4000'],
  ])('PIX key %j of declared type %s -> %j', (key, type, out) => expect(maskPixKey(key, type)).toBe(out));

  it.each([
    ['joao@example.com', 'j***@example.com'],
    ['123e4567-e89b-12d3-a456-426614174000', '********-****-****-****-********4000'],
    ['+5511987654321', '*********4321'],
    ['5511987654321', '*********4321'],
    ['1133334444', '******4444'],
    ['529.982.247-25', '*********25'],
    ['11987654321', '*********21'], // CPF or mobile without +55: the stricter format
    ['12.ABC.345/01DE-35', '************35'],
    ['whatever', '***'],
  ])('PIX key %j without a declared type -> %j', (key, out) => expect(maskPixKey(key)).toBe(out));
});
