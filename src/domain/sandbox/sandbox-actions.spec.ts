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

describe('SandboxActions: a withdrawal report with a payout PSP', () => {
  function withdrawalActions(payoutAtPsp: SandboxActionsDeps['payoutAtPsp'], after: string) {
    let reads = 0;
    const apply = vi.fn(async () => ({ applied: true }));
    const a = new SandboxActions({
      withdrawals: { get: async () => ({ id: 'w1', sellerId: 's1', status: reads++ === 0 ? 'PENDING' : after }) },
      payoutReports: { apply },
      clock: { now: () => new Date(0) },
      randomToken: () => 'r',
      endToEndId: () => 'E',
      payoutAtPsp,
    } as unknown as SandboxActionsDeps);
    return { a, apply };
  }

  it('PAID and FAILED act at the PSP: no report, the transitions a send implies', async () => {
    const atPsp = vi.fn(async () => true);
    const { a, apply } = withdrawalActions(atPsp, 'FAILED');
    expect(await a.reportWithdrawal('s1', 'w1', { status: 'failed', reason: 'x' })).toMatchObject({ applied: true, transitions: ['APPROVED', 'PROCESSING', 'FAILED'] });
    expect(atPsp).toHaveBeenCalledWith(expect.objectContaining({ id: 'w1' }), 'FAILED', 'x');
    expect(apply).not.toHaveBeenCalled();
  });

  it('a payout the PSP does not hold, and the other statuses, are reports', async () => {
    const atPsp = vi.fn(async () => false);
    const { a, apply } = withdrawalActions(atPsp, 'PAID');
    await a.reportWithdrawal('s1', 'w1', { status: 'PAID' });
    expect(apply).toHaveBeenCalledWith(expect.objectContaining({ status: 'PAID' }));
    atPsp.mockClear();
    await a.reportWithdrawal('s1', 'w1', { status: 'CANCELED' });
    expect(atPsp).not.toHaveBeenCalled();
  });
});

describe('SandboxActions: paying a charge', () => {
  const pending = { ...paid, status: 'PENDING', end2endId: null } as unknown as Transaction;
  function payActions(payNow: SandboxActionsDeps['payNow']) {
    const get = vi.fn(async () => pending);
    const a = new SandboxActions({ transactions: { get }, payNow, clock: { now: () => new Date(0) } } as unknown as SandboxActionsDeps);
    return { a, get };
  }

  it('answers the charge as the payment left it, without reading it again', async () => {
    const after = { ...paid, status: 'PAID' } as Transaction;
    const { a, get } = payActions(async () => after);
    expect(await a.payCharge('s1', 't1')).toBe(after);
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('reads the charge again when the payment path does not know it (paid at a PSP)', async () => {
    const { a, get } = payActions(async () => undefined);
    expect(await a.payCharge('s1', 't1')).toBe(pending);
    expect(get).toHaveBeenCalledTimes(2);
  });
});
