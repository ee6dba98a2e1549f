import { describe, expect, it, vi } from 'vitest';
import { answered } from '../idempotency/idempotent-command';
import { receivePspCallbackCommand } from './receive-psp-callback.command';
import type { ConfirmedPixPayment } from './transactions.ports';

const paid = (e2e: string): ConfirmedPixPayment => ({ reportId: `apipix-pix:${e2e}`, transactionId: `tx_${e2e}`, status: 'PAID', end2endId: e2e, paidAt: '2026-11-25T12:00:00Z' });

describe('receive PSP callback command', () => {
  it('applies each payment the PSP confirms through the report command, and counts what a repeat did not apply again', async () => {
    const seen = new Set<string>();
    const applyReport = vi.fn(async ({ input }: { input: unknown }) => {
      const id = (input as ConfirmedPixPayment).reportId;
      const first = !seen.has(id);
      seen.add(id);
      return answered({ applied: first, duplicate: !first, transactionStatus: 'PAID' });
    });
    const confirmations = { accepts: () => true, confirm: vi.fn(async () => ({ confirmed: [paid('E1'), paid('E2'), paid('E1')], ignored: 1 })) };
    const receive = receivePspCallbackCommand({ confirmations, applyReport });
    const result = await receive({ token: 't', address: '127.0.0.1', input: { pix: [] } });
    expect(result?.view).toEqual({ confirmed: 3, applied: 2, ignored: 1 });
    expect(applyReport.mock.calls.map(([r]) => (r.input as ConfirmedPixPayment).end2endId)).toEqual(['E1', 'E2', 'E1']);
  });

  it('applies nothing the PSP does not confirm', async () => {
    const applyReport = vi.fn();
    const receive = receivePspCallbackCommand({ confirmations: { accepts: () => true, confirm: async () => ({ confirmed: [], ignored: 2 }) }, applyReport });
    expect((await receive({ token: 't', address: '127.0.0.1', input: { pix: [{ endToEndId: 'forged' }] } }))?.view).toEqual({ confirmed: 0, applied: 0, ignored: 2 });
    expect(applyReport).not.toHaveBeenCalled();
  });

  it('answers null, reading and applying nothing, for a sender the PSP settings refuse or when no PSP is connected', async () => {
    const applyReport = vi.fn();
    const confirm = vi.fn();
    const refusing = receivePspCallbackCommand({ confirmations: { accepts: (token) => token === 'right', confirm }, applyReport });
    expect(await refusing({ token: 'wrong', address: '127.0.0.1', input: { pix: [] } })).toBeNull();
    const none = receivePspCallbackCommand({ confirmations: null, applyReport });
    expect(await none({ token: 'right', address: '127.0.0.1', input: { pix: [] } })).toBeNull();
    expect(confirm).not.toHaveBeenCalled();
    expect(applyReport).not.toHaveBeenCalled();
  });
});
