import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketView, burstFor, take, type BucketState } from './token-bucket';

const policy = { points: 60, windowSeconds: 60, burst: 10 };

describe('token bucket', () => {
  it('admits the burst at once, then one request per drained interval', () => {
    let state: BucketState | undefined;
    const at = (ms: number, cost = 1) => {
      const r = take(state, ms, policy, cost);
      state = r.state;
      return r.allowed;
    };
    for (let i = 0; i < 10; i++) expect(at(0)).toBe(true);
    expect(at(0)).toBe(false);
    expect(at(999)).toBe(false);
    expect(at(1_000)).toBe(true);
    expect(at(1_000)).toBe(false);
  });

  it('never admits more than the burst plus what drained, over any interval of any sequence', () => {
    fc.assert(
      fc.property(
        fc.record({ points: fc.integer({ min: 1, max: 1_000 }), burstSeconds: fc.integer({ min: 1, max: 60 }) }),
        fc.array(fc.record({ gapMs: fc.integer({ min: 0, max: 5_000 }), cost: fc.integer({ min: 1, max: 5 }) }), { maxLength: 200 }),
        ({ points, burstSeconds }, requests) => {
          const p = { points, windowSeconds: 60, burst: burstFor(points, 60, burstSeconds) };
          let state: BucketState | undefined;
          let now = 0;
          const admitted: { at: number; cost: number }[] = [];
          for (const r of requests) {
            now += r.gapMs;
            const t = take(state, now, p, r.cost);
            state = t.state;
            if (t.allowed) admitted.push({ at: now, cost: r.cost });
          }
          for (let i = 0; i < admitted.length; i++) {
            let sum = 0;
            for (let j = i; j < admitted.length; j++) {
              sum += admitted[j]!.cost;
              const allowance = p.burst + ((admitted[j]!.at - admitted[i]!.at) * p.points) / 60_000;
              if (sum > allowance + 1e-6) return false;
            }
          }
          return true;
        },
      ),
    );
  });

  it('a refused request changes nothing', () => {
    const full = take(undefined, 0, policy, 10);
    const refused = take(full.state, 500, policy, 1);
    expect(refused).toMatchObject({ allowed: false, state: full.state });
  });

  it('tells what is left and when to come back, in whole seconds', () => {
    expect(bucketView(policy, 1, { allowed: true, level: 4 })).toEqual({ remaining: 6, resetSeconds: 4 });
    expect(bucketView(policy, 1, { allowed: false, level: 9.5 })).toEqual({ remaining: 0, resetSeconds: 1 });
    expect(bucketView(policy, 3, { allowed: false, level: 10 })).toEqual({ remaining: 0, resetSeconds: 3 });
  });

  it('a burst is the given seconds worth of the budget, at least one request', () => {
    expect(burstFor(300, 60, 60)).toBe(300);
    expect(burstFor(300, 60, 10)).toBe(50);
    expect(burstFor(5, 60, 1)).toBe(1);
    expect(burstFor(5, 60, 600)).toBe(5);
  });
});
