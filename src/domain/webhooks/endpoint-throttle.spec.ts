import { describe, expect, it } from 'vitest';
import { BUSY_RECHECK_MS, EndpointThrottle, LINE_LATENCY_MAX_MS, PAUSE_MAX_MS, PAUSE_MIN_MS } from './endpoint-throttle';

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

  it('a quick endpoint whose slots are all taken has a line: a released slot goes to the first in it, never lost', async () => {
    const t = new EndpointThrottle(1);
    expect(t.join('wh', null, 0)).toBeNull(); // nothing known of it yet
    go(t.admit('d0', 'wh', null, 0)).release({ at: 20, latencyMs: 20 });
    const a = go(t.admit('d1', 'wh', null, 30));
    expect(t.admit('d2', 'wh', null, 31)).toEqual({ go: false, waitMs: BUSY_RECHECK_MS });
    const place = t.join('wh', null, 31)!;
    const second = t.join('wh', null, 31)!;
    expect(t.join('wh', null, 31)).toBeNull(); // the line holds at most twice the cap
    a.release({ at: 40, latencyMs: 10 });
    const b = await place.slot; // handed over: the cap still holds
    expect(place.leave()).toBe(false); // taken, so leaving is too late: the slot stays with it
    expect(second.leave()).toBe(true);
    expect(t.admit('d3', 'wh', null, 41).go).toBe(false);
    b.release({ at: 50, latencyMs: 10 });
    go(t.admit('d3', 'wh', null, 51));
  });

  it('no line for an endpoint that is slow, silent for a while, paced by a rate or paused; leaving gives the place up', () => {
    const quick = (t: EndpointThrottle, id: string, latencyMs: number) => {
      go(t.admit(`${id}_0`, id, null, 0)).release({ at: 100, latencyMs });
      return go(t.admit(`${id}_1`, id, null, 100));
    };
    const t = new EndpointThrottle(1);
    quick(t, 'slow', LINE_LATENCY_MAX_MS + 1);
    expect(t.join('slow', null, 100)).toBeNull();
    quick(t, 'hanging', 10);
    expect(t.join('hanging', null, 100 + BUSY_RECHECK_MS + 1)).toBeNull(); // nothing ended lately
    quick(t, 'rated', 10);
    expect(t.join('rated', 5, 100)).toBeNull();
    quick(t, 'paused', 10);
    t.pause('paused', 1_000, 100);
    expect(t.join('paused', null, 100)).toBeNull();
    const held = quick(t, 'quick', 10);
    const place = t.join('quick', null, 100)!;
    expect(place.leave()).toBe(true);
    held.release({ at: 110, latencyMs: 10 });
    go(t.admit('next', 'quick', null, 110)); // the place was given up: the slot came back free
  });

  it('a slot released while its endpoint is paused is not handed to the line', () => {
    const t = new EndpointThrottle(1);
    go(t.admit('d0', 'wh', null, 0)).release({ at: 10, latencyMs: 10 });
    const a = go(t.admit('d1', 'wh', null, 10));
    const place = t.join('wh', null, 10)!;
    t.pause('wh', 1_000, 20);
    a.release({ at: 20, latencyMs: 10 });
    expect(place.leave()).toBe(true);
    expect(t.admit('d2', 'wh', null, 1_020).go).toBe(true);
  });
});
