import { describe, expect, it } from 'vitest';
import { barcodeModulo11, buildBarcode, digitableLine, dueDateFactor, formatDigitableLine, modulo10 } from './febraban';

describe('FEBRABAN boleto numbering', () => {
  it('counts the due-date factor from the 2025 reset (1000 on 2025-02-22)', () => {
    expect(dueDateFactor('2025-02-21')).toBe(9999);
    expect(dueDateFactor('2025-02-22')).toBe(1000);
    expect(dueDateFactor('2025-02-23')).toBe(1001);
    expect(dueDateFactor('2026-11-23')).toBe(1000 + 639);
    expect(dueDateFactor('2000-07-03')).toBe(1000);
  });

  it('wraps to 1000 again after 9999 (a 9000-day cycle)', () => {
    const day = (d: number) => new Date(Date.UTC(2025, 1, 22) + d * 86_400_000).toISOString().slice(0, 10);
    expect(dueDateFactor(day(8999))).toBe(9999);
    expect(dueDateFactor(day(9000))).toBe(1000);
  });

  it('rebuilds a published bank boleto (digits taken from a real Caixa slip)', () => {
    // 104 9 [DV 9] 8981 0000021403 2006561000100040099726390
    const barcode = '10499898100000214032006561000100040099726390';
    expect(barcodeModulo11(barcode.slice(0, 4) + barcode.slice(5))).toBe(9);
    expect(digitableLine(barcode)).toBe('10492006506100010004200997263900989810000021403');
  });

  it('computes modulo 10 and modulo 11 by their rules', () => {
    expect(modulo10('104920065')).toBe(0);
    expect(modulo10('0000000000')).toBe(0);
    // a remainder giving 10 or 11 becomes 1
    expect(barcodeModulo11('0'.repeat(43))).toBe(1);
  });

  it('builds barcode and line with amount, factor and free field in place', () => {
    const barcode = buildBarcode({ bankCode: '999', dueDate: '2026-11-26', amountCents: 15_050, freeField: '1234567890123456789012345' });
    expect(barcode).toMatch(/^\d{44}$/);
    expect(barcode.slice(0, 4)).toBe('9999');
    expect(barcode.slice(5, 9)).toBe(String(dueDateFactor('2026-11-26')));
    expect(barcode.slice(9, 19)).toBe('0000015050');
    expect(barcode.slice(19)).toBe('1234567890123456789012345');
    const line = digitableLine(barcode);
    expect(line).toHaveLength(47);
    expect(formatDigitableLine(line)).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
  });

  it('refuses malformed parts', () => {
    expect(() => buildBarcode({ bankCode: '99', dueDate: '2026-11-26', amountCents: 1, freeField: '1'.repeat(25) })).toThrow();
    expect(() => buildBarcode({ bankCode: '999', dueDate: '2026-02-30', amountCents: 1, freeField: '1'.repeat(25) })).toThrow();
    expect(() => buildBarcode({ bankCode: '999', dueDate: '2026-11-26', amountCents: 1, freeField: '1'.repeat(24) })).toThrow();
  });
});
