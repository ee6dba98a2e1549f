import { describe, expect, it } from 'vitest';
import { ManualClock } from '../shared/clock';
import { reconciliationJobs } from './reconciliation-jobs';
import type { ReadOutcome } from './psp-reconciliation';

const read = (done: boolean): ReadOutcome => ({ done, pages: 1, pix: 10, applied: 0 });

function jobs(outcomes: { window?: boolean; day?: boolean }) {
  const clock = new ManualClock(new Date('2026-11-26T12:00:00Z'));
  const calls: string[] = [];
  const set = reconciliationJobs({
    clock,
    everyMs: 60_000,
    budgetMs: 20_000,
    sweepDelayMs: 900_000,
    reconciliation: {
      runWindow: async (deadline) => (calls.push(`window until ${deadline.toISOString()}`), read(outcomes.window ?? true)),
      sweepDay: async (date) => (calls.push(`day ${date}`), read(outcomes.day ?? true)),
      removeOrphanCobs: async () => (calls.push('orphans'), []),
    },
  });
  return { set, calls };
}

describe('the reconciliation jobs', () => {
  it('the window runs again after its period once read to now, and looks for orphan cobs then', async () => {
    const { set, calls } = jobs({ window: true });
    expect(await set.handlers.window({})).toEqual({ runAgainAt: new Date('2026-11-26T12:01:00Z') });
    expect(calls).toEqual(['window until 2026-11-26T12:00:20.000Z', 'orphans']);
  });

  it('a window run out of its budget comes back at once, before any orphan scan', async () => {
    const { set, calls } = jobs({ window: false });
    expect(await set.handlers.window({})).toEqual({ runAgainAt: new Date('2026-11-26T12:00:00Z') });
    expect(calls).toEqual(['window until 2026-11-26T12:00:20.000Z']);
  });

  it('the sweep reads the previous civil day and comes back after the next midnight of São Paulo', async () => {
    const { set, calls } = jobs({ day: true });
    expect(await set.handlers.daySweep({})).toEqual({ runAgainAt: new Date('2026-11-27T03:15:00Z') });
    expect(calls).toEqual(['day 2026-11-25']);
    expect(await jobs({ day: false }).set.handlers.daySweep({})).toEqual({ runAgainAt: new Date('2026-11-26T12:00:00Z') });
  });
});
