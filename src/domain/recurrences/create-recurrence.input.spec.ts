import { describe, expect, it } from 'vitest';
import { parseCreateRecurrence } from './create-recurrence.input';

const body = (over: Record<string, unknown> = {}) => ({
  contract: { object: 'Gym membership', number: 'C-2027-001', payer: { name: 'Maria Souza', document: '529.982.247-25' } },
  calendar: { firstDate: '2027-01-10', period: 'MONTHLY' },
  amountType: 'FIXED',
  amount: 9990,
  ...over,
});

const codeOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as { code: string; details?: { field?: string } }).code + ':' + (e as { details?: { field?: string } }).details?.field;
  }
  return 'ok';
};

describe('the create-recurrence body', () => {
  it('reads a fixed monthly recurrence with its defaults', () => {
    const r = parseCreateRecurrence(body(), { sandbox: false });
    expect(r).toEqual({
      contract: { object: 'Gym membership', number: 'C-2027-001', payer: { name: 'Maria Souza', document: '52998224725', documentType: 'CPF' } },
      calendar: { firstDate: '2027-01-10', lastDate: null, period: 'MONTHLY' },
      amount: { type: 'FIXED', cents: 9990 },
      retryPolicy: 'NONE',
      journey: 'QR',
      firstPaymentAmount: null,
      payerAccount: null,
    });
  });

  it('reads the payer’s account of a push request (J1)', () => {
    const r = parseCreateRecurrence(body({ journey: 'PUSH_REQUEST', payerAccount: { ispb: '91193552', branch: '2569', number: '550689' } }), { sandbox: false });
    expect(r.payerAccount).toEqual({ ispb: '91193552', branch: '2569', number: '550689' });
    expect(parseCreateRecurrence(body({ journey: 'PUSH_REQUEST', payerAccount: { ispb: '91193552', number: '550689' } }), { sandbox: false }).payerAccount?.branch).toBeNull();
  });

  it('reads a variable one with a minimum and the composite journey', () => {
    const r = parseCreateRecurrence(
      body({ amountType: 'VARIABLE', amount: undefined, minimumAmount: 1000, journey: 'QR_WITH_FIRST_PAYMENT', firstPaymentAmount: 5000, retryPolicy: 'THREE_IN_SEVEN_DAYS' }),
      { sandbox: false },
    );
    expect(r.amount).toEqual({ type: 'VARIABLE', minimumCents: 1000 });
    expect(r.firstPaymentAmount).toBe(5000);
    expect(r.retryPolicy).toBe('THREE_IN_SEVEN_DAYS');
  });

  it.each([
    [{ contract: undefined }, 'FIELD_REQUIRED:contract'],
    [{ contract: { number: 'x', payer: { name: 'A', document: '111' } } }, 'INVALID_PAYER_DOCUMENT:contract.payer.document'],
    [{ contract: { number: 'x'.repeat(36), payer: { name: 'A', document: '52998224725' } } }, 'FIELD_TOO_LONG:contract.number'],
    [{ calendar: { firstDate: '2027-02-30', period: 'MONTHLY' } }, 'INVALID_DATE:calendar.firstDate'],
    [{ calendar: { firstDate: '2027-02-10', lastDate: '2027-01-10', period: 'MONTHLY' } }, 'INVALID_DATE:calendar.lastDate'],
    [{ calendar: { firstDate: '2027-02-10', period: 'DAILY' } }, 'INVALID_PERIOD:calendar.period'],
    [{ amount: 10.5 }, 'INVALID_AMOUNT:amount'],
    [{ amount: undefined }, 'AMOUNT_REQUIRED:amount'],
    [{ minimumAmount: 100 }, 'INVALID_AMOUNT_TYPE:minimumAmount'],
    [{ retryPolicy: 'ALWAYS' }, 'INVALID_RETRY_POLICY:retryPolicy'],
    [{ journey: 'QR_WITH_FIRST_PAYMENT' }, 'INVALID_FIRST_PAYMENT:firstPaymentAmount'],
    [{ surprise: 1 }, 'UNKNOWN_FIELD:surprise'],
    [{ journey: 'PUSH_REQUEST', payerAccount: { ispb: '9119355', number: '1' } }, 'INVALID_PAYER_ACCOUNT:payerAccount.ispb'],
    [{ journey: 'PUSH_REQUEST', payerAccount: { ispb: '91193552', branch: '12345', number: '1' } }, 'INVALID_PAYER_ACCOUNT:payerAccount.branch'],
    [{ journey: 'PUSH_REQUEST', payerAccount: { ispb: '91193552', number: '' } }, 'INVALID_PAYER_ACCOUNT:payerAccount.number'],
    [{ journey: 'QR', payerAccount: { ispb: '91193552', number: '1' } }, 'INVALID_PAYER_ACCOUNT:payerAccount'],
  ])('refuses %j with %s', (over, expected) => {
    expect(codeOf(() => parseCreateRecurrence(body(over), { sandbox: false }))).toBe(expected);
  });
});
