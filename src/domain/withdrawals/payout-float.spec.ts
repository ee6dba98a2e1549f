import { describe, expect, it } from 'vitest';
import { ManualClock } from '../shared/clock';
import { PayoutFloat } from './payout-float';
import type { FloatReading } from './payout-psp.ports';

function rig(readings: FloatReading[]) {
  const clock = new ManualClock(new Date(0));
  let reads = 0;
  const float = new PayoutFloat({
    psp: {
      balance: async () => {
        reads += 1;
        return readings.shift() ?? { kind: 'unknown', reason: 'no script' };
      },
    },
    clock,
    readEveryMs: 5_000,
  });
  return { float, clock, reads: () => reads };
}

describe('PayoutFloat', () => {
  it('reads at most once per interval, concurrent callers sharing the read', async () => {
    const r = rig([{ kind: 'read', cents: 10_000 }, { kind: 'read', cents: 20_000 }]);
    await Promise.all([r.float.covers(1), r.float.covers(1), r.float.covers(1)]);
    expect(r.reads()).toBe(1);
    r.clock.advance(4_999);
    expect((await r.float.current()).available).toBe(10_000);
    expect(r.reads()).toBe(1);
    r.clock.advance(1);
    expect((await r.float.current()).available).toBe(20_000);
    expect(r.reads()).toBe(2);
  });

  it('what was taken for a send since the read is not available twice', async () => {
    const r = rig([{ kind: 'read', cents: 1_000 }, { kind: 'read', cents: 400 }]);
    expect(await r.float.take(600)).toEqual({ covered: true, hold: { amount: 600, read: 1 } });
    expect(await r.float.covers(600)).toMatchObject({ covered: false, balance: 400 });
    expect(await r.float.covers(400)).toEqual({ covered: true });
    r.clock.advance(5_000);
    // The new read includes the payout: it is not taken off again.
    expect((await r.float.current()).available).toBe(400);
  });

  it('two sends at once never both pass on the same cents', async () => {
    const r = rig([{ kind: 'read', cents: 1_000 }]);
    const verdicts = await Promise.all([r.float.take(600), r.float.take(600)]);
    expect(verdicts.map((v) => v.covered).sort()).toEqual([false, true]);
    expect(r.float.snapshot().available).toBe(400);
  });

  it('a hold whose send did not begin is given back, unless a read began since', async () => {
    const r = rig([{ kind: 'read', cents: 1_000 }, { kind: 'read', cents: 1_000 }]);
    const first = await r.float.take(600);
    r.float.giveBack(first.covered ? first.hold : expect.unreachable());
    expect(r.float.snapshot().available).toBe(1_000);
    const second = await r.float.take(300);
    r.clock.advance(5_000);
    await r.float.current();
    // The read dropped what was taken before it: giving it back now would count it twice.
    r.float.giveBack(second.covered ? second.hold : expect.unreachable());
    expect(r.float.snapshot().available).toBe(1_000);
  });

  it('an unreadable balance covers nothing and says why', async () => {
    const r = rig([{ kind: 'read', cents: 1_000 }, { kind: 'unknown', reason: 'the PSP answered the balance 403' }]);
    expect(await r.float.covers(1)).toEqual({ covered: true });
    r.clock.advance(5_000);
    expect(await r.float.covers(1)).toMatchObject({ covered: false, balance: null });
    expect(r.float.snapshot()).toEqual({ available: null, readAt: null, problem: 'the PSP answered the balance 403' });
  });
});
