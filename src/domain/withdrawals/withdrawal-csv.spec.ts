import { describe, expect, it } from 'vitest';
import { neutraliseCsvCell, WITHDRAWAL_CSV_COLUMNS, withdrawalCsvRecord } from './withdrawal-csv';
import type { Withdrawal } from './withdrawal.types';

describe('CSV cells', () => {
  it.each([
    ['=cmd|/C calc!A0', "'=cmd|/C calc!A0"],
    ['+5511987654321', "'+5511987654321"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['plain, "quoted"\nnext', 'plain, "quoted"\nnext'],
    ['', ''],
  ])('%j -> %j', (raw, cell) => {
    expect(neutraliseCsvCell(raw)).toBe(cell);
  });

  it('a record has every column, amounts as integers, dates ISO, metadata as JSON', () => {
    const at = new Date('2026-03-01T12:00:00.000Z');
    const w: Withdrawal = {
      id: 'w1', sellerId: 's1', amount: 1_000, feeAmount: 100, method: 'PIX', pixKey: '+5511987654321', pixKeyType: 'PHONE', status: 'PAID',
      description: '=HYPERLINK("x")', externalReference: null, beneficiary: { name: null, documentType: null, documentNumber: null },
      metadata: { note: '=cmd' }, end2end: 'E0000', failureReason: null, waitingReason: null, approvedAt: at, processedAt: null, createdAt: at, updatedAt: at,
    };
    const r = withdrawalCsvRecord(w);
    expect(Object.keys(r)).toEqual([...WITHDRAWAL_CSV_COLUMNS]);
    expect(r).toMatchObject({ amount: '1000', feeAmount: '100', totalAmount: '1100', pixKey: "'+5511987654321", description: '\'=HYPERLINK("x")', metadata: '{"note":"=cmd"}', processedAt: '', createdAt: at.toISOString() });
  });
});
