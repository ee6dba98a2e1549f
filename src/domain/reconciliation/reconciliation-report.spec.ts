import { describe, expect, it } from 'vitest';
import { type CreditRow, type ReceivedPixRow, reconciliationReport } from './reconciliation-report';

const e2e = (n: number) => `E99999999202611251200x${String(n).padStart(10, '0')}`;
const paid = (n: number, cents: number, tx = `tx${n}`): ReceivedPixRow => ({ endToEndId: e2e(n), txid: `txid${n}`, cents, transactionId: tx, verdict: 'PAYMENT' });
const credit = (n: number, cents: number, entries = 1, tx = `tx${n}`): CreditRow => ({ endToEndId: e2e(n), transactionId: tx, cents, entries });

describe('the daily reconciliation report', () => {
  it('a day where every payment was credited once has no difference', () => {
    const r = reconciliationReport('2026-11-25', [paid(1, 1_000), paid(2, 2_500)], [credit(1, 1_000), credit(2, 2_500)]);
    expect(r).toEqual({ date: '2026-11-25', psp: { count: 2, cents: 3_500 }, credited: { count: 2, cents: 3_500 }, differences: [] });
  });

  it('names each difference by end-to-end id with its kind', () => {
    const received: ReceivedPixRow[] = [
      paid(1, 1_000),
      paid(2, 2_000),
      paid(3, 3_000),
      { endToEndId: e2e(4), txid: 'txid4', cents: 999, transactionId: 'tx4', verdict: 'AMOUNT_DIFFERS' },
      { endToEndId: e2e(5), txid: null, cents: 500, transactionId: null, verdict: 'NOT_OURS' },
    ];
    const r = reconciliationReport('2026-11-25', received, [credit(1, 1_000), credit(3, 3_000, 2)]);
    expect(r.psp).toEqual({ count: 5, cents: 7_499 });
    expect(r.credited).toEqual({ count: 3, cents: 7_000 });
    expect(r.differences.map((d) => [d.endToEndId, d.kind])).toEqual([
      [e2e(2), 'NOT_CREDITED'],
      [e2e(3), 'CREDITED_TWICE'],
      [e2e(4), 'AMOUNT_DIFFERS'],
      [e2e(5), 'NOT_OURS'],
    ]);
  });

  it('a Pix credited under two charges is credited twice, even when the PSP listed it on another day', () => {
    const r = reconciliationReport('2026-11-25', [], [credit(7, 1_000, 1, 'txA'), credit(7, 1_000, 1, 'txB')]);
    expect(r.differences).toEqual([{ endToEndId: e2e(7), kind: 'CREDITED_TWICE', txid: null, transactionId: 'txA', cents: 1_000 }]);
    expect(r.credited).toEqual({ count: 2, cents: 2_000 });
  });

  it('an empty day is zero on both sides', () => {
    expect(reconciliationReport('2026-11-25', [], [])).toEqual({ date: '2026-11-25', psp: { count: 0, cents: 0 }, credited: { count: 0, cents: 0 }, differences: [] });
  });
});
