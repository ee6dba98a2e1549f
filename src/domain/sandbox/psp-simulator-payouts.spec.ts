import { describe, expect, it, vi } from 'vitest';
import type { PayoutProgress } from '../withdrawals/payout-psp.ports';
import type { Withdrawal } from '../withdrawals/withdrawal.types';
import { PspSimulatorPayouts, type PspSimulatorPayoutControl } from './psp-simulator-payouts';

const AT = new Date('2026-11-27T12:00:03.000Z');
const withdrawal = { id: 'w1', amount: 1_002, pixKey: 'ana@example.com', pixKeyType: 'EMAIL', status: 'APPROVED', beneficiary: {}, createdAt: AT } as Withdrawal;

function payouts(o: { attempts?: number | null; settle?: PspSimulatorPayoutControl['settlePayout']; code?: string | null; rerun?: boolean; hold?: () => Promise<void> }) {
  const progress: PayoutProgress | null = o.attempts === null ? null : { pspPayoutId: 'Ww1', attempts: o.attempts ?? 1 };
  const submitPayout = vi.fn(async () => {
    if (progress && !o.rerun) progress.attempts += 1;
    return o.rerun ? { runAgainAt: AT } : undefined;
  });
  const hint = vi.fn(async () => true);
  const settlePayout = vi.fn(o.settle ?? (async () => ({ settled: true as const })));
  const holdPayouts = vi.fn(o.hold ?? (async () => undefined));
  const p = new PspSimulatorPayouts({
    control: { settlePayout, holdPayouts },
    payouts: { submitPayout, hint },
    progress: { progress: async () => progress },
    withdrawals: { findById: async (id) => (id === 'w1' ? withdrawal : null) },
    pspCodeOf: async () => (o.code === undefined ? 'Ww1' : o.code),
  });
  return { p, submitPayout, hint, settlePayout, holdPayouts };
}

describe('PspSimulatorPayouts', () => {
  it("the script's PAID on a sent payout: settled at the PSP by its code at the sandbox's instant, then read back", async () => {
    const { p, settlePayout, hint } = payouts({ code: 'codigo-inter' });
    expect(await p.settleSent('w1', 'PAID', undefined, AT)).toBe(true);
    expect(settlePayout).toHaveBeenCalledWith('codigo-inter', 'REALIZADO', undefined, AT);
    expect(hint).toHaveBeenCalledWith('Ww1');
  });

  it("the script's FAILED refuses it with the sandbox's reason", async () => {
    const { p, settlePayout } = payouts({});
    expect(await p.settleSent('w1', 'FAILED', 'sandbox: no answer', AT)).toBe(true);
    expect(settlePayout).toHaveBeenCalledWith('Ww1', 'NAO_REALIZADO', 'sandbox: no answer', AT);
  });

  it('a payout never sent, or whose code is unknown, is left to a report; nothing is sent for it', async () => {
    const unsent = payouts({ attempts: 0 });
    expect(await unsent.p.settleSent('w1', 'FAILED', 'sandbox: key not found', AT)).toBe(false);
    expect(unsent.submitPayout).not.toHaveBeenCalled();
    expect(unsent.settlePayout).not.toHaveBeenCalled();
    const noCode = payouts({ code: null });
    expect(await noCode.p.settleSent('w1', 'PAID', undefined, AT)).toBe(false);
    expect(noCode.settlePayout).not.toHaveBeenCalled();
  });

  it('a payout the PSP settled already is read back (its outcome wins); one it does not hold is left to a report', async () => {
    const final = payouts({ settle: async () => ({ refused: 'the payout is REALIZADO' }) });
    expect(await final.p.settleSent('w1', 'FAILED', 'sandbox: no answer', AT)).toBe(true);
    expect(final.hint).toHaveBeenCalledWith('Ww1');
    const lost = payouts({ settle: async () => ({ refused: 'no payout Ww1' }) });
    expect(await lost.p.settleSent('w1', 'PAID', undefined, AT)).toBe(false);
    expect(lost.hint).not.toHaveBeenCalled();
  });

  it('the report route sends a payout not sent yet before settling it', async () => {
    const { p, submitPayout, settlePayout } = payouts({ attempts: 0 });
    expect(await p.settle(withdrawal, 'PAID', undefined, AT)).toBe(true);
    expect(submitPayout).toHaveBeenCalledTimes(1);
    expect(settlePayout).toHaveBeenCalledWith('Ww1', 'REALIZADO', undefined, AT);
  });

  it('send: true once sent or closed, false while the payout waits (the float, the paying key)', async () => {
    expect(await payouts({ attempts: 0 }).p.send('w1')).toBe(true);
    expect(await payouts({ attempts: 0, rerun: true }).p.send('w1')).toBe(false);
    expect(await payouts({}).p.send('gone')).toBe(true);
  });

  it('the PSP is told to hold its payouts before each send; when it cannot be told, nothing is sent', async () => {
    const { p, submitPayout, holdPayouts } = payouts({ attempts: 0 });
    await p.send('w1');
    expect(holdPayouts).toHaveBeenCalledTimes(1);
    expect(holdPayouts.mock.invocationCallOrder[0]).toBeLessThan(submitPayout.mock.invocationCallOrder[0]!);
    const deaf = payouts({ attempts: 0, hold: async () => Promise.reject(new Error('no answer')) });
    await expect(deaf.p.send('w1')).rejects.toThrow('no answer');
    await expect(deaf.p.settle(withdrawal, 'PAID', undefined, AT)).rejects.toThrow('no answer');
    expect(deaf.submitPayout).not.toHaveBeenCalled();
  });
});
