import { describe, expect, it, vi } from 'vitest';
import type { Seller } from '../accounts/accounts.types';
import type { SandboxActions } from './sandbox-actions';
import { sandboxCommands } from './sandbox.commands';

const seller = { id: 's1' } as Seller;

function commandsWith(actions: Partial<Record<keyof SandboxActions, unknown>>) {
  return sandboxCommands({ sandbox: actions as unknown as SandboxActions });
}

describe('sandboxCommands', () => {
  it('sandboxDecideDispute refuses an outcome other than WON or LOST before the dispute is looked up', async () => {
    const decideDispute = vi.fn();
    await expect(commandsWith({ decideDispute }).sandboxDecideDispute({ seller, disputeId: 'd1', input: { outcome: 'DRAW' } })).rejects.toMatchObject({
      code: 'INVALID_OUTCOME',
      message: 'outcome must be WON or LOST',
    });
    await expect(commandsWith({ decideDispute }).sandboxDecideDispute({ seller, disputeId: 'd1', input: undefined })).rejects.toMatchObject({ code: 'INVALID_OUTCOME' });
    expect(decideDispute).not.toHaveBeenCalled();
  });

  it('sandboxReportWithdrawal refuses a missing status before the withdrawal is looked up, and ignores a reason that is not a string', async () => {
    const reportWithdrawal = vi.fn(async () => ({ applied: true, transitions: [], withdrawal: {} }));
    await expect(commandsWith({ reportWithdrawal }).sandboxReportWithdrawal({ seller, withdrawalId: 'w1', input: { reason: 'x' } })).rejects.toMatchObject({ code: 'INVALID_FIELD' });
    expect(reportWithdrawal).not.toHaveBeenCalled();
    await commandsWith({ reportWithdrawal }).sandboxReportWithdrawal({ seller, withdrawalId: 'w1', input: { status: 'DONE', reason: 42 } }).catch(() => undefined);
    expect(reportWithdrawal).toHaveBeenCalledWith('s1', 'w1', { status: 'DONE', reason: undefined });
  });

  it('sandboxReportCharge hands the body\'s fields to the use case, which checks them once the charge is found', async () => {
    const reportCharge = vi.fn(async () => Promise.reject(new Error('stop')));
    await expect(commandsWith({ reportCharge }).sandboxReportCharge({ seller, transactionId: 't1', input: [1] })).rejects.toThrow('stop');
    expect(reportCharge).toHaveBeenLastCalledWith('s1', 't1', { status: undefined, refusedReason: undefined });
    await expect(commandsWith({ reportCharge }).sandboxReportCharge({ seller, transactionId: 't1', input: { status: 'PAID', refusedReason: null, other: 1 } })).rejects.toThrow('stop');
    expect(reportCharge).toHaveBeenLastCalledWith('s1', 't1', { status: 'PAID', refusedReason: null });
  });

  it('sandboxOpenDispute answers a null dispute when the report opened none', async () => {
    const openDispute = vi.fn(async () => ({ applied: false, dispute: null }));
    expect(await commandsWith({ openDispute }).sandboxOpenDispute({ seller, transactionId: 't1', kind: 'DISPUTE' })).toEqual({ replayed: false, view: { applied: false, dispute: null } });
    expect(openDispute).toHaveBeenCalledWith('s1', 't1', 'DISPUTE');
  });
});
