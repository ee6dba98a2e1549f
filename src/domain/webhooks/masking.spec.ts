import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MASKED_FIELDS, maskPersonalData } from './masking';

const withdrawalEvent = () => ({
  id: 'wd_1',
  amount: 600_000,
  status: 'PAID',
  eventType: 'WITHDRAWAL_PAID',
  pixKey: '529.982.247-25',
  pixKeyType: 'CPF',
  beneficiaryName: 'João da Silva',
  beneficiaryDocumentType: 'CPF',
  beneficiaryDocumentNumber: '52998224725',
  destinationAccount: {
    bank: '001',
    branch: '1234',
    accountType: 'CHECKING',
    accountNumber: '987654-3',
    name: 'João da Silva',
    document: '529.982.247-25',
  },
  customer: {
    name: 'Maria Souza',
    email: 'maria@example.com',
    phone: '+5511987654321',
    document: { type: 'CPF', number: '52998224725' },
    address: { street: 'Rua A', number: 12, city: 'São Paulo' },
  },
  metadata: { order: 'A-1', CPF: '52998224725', contact_email: 'x@y.z', e_mail: 'ana@example.com', tags: ['a'] },
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('maskPersonalData', () => {
  it('masks personal fields anywhere, keeps the rest', () => {
    expect(maskPersonalData(withdrawalEvent())).toEqual({
      id: 'wd_1',
      amount: 600_000,
      status: 'PAID',
      eventType: 'WITHDRAWAL_PAID',
      pixKey: '*********25',
      pixKeyType: 'CPF',
      beneficiaryName: 'J*** *** ***',
      beneficiaryDocumentType: 'CPF',
      beneficiaryDocumentNumber: '*********25',
      destinationAccount: {
        bank: '001',
        branch: '1234',
        accountType: 'CHECKING',
        accountNumber: '***',
        name: 'J*** *** ***',
        document: '*********25',
      },
      customer: {
        name: 'M*** ***',
        email: 'm***@example.com',
        phone: '*********4321',
        document: { type: 'CPF', number: '*********25' },
        address: { street: '***', number: '***', city: '***' },
      },
      metadata: { order: 'A-1', CPF: '*********25', contact_email: 'x***@y.z', e_mail: 'a***@example.com', tags: ['a'] },
      createdAt: '2026-01-01T00:00:00.000Z',
    });
  });

  it('never masks destinationAccount.bank, .branch, .accountType, whatever they hold', () => {
    const masked = maskPersonalData({
      destinationAccount: { bank: { code: '001', name: 'Banco do Brasil' }, branch: 1234, accountType: 'SAVINGS' },
    });
    expect(masked).toEqual({
      destinationAccount: { bank: { code: '001', name: 'Banco do Brasil' }, branch: 1234, accountType: 'SAVINGS' },
    });
  });

  it('does not mutate its input', () => {
    const input = withdrawalEvent();
    const before = structuredClone(input);
    const masked = maskPersonalData(input);
    expect(input).toEqual(before);
    expect(masked.destinationAccount).not.toBe(input.destinationAccount);
  });

  it('masks arrays, numbers and non-plain objects under masked names; keeps null and booleans', () => {
    expect(
      maskPersonalData({
        emails: ['a@b.c'],
        tags: ['a@b.c'],
        productName: 'Camiseta',
        sellerCpf: '52998224725',
        email: ['ana@example.com', 'bia@example.com'],
        cpf: 52998224725,
        birthDate: new Date('1990-01-01'),
        phone: null,
        name: true,
      }),
    ).toEqual({
      emails: ['a***@b.c'],
      tags: ['a@b.c'], // matched by name, not by content
      productName: 'Camiseta',
      sellerCpf: '*********25',
      email: ['a***@example.com', 'b***@example.com'],
      cpf: '*********25',
      birthDate: '***',
      phone: null,
      name: true,
    });
  });

  it('keeps key order and a "__proto__" key as data', () => {
    const input = JSON.parse('{"z":1,"__proto__":{"email":"ana@example.com"},"a":2}') as object;
    const masked = maskPersonalData(input);
    expect(JSON.stringify(masked)).toBe('{"z":1,"__proto__":{"email":"a***@example.com"},"a":2}');
    expect(Object.getPrototypeOf(masked)).toBe(Object.prototype);
  });

  it('lists the fields of the brief', () => {
    for (const f of ['name', 'fullName', 'beneficiaryName', 'document', 'documentNumber', 'beneficiaryDocumentNumber', 'cpf', 'cnpj', 'email', 'phone', 'pixKey', 'taxId']) {
      expect(MASKED_FIELDS).toHaveProperty(f);
    }
  });

  it('no masked string value survives in the output (property)', () => {
    const secretLike = fc.stringMatching(/^[A-Za-z0-9]{12,20}$/);
    const maskedKey = fc.constantFrom(...Object.keys(MASKED_FIELDS).filter((k) => k !== 'destinationAccount'));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('metadata', 'customer', 'x'), maskedKey, secretLike), { maxLength: 8 }), (rows) => {
        const payload: Record<string, Record<string, string>> = {};
        for (const [outer, key, value] of rows) (payload[outer] ??= {})[key] = value;
        const json = JSON.stringify(maskPersonalData(payload));
        for (const [, , value] of rows) expect(json).not.toContain(value);
      }),
    );
  });
});
