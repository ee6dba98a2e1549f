import { describe, expect, it } from 'vitest';
import { BUSY_RECHECK_MS, EndpointThrottle, PAUSE_MAX_MS, PAUSE_MIN_MS } from './endpoint-throttle';

const go = (a: ReturnType<EndpointThrottle['admit']>) => {
  if (!a.go) throw new Error(`told to wait ${a.waitMs} ms`);
  return a;
};

describe('EndpointThrottle', () => {
  it('without a rate, only the in-flight cap applies, per endpoint', () => {
    const t = new EndpointThrottle(2);
    const a = go(t.admit('d1', 'wh_slow', null, 0));
    go(t.admit('d2', 'wh_slow', null, 0));
    expect(t.admit('d3', 'wh_slow', null, 0)).toEqual({ go: false, waitMs: BUSY_RECHECK_MS });
    go(t.admit('d4', 'wh_fast', null, 0)); // another endpoint is not held back
    a.release();
    a.release(); // twice is once
    go(t.admit('d3', 'wh_slow', null, 1));
    expect(t.admit('d5', 'wh_slow', null, 1).go).toBe(false);
  });

  it('a rate spaces attempts; each delivery told to wait keeps its slot, so a backlog drains at the rate', () => {
    const t = new EndpointThrottle(100);
    go(t.admit('d1', 'wh', 2, 0)).release();
    expect(t.admit('d2', 'wh', 2, 10)).toEqual({ go: false, waitMs: 490 });
    expect(t.admit('d3', 'wh', 2, 20)).toEqual({ go: false, waitMs: 980 });
    // d3 comes back early: still its own slot, no new one taken.
    expect(t.admit('d3', 'wh', 2, 600)).toEqual({ go: false, waitMs: 400 });
    go(t.admit('d2', 'wh', 2, 500)).release();
    expect(t.admit('d4', 'wh', 2, 510)).toEqual({ go: false, waitMs: 990 });
    go(t.admit('d3', 'wh', 2, 1_000)).release();
    go(t.admit('d4', 'wh', 2, 1_480)).release(); // a little early is fine
  });

  it('a Retry-After pause holds every delivery of that endpoint, within bounds', () => {
    const t = new EndpointThrottle(10);
    expect(t.pause('wh', 5_000, 0)).toBe(5_000);
    expect(t.admit('d1', 'wh', null, 1_000)).toEqual({ go: false, waitMs: 4_000 });
    go(t.admit('d2', 'other', null, 1_000));
    go(t.admit('d1', 'wh', null, 5_000));
    expect(t.pause('wh', 0, 0)).toBe(PAUSE_MIN_MS);
    expect(t.pause('wh', 3_600_000, 0)).toBe(PAUSE_MAX_MS);
  });
});
