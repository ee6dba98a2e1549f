import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';
import { STATEMENT_CSV_HEADER, statementCsvRow } from './statement-csv';

describe('the statement export', () => {
  it("adds a due-date charge's components beside its credit, and leaves them empty on other lines", () => {
    const paid = { id: '7', createdAt: '2026-11-29T12:00:00.000Z', type: 'CREDIT', amount: 10_500, description: 'PIX received', transactionId: 'tx_1', withdrawalId: null, amountComponents: { original: 10_000, fine: 300, interest: 200, abatement: 0, discount: 0 } };
    const fee = { id: '8', createdAt: '2026-11-29T12:00:00.000Z', type: 'DEBIT', amount: 99, description: 'PIX fee', transactionId: 'tx_1', withdrawalId: null, amountComponents: null };
    expect(toCsv(STATEMENT_CSV_HEADER, [paid, fee].map(statementCsvRow)).split('\r\n')).toEqual([
      'id,createdAt,type,amount,description,transactionId,withdrawalId,originalAmount,fineAmount,interestAmount,abatementAmount,discountAmount',
      '7,2026-11-29T12:00:00.000Z,CREDIT,10500,PIX received,tx_1,,10000,300,200,0,0',
      '8,2026-11-29T12:00:00.000Z,DEBIT,99,PIX fee,tx_1,,,,,,',
      '',
    ]);
  });
});
