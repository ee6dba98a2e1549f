import { describe, expect, it } from 'vitest';
import { type LedgerPayoutRow, payoutReconciliation, type PspSentPayout } from './payout-reconciliation';

const psp = (id: string, status: PspSentPayout['status'], cents = 1_000): PspSentPayout => ({ pspPayoutId: id, endToEndId: `E${id}`, cents, status });
const ours = (id: string, o: Partial<LedgerPayoutRow> = {}): LedgerPayoutRow => ({ withdrawalId: id.slice(1), pspPayoutId: id, cents: 1_000, end2end: null, debits: 1, settlements: 0, refunds: 0, ...o });

describe('payoutReconciliation', () => {
  it('a sound day: totals by status at the PSP and in the ledger, no difference', () => {
    const r = payoutReconciliation(
      [psp('Wa', 'PAID'), psp('Wb', 'FAILED', 2_000), psp('Wc', 'PROCESSING', 3_000)],
      [ours('Wa', { settlements: 1 }), ours('Wb', { cents: 2_000, refunds: 1 }), ours('Wc', { cents: 3_000 })],
    );
    expect(r.psp).toEqual({ sent: { count: 3, cents: 6_000 }, paid: { count: 1, cents: 1_000 }, failed: { count: 1, cents: 2_000 }, pending: { count: 1, cents: 3_000 } });
    expect(r.ledger).toEqual({ debited: { count: 3, cents: 6_000 }, settled: { count: 1, cents: 1_000 }, refunded: { count: 1, cents: 2_000 } });
    expect(r.differences).toEqual([]);
  });

  it('every way the two sides disagree, by end-to-end id', () => {
    const r = payoutReconciliation(
      [psp('Wx', 'PAID'), psp('Wa', 'PAID'), psp('Wb', 'FAILED'), psp('Wc', 'FAILED'), psp('Wd', 'PAID', 999)],
      [ours('Wa'), ours('Wb', { settlements: 1 }), ours('Wc'), ours('Wd', { settlements: 1, debits: 2 }), ours('We', { end2end: 'EWe' })],
    );
    expect(r.differences.map((d) => [d.endToEndId, d.kind])).toEqual([
      ['EWa', 'PAID_NOT_SETTLED'],
      ['EWb', 'SETTLED_NOT_PAID'],
      ['EWc', 'FAILED_NOT_REFUNDED'],
      ['EWd', 'AMOUNT_DIFFERS'],
      ['EWd', 'DEBITED_TWICE'],
      ['EWe', 'NOT_AT_PSP'],
      ['EWx', 'NOT_OURS'],
    ]);
    expect(r.differences.find((d) => d.kind === 'NOT_OURS')).toMatchObject({ withdrawalId: null, pspPayoutId: 'Wx' });
  });

  it('a paid payout returned later (settled, settled back, refunded) is not counted as settled', () => {
    const r = payoutReconciliation([psp('Wa', 'PAID')], [ours('Wa', { settlements: 2, refunds: 1 })]);
    expect(r.ledger.settled.count).toBe(0);
    expect(r.differences).toEqual([]);
  });
});
