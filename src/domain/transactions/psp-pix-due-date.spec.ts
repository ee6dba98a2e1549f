import { describe, expect, it } from 'vitest';
import type { DueDateCharge } from '../due-date/due-date-charge';
import { judgePspPix, type PspPix } from './psp-pix';

const calendar = { isNationalHoliday: (d: string) => d === '2026-12-25' };
const dueDateCharge: DueDateCharge = {
  terms: { dueDate: '2026-12-10', validityAfterDueDays: 5, fine: { modality: 'PERCENT', value: 200 }, interest: { modality: 'AMOUNT_PER_CALENDAR_DAY', value: 10 }, abatement: null, discount: null },
  originalAmount: 10_000,
  lastPayableDate: '2026-12-15',
  paid: null,
};
const charge = { id: 'ch1', amount: 10_000, dueDateCharge };
// 2026-12-12 13:00 in Brasília: two days late.
const pix = (cents: number, at = '2026-12-12T16:00:00.000Z'): PspPix => ({ endToEndId: 'E1', txid: 'tx1', cents, at: new Date(at), returns: [] });

describe('a received Pix of a charge with a due date', () => {
  it('is its payment when it is what the charge asks on the Pix day in Brasília, priced on that day', () => {
    expect(judgePspPix(pix(10_220), charge, calendar)).toMatchObject({ kind: 'payment', report: { transactionId: 'ch1', paymentDate: '2026-12-12' } });
    // 01:00 UTC on the 13th is still the 12th in Brasília.
    expect(judgePspPix(pix(10_220, '2026-12-13T01:00:00.000Z'), charge, calendar)).toMatchObject({ kind: 'payment', report: { paymentDate: '2026-12-12' } });
  });

  it('is left to an operator when it is another amount, or after the last payable day', () => {
    expect(judgePspPix(pix(10_000), charge, calendar)).toEqual({ kind: 'amount-differs', transactionId: 'ch1', paid: 10_000, amount: 10_220 });
    expect(judgePspPix(pix(10_250, '2026-12-16T15:00:00.000Z'), charge, calendar)).toMatchObject({ kind: 'amount-differs', amount: 0 });
  });
});
