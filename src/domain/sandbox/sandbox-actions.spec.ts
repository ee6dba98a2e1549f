import { describe, expect, it, vi } from 'vitest';
import type { Transaction } from '../transactions/transaction.types';
import { SandboxActions, type SandboxActionsDeps } from './sandbox-actions';

const paid = { id: 't1', sellerId: 's1', paymentMethod: 'PIX', status: 'PAID', end2endId: 'E2E' } as Transaction;

function actions(medReturn: SandboxActionsDeps['medReturn'], statusAfter = 'CHARGEDBACK') {
  let reads = 0;
  const apply = vi.fn(async () => ({ applied: true }));
  const a = new SandboxActions({
    transactions: { get: async () => (reads++ === 0 ? paid : { ...paid, status: statusAfter }) as Transaction },
    disputes: { list: async () => ({ items: [] }), get: async () => ({}) },
    chargeReports: { apply },
    randomToken: () => 'r',
    medReturn,
  } as unknown as SandboxActionsDeps);
  return { a, apply };
}

describe('SandboxActions: a MED return', () => {
  it('through the PSP when it took the money back: applied as the charge changed, no report', async () => {
    const { a, apply } = actions(async () => true);
    expect((await a.openDispute('s1', 't1', 'CHARGEDBACK')).applied).toBe(true);
    expect(apply).not.toHaveBeenCalled();
    expect((await actions(async () => true, 'PAID').a.openDispute('s1', 't1', 'CHARGEDBACK')).applied).toBe(false);
  });

  it('a CHARGEDBACK report when the PSP holds no Pix of the charge, or without a PSP', async () => {
    for (const medReturn of [async () => false, undefined]) {
      const { a, apply } = actions(medReturn);
      expect((await a.openDispute('s1', 't1', 'CHARGEDBACK')).applied).toBe(true);
      expect(apply).toHaveBeenCalledWith(expect.objectContaining({ transactionId: 't1', status: 'CHARGEDBACK' }));
    }
  });

  it('a contestation is always a report', async () => {
    const medReturn = vi.fn(async () => true);
    const { a, apply } = actions(medReturn);
    await a.openDispute('s1', 't1', 'DISPUTE');
    expect(medReturn).not.toHaveBeenCalled();
    expect(apply).toHaveBeenCalledWith(expect.objectContaining({ status: 'DISPUTE' }));
  });
});
