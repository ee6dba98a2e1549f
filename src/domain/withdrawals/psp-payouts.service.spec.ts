import { describe, expect, it } from 'vitest';
import { ManualClock } from '../shared/clock';
import type { Tx } from '../shared/unit-of-work';
import type { PayoutAnswer, PayoutPsp } from './payout-psp.ports';
import { PayoutFloat } from './payout-float';
import { PspPayouts, type PspPayoutsDeps } from './psp-payouts.service';
import type { PayoutReport } from './withdrawals.ports';
import type { Withdrawal } from './withdrawal.types';
import type { WithdrawalStatus } from './withdrawal-status';

const tx = {} as Tx;

/** The service with in-memory ports: one withdrawal, a scripted PSP, reports recorded. */
function rig(answers: { send?: PayoutAnswer[]; query?: PayoutAnswer[] }, status: WithdrawalStatus = 'PENDING', extra: Partial<PspPayoutsDeps> & { keyFree?: () => boolean } = {}) {
  const w = { id: 'w1', status, amount: 1_000, pixKey: 'a@b.c', pixKeyType: 'EMAIL', beneficiary: { name: null, documentType: null, documentNumber: null }, description: null, createdAt: new Date(0) } as unknown as Withdrawal;
  const row = { attempts: 0 };
  const calls: string[] = [];
  const reports: PayoutReport[] = [];
  const psp: PayoutPsp = {
    send: async () => {
      calls.push('send');
      return answers.send?.shift() ?? { kind: 'unknown', reason: 'no script' };
    },
    query: async () => {
      calls.push('query');
      return answers.query?.shift() ?? { kind: 'unknown', reason: 'no script' };
    },
  };
  const service = new PspPayouts({
    uow: { run: (work) => work(tx) },
    repo: { findById: async () => w },
    progress: {
      progress: async () => ({ pspPayoutId: 'Ww1', attempts: row.attempts }),
      withdrawalIdOf: async (id) => (id === 'Ww1' ? 'w1' : null),
      beginSend: async (_tx, _id, expected) => {
        if (row.attempts !== expected) return false;
        row.attempts += 1;
        return true;
      },
      claimKeySlot: async () => extra.keyFree?.() ?? true,
    },
    psp,
    reports: {
      // The report path's effect that matters here: the withdrawal enters the reported status.
      apply: async (r) => {
        reports.push(r);
        w.status = r.status as WithdrawalStatus;
        return {} as never;
      },
      applyIn: async (_tx, r) => {
        reports.push(r);
        w.status = r.status as WithdrawalStatus;
        return {} as never;
      },
    },
    scheduler: { schedule: async () => {}, cancel: async () => {} },
    clock: new ManualClock(new Date(0)),
    followEveryMs: 1_000,
    retryWaitingMs: 500,
    ...extra,
  });
  return { service, calls, reports, row, w };
}

describe('PspPayouts: at most one send', () => {
  it('the first run sends once and records PROCESSING before the call', async () => {
    const r = rig({ send: [{ kind: 'held', record: { status: 'PROCESSING', end2end: 'E1' } }] });
    await r.service.submitPayout({ withdrawalId: 'w1' } as never);
    expect(r.calls).toEqual(['send']);
    expect(r.reports.map((x) => [x.reportId, x.status])).toEqual([
      ['psp-payout-send:Ww1:1', 'PROCESSING'],
      ['psp-payout:Ww1:PROCESSING', 'PROCESSING'],
    ]);
  });

  it('a lost answer: the follow job queries, never sends; "absent" alone sends again', async () => {
    const r = rig({ send: [{ kind: 'unknown', reason: 'timeout' }, { kind: 'held', record: { status: 'PROCESSING' } }], query: [{ kind: 'unknown', reason: '503' }, { kind: 'absent' }] });
    await r.service.submitPayout({ withdrawalId: 'w1' } as never);
    expect(await r.service.follow('w1')).toEqual({ runAgainAt: new Date(1_000) });
    expect(r.calls).toEqual(['send', 'query']);
    await r.service.follow('w1');
    expect(r.calls).toEqual(['send', 'query', 'query', 'send']);
    expect(r.row.attempts).toBe(2);
  });

  it('a taken identifier is read back, and a final record stops the follow job', async () => {
    const r = rig({ send: [{ kind: 'duplicate' }], query: [{ kind: 'held', record: { status: 'PAID', end2end: 'E1' } }] });
    await r.service.submitPayout({ withdrawalId: 'w1' } as never);
    expect(r.calls).toEqual(['send', 'query']);
    expect(r.reports.at(-1)).toMatchObject({ reportId: 'psp-payout:Ww1:PAID', status: 'PAID', end2end: 'E1' });
    expect(await r.service.follow('w1')).toBeUndefined();
  });

  it('a webhook is a hint: it reads back, never starts a send, and ignores identifiers not ours', async () => {
    const r = rig({ query: [{ kind: 'absent' }] });
    expect(await r.service.hint('Wother')).toBe(false);
    expect(await r.service.hint('Ww1')).toBe(true);
    expect(r.calls).toEqual([]);
    r.row.attempts = 1;
    await r.service.hint('Ww1');
    expect(r.calls).toEqual(['query']);
  });

  it('two runners after one "absent": the attempt counter lets one send', async () => {
    const r = rig({ query: [{ kind: 'absent' }, { kind: 'absent' }], send: [{ kind: 'held', record: { status: 'PROCESSING' } }, { kind: 'held', record: { status: 'PROCESSING' } }] });
    r.row.attempts = 1;
    await Promise.all([r.service.follow('w1'), r.service.follow('w1')]);
    expect(r.calls.filter((c) => c === 'send')).toHaveLength(1);
  });

  it('a refusal fails the withdrawal; a closed withdrawal is never sent', async () => {
    const refused = rig({ send: [{ kind: 'refused', reason: 'chave_invalida: x' }] });
    await refused.service.submitPayout({ withdrawalId: 'w1' } as never);
    expect(refused.reports.at(-1)).toMatchObject({ status: 'FAILED', reason: 'chave_invalida: x' });
    const closed = rig({}, 'CANCELED');
    await closed.service.submitPayout({ withdrawalId: 'w1' } as never);
    expect(closed.calls).toEqual([]);
  });
});

describe('PspPayouts: the float and the paying key', () => {
  const floatOf = (cents: () => number | null, clock = new ManualClock(new Date(0))) =>
    new PayoutFloat({ psp: { balance: async () => (cents() === null ? { kind: 'unknown', reason: 'down' } : { kind: 'read', cents: cents()! }) }, clock, readEveryMs: 5_000 });

  it('a float that does not cover the payout: APPROVED with the reason, one alert, nothing sent, the job runs again', async () => {
    let balance = 999;
    const clock = new ManualClock(new Date(0));
    const alerts: string[] = [];
    const r = rig({ send: [{ kind: 'held', record: { status: 'PROCESSING' } }] }, 'PENDING', { clock, float: floatOf(() => balance, clock), floatShort: (id) => alerts.push(id) });
    expect(await r.service.submitPayout({ withdrawalId: 'w1' } as never)).toEqual({ runAgainAt: new Date(500) });
    expect(r.reports).toEqual([expect.objectContaining({ status: 'APPROVED', reason: expect.stringContaining("platform's balance") })]);
    expect(r.w.status).toBe('APPROVED');
    await r.service.submitPayout({ withdrawalId: 'w1' } as never);
    expect(alerts).toEqual(['w1']);
    expect(r.calls).toEqual([]);
    balance = 1_000;
    clock.advance(5_000);
    expect(await r.service.submitPayout({ withdrawalId: 'w1' } as never)).toBeUndefined();
    expect(r.calls).toEqual(['send']);
    expect(r.w.status).toBe('PROCESSING');
  });

  it('a balance that cannot be read covers nothing', async () => {
    const r = rig({}, 'PENDING', { float: floatOf(() => null) });
    expect(await r.service.submitPayout({ withdrawalId: 'w1' } as never)).toEqual({ runAgainAt: new Date(500) });
    expect(r.calls).toEqual([]);
    expect(r.reports.at(-1)).toMatchObject({ status: 'APPROVED', reason: expect.stringContaining('could not be read') });
  });

  it('the float taken for a send that does not begin (a busy key) is given back; a send keeps it taken', async () => {
    let free = false;
    const float = floatOf(() => 1_000);
    const r = rig({ send: [{ kind: 'held', record: { status: 'PROCESSING' } }] }, 'PENDING', { float, keyConcurrency: 1, keyFree: () => free });
    await r.service.submitPayout({ withdrawalId: 'w1' } as never);
    expect(r.calls).toEqual([]);
    expect(float.snapshot().available).toBe(1_000);
    free = true;
    await r.service.submitPayout({ withdrawalId: 'w1' } as never);
    expect(r.calls).toEqual(['send']);
    expect(float.snapshot().available).toBe(1_000 - r.w.amount);
  });

  it('a busy paying key: nothing sent, still PENDING, the job runs again; a final outcome frees the key', async () => {
    let free = false;
    let freed = 0;
    const r = rig({ send: [{ kind: 'held', record: { status: 'PROCESSING' } }], query: [{ kind: 'held', record: { status: 'PAID', end2end: 'E1' } }] }, 'PENDING', {
      keyConcurrency: 1,
      keyFree: () => free,
      keyFreed: async () => void freed++,
    });
    expect(await r.service.submitPayout({ withdrawalId: 'w1' } as never)).toEqual({ runAgainAt: new Date(500) });
    expect(r.calls).toEqual([]);
    expect(r.w.status).toBe('PENDING');
    free = true;
    await r.service.submitPayout({ withdrawalId: 'w1' } as never);
    expect(r.calls).toEqual(['send']);
    expect(freed).toBe(0);
    expect(await r.service.follow('w1')).toBeUndefined();
    expect(freed).toBe(1);
  });
});
