import { describe, expect, it } from 'vitest';
import { ManualClock } from '../shared/clock';
import type { InstitutionCycleCharge, InstitutionRecurrence } from './recurrence-institution';
import { RECONCILED_DAYS, RecurrenceReconciliation, type RecurrenceLists } from './recurrence-reconciliation';
import type { TimeWindow } from '../reconciliation/reconcile-window';

const rec = (n: number): InstitutionRecurrence => ({ recId: `RN12345678202401150000000000${n}`, status: 'APPROVED', pushRequestStatus: null, end: null });
const cobr = (n: number): InstitutionCycleCharge => ({ txid: `${n}`.padStart(32, 't'), status: 'PAID', attempts: [], pix: [], reason: null });

describe('the reconciliation of recurrences and recurring charges', () => {
  it('reads every page of both lists over the spans they can still change in, and applies each', async () => {
    const now = new Date('2027-03-10T12:00:00Z');
    const windows: { list: string; window: TimeWindow; index: number }[] = [];
    const lists: RecurrenceLists = {
      recPage: async (window, index) => (windows.push({ list: 'rec', window, index }), index === 0 ? { items: [rec(1), rec(2)], last: false } : { items: [rec(3)], last: true }),
      cobrPage: async (window, index) => (windows.push({ list: 'cobr', window, index }), { items: [cobr(1)], last: true }),
    };
    const applied: string[] = [];
    const reconciliation = new RecurrenceReconciliation({
      lists,
      clock: new ManualClock(now),
      applyRecurrence: async (r) => (applied.push(r.recId), r.recId === rec(2).recId ? { applied: true } : r.recId === rec(3).recId ? null : { applied: false }),
      applyCycleCharge: async (c) => (applied.push(c.txid), true),
    });
    expect(await reconciliation.run()).toEqual({ read: 4, applied: 2 });
    expect(applied).toEqual([rec(1).recId, rec(2).recId, rec(3).recId, cobr(1).txid]);
    const day = 86_400_000;
    expect(windows.map((w) => [w.list, w.index, (now.getTime() - w.window.from.getTime()) / day, w.window.to.getTime() === now.getTime()])).toEqual([
      ['rec', 0, RECONCILED_DAYS.rec, true],
      ['rec', 1, RECONCILED_DAYS.rec, true],
      ['cobr', 0, RECONCILED_DAYS.cobr, true],
    ]);
  });
});
