import { describe, expect, it } from 'vitest';
import { codeOf } from '../../../test/support/domain-errors';
import { parseCreateWithdrawal } from './create-withdrawal.input';

const base = { amount: 1_000, method: 'PIX', pixKeyType: 'CPF', pixKey: '529.982.247-25' };
const big = { ...base, amount: 500_001, beneficiaryName: 'João da Silva', beneficiaryDocumentType: 'CPF', beneficiaryDocumentNumber: '529.982.247-25' };
const parse = (body: unknown, sandbox = true) => parseCreateWithdrawal(body, { sandbox });
const refusal = (body: unknown, sandbox = true) => codeOf(() => parse(body, sandbox));

describe('parseCreateWithdrawal: every rule has its code', () => {
  const cases: [string, unknown, string, string][] = [
    ['body not an object', [1], 'INVALID_BODY', 'body'],
    ['body null', null, 'INVALID_BODY', 'body'],
    ['amount missing', { ...base, amount: undefined }, 'AMOUNT_REQUIRED', 'amount'],
    ['amount a string', { ...base, amount: '1000' }, 'INVALID_AMOUNT', 'amount'],
    ['amount fractional', { ...base, amount: 1000.5 }, 'INVALID_AMOUNT', 'amount'],
    ['amount unsafe', { ...base, amount: 2 ** 60 }, 'INVALID_AMOUNT', 'amount'],
    ['amount below 500', { ...base, amount: 499 }, 'AMOUNT_TOO_LOW', 'amount'],
    ['amount negative', { ...base, amount: -1000 }, 'AMOUNT_TOO_LOW', 'amount'],
    ['amount above the maximum', { ...base, amount: 100_000_001 }, 'AMOUNT_TOO_HIGH', 'amount'],
    ['method missing', { ...base, method: undefined }, 'METHOD_REQUIRED', 'method'],
    ['method not a string', { ...base, method: 1 }, 'INVALID_METHOD', 'method'],
    ['method not PIX', { ...base, method: 'TED' }, 'UNSUPPORTED_METHOD', 'method'],
    ['method lower case', { ...base, method: 'pix' }, 'UNSUPPORTED_METHOD', 'method'],
    ['pixKeyType missing', { ...base, pixKeyType: undefined }, 'PIX_KEY_TYPE_REQUIRED', 'pixKeyType'],
    ['pixKeyType unknown', { ...base, pixKeyType: 'RANDOM' }, 'INVALID_PIX_KEY_TYPE', 'pixKeyType'],
    ['pixKey missing', { ...base, pixKey: undefined }, 'PIX_KEY_REQUIRED', 'pixKey'],
    ['pixKey blank', { ...base, pixKey: '   ' }, 'PIX_KEY_REQUIRED', 'pixKey'],
    ['pixKey not a string', { ...base, pixKey: 52998224725 }, 'INVALID_PIX_KEY_CPF', 'pixKey'],
    ['CPF key check digits', { ...base, pixKey: '529.982.247-26' }, 'INVALID_PIX_KEY_CPF', 'pixKey'],
    ['CPF key repeated digits', { ...base, pixKey: '111.111.111-11' }, 'INVALID_PIX_KEY_CPF', 'pixKey'],
    ['CNPJ key check digits', { ...base, pixKeyType: 'CNPJ', pixKey: '11.222.333/0001-82' }, 'INVALID_PIX_KEY_CNPJ', 'pixKey'],
    ['CNPJ key letter in check digits', { ...base, pixKeyType: 'CNPJ', pixKey: '12ABC34501DE3A' }, 'INVALID_PIX_KEY_CNPJ', 'pixKey'],
    ['PHONE key not Brazilian', { ...base, pixKeyType: 'PHONE', pixKey: '+1 415 555 2671' }, 'INVALID_PIX_KEY_PHONE', 'pixKey'],
    ['PHONE key too short', { ...base, pixKeyType: 'PHONE', pixKey: '1198765432' }, 'INVALID_PIX_KEY_PHONE', 'pixKey'],
    ['EMAIL key malformed', { ...base, pixKeyType: 'EMAIL', pixKey: 'not-an-email' }, 'INVALID_PIX_KEY_EMAIL', 'pixKey'],
    ['EMAIL key too long', { ...base, pixKeyType: 'EMAIL', pixKey: `${'a'.repeat(70)}@example.com` }, 'INVALID_PIX_KEY_EMAIL', 'pixKey'],
    ['EVP key not a UUID', { ...base, pixKeyType: 'EVP', pixKey: '1234' }, 'INVALID_PIX_KEY_EVP', 'pixKey'],
    ['key of another type', { ...base, pixKeyType: 'EVP', pixKey: '529.982.247-25' }, 'INVALID_PIX_KEY_EVP', 'pixKey'],
    ['description not a string', { ...base, description: 5 }, 'INVALID_DESCRIPTION', 'description'],
    ['description of 141 characters', { ...base, description: 'x'.repeat(141) }, 'DESCRIPTION_TOO_LONG', 'description'],
    ['externalReference not a string', { ...base, externalReference: {} }, 'INVALID_EXTERNAL_REFERENCE', 'externalReference'],
    ['externalReference too long', { ...base, externalReference: 'r'.repeat(101) }, 'INVALID_EXTERNAL_REFERENCE', 'externalReference'],
    ['externalReference with a newline', { ...base, externalReference: 'a\nb' }, 'INVALID_EXTERNAL_REFERENCE', 'externalReference'],
    ['metadata an array', { ...base, metadata: [1] }, 'INVALID_METADATA', 'metadata'],
    ['metadata a string', { ...base, metadata: 'x' }, 'INVALID_METADATA', 'metadata'],
    ['metadata with 51 keys', { ...base, metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])) }, 'INVALID_METADATA', 'metadata'],
    ['metadata above 4 KB', { ...base, metadata: { big: 'x'.repeat(4_100) } }, 'INVALID_METADATA', 'metadata'],
    ['above 500000 without beneficiaryName', { ...big, beneficiaryName: undefined }, 'BENEFICIARY_NAME_REQUIRED', 'beneficiaryName'],
    ['above 500000 with a blank beneficiaryName', { ...big, beneficiaryName: '  ' }, 'BENEFICIARY_NAME_REQUIRED', 'beneficiaryName'],
    ['beneficiaryName not a string', { ...big, beneficiaryName: 42 }, 'INVALID_BENEFICIARY_NAME', 'beneficiaryName'],
    ['beneficiaryName without letters', { ...big, beneficiaryName: '12345' }, 'INVALID_BENEFICIARY_NAME', 'beneficiaryName'],
    ['beneficiaryName too long', { ...big, beneficiaryName: 'a'.repeat(121) }, 'INVALID_BENEFICIARY_NAME', 'beneficiaryName'],
    ['above 500000 without beneficiaryDocumentType', { ...big, beneficiaryDocumentType: undefined }, 'BENEFICIARY_DOCUMENT_TYPE_REQUIRED', 'beneficiaryDocumentType'],
    ['beneficiaryDocumentType unknown', { ...big, beneficiaryDocumentType: 'RG' }, 'INVALID_BENEFICIARY_DOCUMENT_TYPE', 'beneficiaryDocumentType'],
    ['above 500000 without beneficiaryDocumentNumber', { ...big, beneficiaryDocumentNumber: undefined }, 'BENEFICIARY_DOCUMENT_NUMBER_REQUIRED', 'beneficiaryDocumentNumber'],
    ['beneficiaryDocumentNumber not a string', { ...big, beneficiaryDocumentNumber: 52998224725 }, 'INVALID_BENEFICIARY_DOCUMENT_NUMBER', 'beneficiaryDocumentNumber'],
    ['beneficiary CPF check digits', { ...big, beneficiaryDocumentNumber: '529.982.247-24' }, 'INVALID_BENEFICIARY_DOCUMENT_NUMBER', 'beneficiaryDocumentNumber'],
    ['beneficiary CNPJ check digits', { ...big, beneficiaryDocumentType: 'CNPJ', beneficiaryDocumentNumber: '11.222.333/0001-80' }, 'INVALID_BENEFICIARY_DOCUMENT_NUMBER', 'beneficiaryDocumentNumber'],
    ['CPF type with a CNPJ', { ...big, beneficiaryDocumentNumber: '11.222.333/0001-81' }, 'BENEFICIARY_DOCUMENT_TYPE_MISMATCH', 'beneficiaryDocumentNumber'],
    ['CNPJ type with a CPF', { ...big, beneficiaryDocumentType: 'CNPJ' }, 'BENEFICIARY_DOCUMENT_TYPE_MISMATCH', 'beneficiaryDocumentNumber'],
    ['below the threshold, number without type', { ...base, beneficiaryDocumentNumber: '529.982.247-25' }, 'BENEFICIARY_DOCUMENT_TYPE_REQUIRED', 'beneficiaryDocumentType'],
    ['below the threshold, type without number', { ...base, beneficiaryDocumentType: 'CPF' }, 'BENEFICIARY_DOCUMENT_NUMBER_REQUIRED', 'beneficiaryDocumentNumber'],
    ['below the threshold, an invalid document is still refused', { ...base, beneficiaryDocumentType: 'CPF', beneficiaryDocumentNumber: '123' }, 'INVALID_BENEFICIARY_DOCUMENT_NUMBER', 'beneficiaryDocumentNumber'],
  ];
  it.each(cases)('%s -> %s', (_name, body, code, field) => {
    expect(() => parse(body)).toThrow(expect.objectContaining({ code, kind: 'VALIDATION', details: { field } }));
  });

  it('reports the first broken rule in a fixed order', () => {
    expect(refusal({ amount: 1, method: 'TED', pixKeyType: 'X' })).toBe('AMOUNT_TOO_LOW');
    expect(refusal({ amount: 1_000, method: 'TED', pixKeyType: 'X' })).toBe('UNSUPPORTED_METHOD');
    expect(refusal({ amount: 1_000, method: 'PIX', pixKeyType: 'X' })).toBe('INVALID_PIX_KEY_TYPE');
  });
});

describe('parseCreateWithdrawal: accepted input, normalised', () => {
  it('normalises each key type', () => {
    const key = (pixKeyType: string, pixKey: string) => parse({ ...base, pixKeyType, pixKey }).pixKey;
    expect(key('CPF', '529.982.247-25')).toBe('52998224725');
    expect(key('CNPJ', '11.222.333/0001-81')).toBe('11222333000181');
    expect(key('CNPJ', '12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(key('PHONE', '+55 (11) 98765-4321')).toBe('+5511987654321');
    expect(key('PHONE', '5511987654321')).toBe('+5511987654321');
    expect(key('PHONE', '11 98765-4321')).toBe('+5511987654321');
    expect(key('EMAIL', ' Ana.Souza@Example.COM ')).toBe('ana.souza@example.com');
    expect(key('EVP', '123E4567-E89B-12D3-A456-426614174000')).toBe('123e4567-e89b-12d3-a456-426614174000');
  });

  it('minimum, threshold and maximum boundaries', () => {
    expect(parse({ ...base, amount: 500 }).amount).toBe(500);
    // Exactly 500000 needs no beneficiary; 500001 does.
    expect(parse({ ...base, amount: 500_000 }).beneficiary).toEqual({ name: null, documentType: null, documentNumber: null });
    expect(refusal({ ...base, amount: 500_001 })).toBe('BENEFICIARY_NAME_REQUIRED');
    expect(parse({ ...big, amount: 100_000_000 }).amount).toBe(100_000_000);
  });

  it('keeps beneficiary data normalised and optional fields as null when empty', () => {
    const w = parse({ ...big, beneficiaryDocumentType: 'CNPJ', beneficiaryDocumentNumber: '12.ABC.345/01DE-35', description: '  ', metadata: {} });
    expect(w.beneficiary).toEqual({ name: 'João da Silva', documentType: 'CNPJ', documentNumber: '12ABC34501DE35' });
    expect(w.description).toBeNull();
    expect(w.metadata).toBeNull();
    expect(w.externalReference).toBeNull();
  });

  it('description: 140 code points are allowed (emoji count once)', () => {
    expect(parse({ ...base, description: '😀'.repeat(140) }).description).toHaveLength(280);
  });

  it('sandbox magic CPFs are beneficiary documents only in the sandbox', () => {
    const magic = { ...big, beneficiaryDocumentNumber: '000.000.000-00' };
    expect(parse(magic, true).beneficiary.documentNumber).toBe('00000000000');
    expect(refusal(magic, false)).toBe('INVALID_BENEFICIARY_DOCUMENT_NUMBER');
  });
});
