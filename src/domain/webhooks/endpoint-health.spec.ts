import { describe, expect, it } from 'vitest';
import { assertHealthWindows, DEFAULT_HEALTH_WINDOWS, nextEndpointState } from './endpoint-health';

const HOUR = 3_600_000;
const t0 = new Date('2026-03-01T00:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const w = DEFAULT_HEALTH_WINDOWS;

describe('nextEndpointState', () => {
  it('keeps a healthy endpoint active', () => {
    expect(nextEndpointState({ state: 'ACTIVE', failingSince: null, lastError: null }, at(100 * HOUR), w)).toBeNull();
  });

  it('turns failing once every attempt failed for the failing window, not a moment before', () => {
    const h = { state: 'ACTIVE' as const, failingSince: t0, lastError: 'HTTP_500' };
    expect(nextEndpointState(h, at(24 * HOUR - 1), w)).toBeNull();
    expect(nextEndpointState(h, at(24 * HOUR), w)).toEqual({
      to: 'FAILING',
      reason: 'DELIVERIES_FAILING',
      detail: 'every attempt failed since 2026-03-01T00:00:00.000Z (last error HTTP_500)',
    });
  });

  it('disables after the longer window, from failing or straight from active', () => {
    expect(nextEndpointState({ state: 'FAILING', failingSince: t0, lastError: null }, at(5 * 24 * HOUR - 1), w)).toBeNull();
    expect(nextEndpointState({ state: 'FAILING', failingSince: t0, lastError: null }, at(5 * 24 * HOUR), w)).toMatchObject({ to: 'DISABLED', reason: 'DELIVERIES_FAILED_TOO_LONG' });
    expect(nextEndpointState({ state: 'ACTIVE', failingSince: t0, lastError: null }, at(6 * 24 * HOUR), w)).toMatchObject({ to: 'DISABLED' });
  });

  it('a failing endpoint whose delivery succeeded is active again', () => {
    expect(nextEndpointState({ state: 'FAILING', failingSince: null, lastError: null }, at(30 * HOUR), w)).toEqual({
      to: 'ACTIVE',
      reason: 'DELIVERY_SUCCEEDED',
      detail: 'a delivery succeeded again',
    });
  });

  it('a failing endpoint with a success since it turned failing is active again, even if a later attempt failed', () => {
    const h = { state: 'FAILING' as const, failingSince: at(30 * HOUR), lastError: 'TIMEOUT', lastSuccessAt: at(29 * HOUR), stateChangedAt: at(25 * HOUR) };
    expect(nextEndpointState(h, at(31 * HOUR), w)).toMatchObject({ to: 'ACTIVE', reason: 'DELIVERY_SUCCEEDED' });
    expect(nextEndpointState({ ...h, lastSuccessAt: at(1 * HOUR) }, at(31 * HOUR), w)).toBeNull();
  });

  it('a disabled endpoint stays disabled whatever its history: only the seller enables it', () => {
    expect(nextEndpointState({ state: 'DISABLED', failingSince: null, lastError: null }, at(0), w)).toBeNull();
    expect(nextEndpointState({ state: 'DISABLED', failingSince: t0, lastError: null }, at(100 * 24 * HOUR), w)).toBeNull();
  });

  it('windows are settings: shorter ones apply as given', () => {
    const short = { failingAfterMs: 60_000, disableAfterMs: 120_000 };
    expect(nextEndpointState({ state: 'ACTIVE', failingSince: t0, lastError: null }, at(60_000), short)).toMatchObject({ to: 'FAILING' });
    expect(nextEndpointState({ state: 'FAILING', failingSince: t0, lastError: null }, at(120_000), short)).toMatchObject({ to: 'DISABLED' });
  });

  it('refuses windows where disabling would come first', () => {
    expect(() => assertHealthWindows({ failingAfterMs: 10, disableAfterMs: 10 })).toThrow(RangeError);
    expect(assertHealthWindows(w)).toBe(w);
  });
});
