import { describe, expect, it } from 'vitest';
import { emptyRecurrenceDraft, recurrenceInput, type RecurrenceDraft } from './recurrence-form';

const draft = (over: Partial<RecurrenceDraft> = {}): RecurrenceDraft => ({
  ...emptyRecurrenceDraft(),
  contractNumber: ' 63100862 ',
  payerName: 'Maria Souza',
  payerDocument: '529.982.247-25',
  firstDate: '2026-12-05',
  amount: '89,90',
  ...over,
});

describe('the new-recurrence form', () => {
  it('sends a fixed monthly recurrence authorised by QR, in cents, without the fields it does not take', () => {
    expect(recurrenceInput(draft({ minimumAmount: '10', firstPaymentAmount: '5' }))).toEqual({
      ok: true,
      input: {
        contract: { number: '63100862', payer: { name: 'Maria Souza', document: '529.982.247-25' } },
        calendar: { firstDate: '2026-12-05', period: 'MONTHLY' },
        amountType: 'FIXED',
        amount: 8990,
        retryPolicy: 'NONE',
        journey: 'QR',
      },
    });
  });

  it('sends a variable amount with its minimum, a last date, an object and a first payment when the journey takes one', () => {
    const r = recurrenceInput(
      draft({ amountType: 'VARIABLE', amount: '1', minimumAmount: '50', lastDate: '2027-12-05', contractObject: 'Academia', journey: 'QR_WITH_FIRST_PAYMENT', firstPaymentAmount: '120,00' }),
    );
    expect(r).toMatchObject({ ok: true, input: { amountType: 'VARIABLE', minimumAmount: 5000, firstPaymentAmount: 12000, calendar: { lastDate: '2027-12-05' }, contract: { object: 'Academia' } } });
    expect(r.ok && 'amount' in r.input).toBe(false);
  });

  it('refuses an amount that is no amount of reais', () => {
    expect(recurrenceInput(draft({ amount: '89,901' }))).toEqual({ ok: false, code: 'INVALID_AMOUNT' });
    expect(recurrenceInput(draft({ journey: 'QR_WITH_FIRST_PAYMENT', firstPaymentAmount: 'abc' }))).toEqual({ ok: false, code: 'INVALID_AMOUNT' });
  });
});
