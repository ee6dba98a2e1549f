import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ATTEMPTS_PER_CYCLE,
  ATTEMPT_TIMEOUT_MS,
  DELIVERY_TTL_MS,
  FINAL_CYCLE_MARGIN_MS,
  classifyAttempt,
  decideAfterFailure,
  deliveryExpiresAt,
  nextAttemptDelayMs,
  nextCycleDelayMs,
  parseRetryAfterSeconds,
} from './delivery-policy';

/** mulberry32: a tiny seeded PRNG, so "random" tests are reproducible. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const fixed = (r: number) => () => r;
const MIN = 60_000;
const H = 60 * MIN;

describe('constants', () => {
  it('follow SPEC', () => {
    expect(ATTEMPTS_PER_CYCLE).toBe(3);
    expect(ATTEMPT_TIMEOUT_MS).toBe(5000);
    expect(DELIVERY_TTL_MS).toBe(24 * H);
    expect(deliveryExpiresAt(new Date('2026-01-01T00:00:00Z')).toISOString()).toBe('2026-01-02T00:00:00.000Z');
  });
});

describe('classifyAttempt', () => {
  it.each([
    [{ statusCode: 200 }, 'SUCCESS'],
    [{ statusCode: 204 }, 'SUCCESS'],
    [{ statusCode: 299 }, 'SUCCESS'],
    [{ statusCode: 199 }, 'RETRY'],
    [{ statusCode: 301 }, 'RETRY'],
    [{ statusCode: 400 }, 'RETRY'],
    [{ statusCode: 429 }, 'RETRY'],
    [{ statusCode: 500 }, 'RETRY'],
    [{ statusCode: 503 }, 'RETRY'],
    [{ timedOut: true }, 'RETRY'],
    [{ statusCode: 200, timedOut: true }, 'RETRY'],
    [{ networkError: true }, 'RETRY'],
    [{}, 'RETRY'],
  ] as const)('%o -> %s', (outcome, expected) => {
    expect(classifyAttempt(outcome)).toBe(expected);
  });
});

describe('nextAttemptDelayMs', () => {
  it('doubles from 1 s with equal jitter: [d/2, d]', () => {
    expect([1, 2, 3, 4, 5].map((n) => nextAttemptDelayMs({ attemptInCycle: n, random: fixed(0) }))).toEqual([
      500, 1000, 2000, 4000, 8000,
    ]);
    expect([1, 2, 3].map((n) => nextAttemptDelayMs({ attemptInCycle: n, random: fixed(0.5) }))).toEqual([750, 1500, 3000]);
    expect(nextAttemptDelayMs({ attemptInCycle: 1, random: fixed(0.999999) })).toBe(1000);
  });

  it('caps at 30 s', () => {
    expect(nextAttemptDelayMs({ attemptInCycle: 6, random: fixed(0.999999) })).toBe(30_000);
    expect(nextAttemptDelayMs({ attemptInCycle: 60, random: fixed(0.999999) })).toBe(30_000);
    expect(nextAttemptDelayMs({ attemptInCycle: 60, random: fixed(0) })).toBe(15_000);
  });

  it('doubles after a timeout or a 429, within the cap', () => {
    expect(nextAttemptDelayMs({ attemptInCycle: 1, random: fixed(0), timedOut: true })).toBe(1000);
    expect(nextAttemptDelayMs({ attemptInCycle: 2, random: fixed(0), statusCode: 429 })).toBe(2000);
    expect(nextAttemptDelayMs({ attemptInCycle: 2, random: fixed(0), statusCode: 503 })).toBe(1000);
    expect(nextAttemptDelayMs({ attemptInCycle: 6, random: fixed(0.999999), timedOut: true })).toBe(30_000);
  });

  it('honours Retry-After within [1 s, 30 s]', () => {
    const at = (retryAfterSeconds: number) =>
      nextAttemptDelayMs({ attemptInCycle: 1, random: fixed(0.5), statusCode: 429, retryAfterSeconds });
    expect(at(5)).toBe(5000);
    expect(at(2.5)).toBe(2500);
    expect(at(0)).toBe(1000);
    expect(at(3600)).toBe(30_000);
    expect(at(Number.NaN)).toBe(1500); // unreadable: the penalised backoff
    expect(at(-1)).toBe(1500);
  });

  it('stays within bounds for a seeded random', () => {
    const random = seeded(42);
    for (let i = 0; i < 1000; i++) {
      const attemptInCycle = 1 + (i % 8);
      const ceiling = Math.min(30_000, 1000 * 2 ** (attemptInCycle - 1));
      const d = nextAttemptDelayMs({ attemptInCycle, random });
      expect(d).toBeGreaterThanOrEqual(ceiling / 2);
      expect(d).toBeLessThanOrEqual(ceiling);
    }
  });

  it('spreads a burst: 100 first retries are not all equal', () => {
    const random = seeded(7);
    const delays = new Set(Array.from({ length: 100 }, () => nextAttemptDelayMs({ attemptInCycle: 1, random })));
    expect(delays.size).toBeGreaterThan(50);
  });

  it('refuses attempt numbers below 1', () => {
    expect(() => nextAttemptDelayMs({ attemptInCycle: 0, random: fixed(0) })).toThrow(RangeError);
    expect(() => nextAttemptDelayMs({ attemptInCycle: 1.5, random: fixed(0) })).toThrow(RangeError);
  });
});

describe('nextCycleDelayMs', () => {
  it('5 min, 30 min, 2 h, 5 h, then 10 h', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 100].map(nextCycleDelayMs)).toEqual([5 * MIN, 30 * MIN, 2 * H, 5 * H, 10 * H, 10 * H, 10 * H, 10 * H]);
    expect(() => nextCycleDelayMs(0)).toThrow(RangeError);
  });
});

describe('decideAfterFailure', () => {
  const created = new Date('2026-01-01T00:00:00.000Z');
  const expiresAt = deliveryExpiresAt(created);
  const at = (ms: number) => new Date(created.getTime() + ms);

  it('retries within the cycle, then moves to the next cycle', () => {
    const base = { cycle: 1, now: at(0), expiresAt, random: fixed(0) };
    expect(decideAfterFailure({ ...base, attemptInCycle: 1 })).toEqual({ action: 'RETRY_IN_CYCLE', delayMs: 500 });
    expect(decideAfterFailure({ ...base, attemptInCycle: 2 })).toEqual({ action: 'RETRY_IN_CYCLE', delayMs: 1000 });
    expect(decideAfterFailure({ ...base, attemptInCycle: 3 })).toEqual({ action: 'NEXT_CYCLE', delayMs: 5 * MIN });
    expect(decideAfterFailure({ ...base, attemptInCycle: 3, cycle: 4 })).toEqual({ action: 'NEXT_CYCLE', delayMs: 5 * H });
  });

  it('expires at or after expires_at', () => {
    const base = { cycle: 2, random: fixed(0), expiresAt };
    expect(decideAfterFailure({ ...base, attemptInCycle: 1, now: expiresAt })).toEqual({ action: 'EXPIRE' });
    expect(decideAfterFailure({ ...base, attemptInCycle: 3, now: at(DELIVERY_TTL_MS + 1) })).toEqual({ action: 'EXPIRE' });
  });

  it('does not retry in the cycle past expires_at', () => {
    const now = new Date(expiresAt.getTime() - 400);
    expect(decideAfterFailure({ attemptInCycle: 1, cycle: 7, now, expiresAt, random: fixed(0) })).toEqual({ action: 'EXPIRE' });
    expect(decideAfterFailure({ attemptInCycle: 1, cycle: 7, now: new Date(expiresAt.getTime() - 500), expiresAt, random: fixed(0) })).toEqual({
      action: 'RETRY_IN_CYCLE',
      delayMs: 500,
    });
  });

  it('moves a cycle that would end too late to a final one, a minute before expiry', () => {
    const now = at(17 * H + 35 * MIN);
    expect(decideAfterFailure({ attemptInCycle: 3, cycle: 6, now, expiresAt, random: fixed(0) })).toEqual({
      action: 'NEXT_CYCLE',
      delayMs: expiresAt.getTime() - FINAL_CYCLE_MARGIN_MS - now.getTime(),
    });
    const late = new Date(expiresAt.getTime() - FINAL_CYCLE_MARGIN_MS);
    expect(decideAfterFailure({ attemptInCycle: 3, cycle: 7, now: late, expiresAt, random: fixed(0) })).toEqual({ action: 'EXPIRE' });
  });

  it('a delivery that always fails instantly: 7 cycles, 21 attempts, all before expires_at', () => {
    const random = seeded(1);
    let now = created.getTime();
    let cycle = 1;
    let attemptInCycle = 1;
    const cycleStarts = [now];
    let attempts = 0;
    for (;;) {
      attempts++;
      expect(now).toBeLessThanOrEqual(expiresAt.getTime());
      const decision = decideAfterFailure({ attemptInCycle, cycle, now: new Date(now), expiresAt, random, statusCode: 500 });
      if (decision.action === 'EXPIRE') break;
      now += decision.delayMs;
      if (decision.action === 'NEXT_CYCLE') {
        cycle++;
        attemptInCycle = 1;
        cycleStarts.push(now);
      } else attemptInCycle++;
    }
    expect(attempts).toBe(21);
    expect(cycle).toBe(7);
    const startsInMinutes = cycleStarts.map((t) => Math.floor((t - created.getTime()) / MIN));
    expect(startsInMinutes).toEqual([0, 5, 35, 155, 455, 1055, 1439]);
  });

  it('never schedules past expires_at (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: -MIN, max: DELIVERY_TTL_MS + MIN }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.option(fc.constantFrom(400, 429, 500, 503)),
        fc.option(fc.integer({ min: 0, max: 7200 })),
        fc.boolean(),
        (attemptInCycle, cycle, elapsed, r, statusCode, retryAfterSeconds, timedOut) => {
          const now = at(elapsed);
          const decision = decideAfterFailure({
            attemptInCycle,
            cycle,
            now,
            expiresAt,
            random: () => r,
            statusCode: statusCode ?? undefined,
            retryAfterSeconds: retryAfterSeconds ?? undefined,
            timedOut,
          });
          if (decision.action !== 'EXPIRE') {
            expect(decision.delayMs).toBeGreaterThan(0);
            expect(now.getTime() + decision.delayMs).toBeLessThanOrEqual(expiresAt.getTime());
          }
          if (decision.action === 'RETRY_IN_CYCLE') {
            expect(attemptInCycle).toBeLessThan(ATTEMPTS_PER_CYCLE);
            expect(decision.delayMs).toBeLessThanOrEqual(30_000);
          }
        },
      ),
    );
  });
});

describe('parseRetryAfterSeconds', () => {
  const now = new Date('2015-10-21T07:28:00.000Z');
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfterSeconds('5', now)).toBe(5);
    expect(parseRetryAfterSeconds(' 120 ', now)).toBe(120);
    expect(parseRetryAfterSeconds('Wed, 21 Oct 2015 07:28:30 GMT', now)).toBe(30);
    expect(parseRetryAfterSeconds('Wed, 21 Oct 2015 07:00:00 GMT', now)).toBe(0);
  });
  it('ignores absent or unreadable values', () => {
    expect(parseRetryAfterSeconds(undefined, now)).toBeUndefined();
    expect(parseRetryAfterSeconds(null, now)).toBeUndefined();
    expect(parseRetryAfterSeconds('-5', now)).toBeUndefined();
    expect(parseRetryAfterSeconds('1.5', now)).toBeUndefined();
    expect(parseRetryAfterSeconds('soon', now)).toBeUndefined();
    expect(parseRetryAfterSeconds('', now)).toBeUndefined();
  });
});
