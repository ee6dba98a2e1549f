import { describe, expect, it, vi } from 'vitest';
import { applyPspPix } from './apply-psp-pix';
import type { PspPix } from './psp-pix';
import { EARLY_PIX_WINDOW_SECONDS, receivePspCallbackCommand } from './receive-psp-callback.command';
import { derivedTxid } from '../pix/ids';
import { DomainError } from '../shared/errors';
import type { InstitutionReport, PspCallbackConfirmations } from './transactions.ports';

const pix = (e2e: string, txid: string | null, cents: number): PspPix => ({ endToEndId: e2e, txid, cents, at: new Date('2026-11-25T12:00:00Z'), returns: [] });

/** A PSP that holds these Pix (anything else is unknown to it), and a report path that applies each report id once. */
function setUp(held: PspPix[], accepts: (token: string) => boolean = () => true, now = new Date('2026-11-25T12:01:00Z')) {
  const seen = new Set<string>();
  const reports = { apply: vi.fn(async (r: InstitutionReport) => ({ applied: !seen.has(r.reportId) && Boolean(seen.add(r.reportId)), duplicate: false, transaction: {} as never })) };
  const read = vi.fn(async (id: string) => held.find((p) => p.endToEndId === id) ?? null);
  const confirmations: PspCallbackConfirmations = { accepts, named: (body) => ((body as { pix: { endToEndId: string }[] }).pix ?? []).map((p) => p.endToEndId), read };
  const charges = new Map([['tx1', { id: 'ch1', amount: 1000 }], ['tx2', { id: 'ch2', amount: 2000 }]]);
  const applyPix = applyPspPix({ findByTxid: async (txid) => charges.get(txid) ?? null, reports, refunds: { apply: async () => null } });
  const ignored = vi.fn();
  return { receive: receivePspCallbackCommand({ confirmations, applyPix, ignored, now: () => now }), reports, read, ignored };
}
const body = (...ids: string[]) => ({ pix: ids.map((endToEndId) => ({ endToEndId })) });

describe('receive PSP callback command', () => {
  it('applies each payment the PSP confirms once, by end-to-end id, and counts what a repeat did not apply again', async () => {
    const s = setUp([pix('E1', 'tx1', 1000), pix('E2', 'tx2', 2000)]);
    const first = await s.receive({ token: 't', address: '127.0.0.1', input: body('E1', 'E2') });
    expect(first?.view).toEqual({ confirmed: 2, applied: 2, ignored: 0 });
    const again = await s.receive({ token: 't', address: '127.0.0.1', input: body('E1') });
    expect(again?.view).toEqual({ confirmed: 1, applied: 0, ignored: 0 });
    expect(s.reports.apply.mock.calls.map(([r]) => [r.reportId, r.transactionId, r.status, r.end2endId])).toEqual([
      ['apipix-pix:E1', 'ch1', 'PAID', 'E1'],
      ['apipix-pix:E2', 'ch2', 'PAID', 'E2'],
      ['apipix-pix:E1', 'ch1', 'PAID', 'E1'],
    ]);
  });

  it('applies nothing the PSP does not hold, nor a Pix of another charge or amount, and says which were ignored', async () => {
    const s = setUp([pix('E3', 'unknown', 1000), pix('E4', 'tx1', 999), pix('E5', null, 1000)]);
    const result = await s.receive({ token: 't', address: '127.0.0.1', input: body('forged', 'E3', 'E4', 'E5') });
    expect(result?.view).toEqual({ confirmed: 0, applied: 0, ignored: 4 });
    expect(s.reports.apply).not.toHaveBeenCalled();
    expect(s.ignored.mock.calls.map(([id, o]) => [id, o?.verdict.kind ?? null])).toEqual([
      ['forged', null],
      ['E3', 'not-ours'],
      ['E4', 'amount-differs'],
      ['E5', 'not-ours'],
    ]);
  });

  it('answers null, reading and applying nothing, for a sender the PSP settings refuse or when no PSP is connected', async () => {
    const s = setUp([pix('E1', 'tx1', 1000)], (token) => token === 'right');
    expect(await s.receive({ token: 'wrong', address: '127.0.0.1', input: body('E1') })).toBeNull();
    const none = receivePspCallbackCommand({ confirmations: null, applyPix: vi.fn(), now: () => new Date() });
    expect(await none({ token: 'right', address: '127.0.0.1', input: body('E1') })).toBeNull();
    expect(s.read).not.toHaveBeenCalled();
    expect(s.reports.apply).not.toHaveBeenCalled();
  });

  it('refuses with a retryable error a recent Pix of a txid of ours without a charge yet, after applying the others', async () => {
    const ours = derivedTxid('a charge being created');
    const s = setUp([pix('E1', 'tx1', 1000), pix('E6', ours, 1500)]);
    const error = await s.receive({ token: 't', address: '127.0.0.1', input: body('E1', 'E6') }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'PIX_CHARGE_NOT_STORED_YET', kind: 'UNAVAILABLE', details: { retryAfterSeconds: 1 } });
    expect(s.reports.apply.mock.calls.map(([r]) => r.reportId)).toEqual(['apipix-pix:E1']);
    expect(s.ignored).not.toHaveBeenCalled();
  });

  it('answers as ignored, never retryable, a Pix of a txid not ours, of no txid, or of ours paid longer ago than the window', async () => {
    const ours = derivedTxid('a charge never stored');
    const late = new Date(new Date('2026-11-25T12:00:00Z').getTime() + (EARLY_PIX_WINDOW_SECONDS + 1) * 1_000);
    const s = setUp([pix('E7', ours, 1500), pix('E8', '3f2b8c1e9a7d4b6c8e0f1a2b3c4d5e6f', 1500), pix('E9', null, 1500)], () => true, late);
    expect((await s.receive({ token: 't', address: '127.0.0.1', input: body('E7', 'E8', 'E9') }))?.view).toEqual({ confirmed: 0, applied: 0, ignored: 3 });
    const recent = setUp([pix('E8', '3f2b8c1e9a7d4b6c8e0f1a2b3c4d5e6f', 1500), pix('E9', null, 1500)]);
    expect((await recent.receive({ token: 't', address: '127.0.0.1', input: body('E8', 'E9') }))?.view).toEqual({ confirmed: 0, applied: 0, ignored: 2 });
  });
});
