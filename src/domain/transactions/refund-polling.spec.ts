import { describe, expect, it } from 'vitest';
import { REFUND_POLL_FIRST_MS, REFUND_POLL_MAX_MS, refundPollDelayMs } from './refund-polling';

describe('refund polling backoff', () => {
  it('starts at the first delay and doubles', () => {
    expect([0, 1, 2, 3].map(refundPollDelayMs)).toEqual([REFUND_POLL_FIRST_MS, 2 * REFUND_POLL_FIRST_MS, 4 * REFUND_POLL_FIRST_MS, 8 * REFUND_POLL_FIRST_MS]);
  });

  it('never waits longer than the ceiling, however many polls ran', () => {
    expect(refundPollDelayMs(9)).toBe(REFUND_POLL_MAX_MS);
    expect(refundPollDelayMs(1_000_000)).toBe(REFUND_POLL_MAX_MS);
  });

  it('a nonsense attempt number polls at the first delay', () => {
    expect([-1, Number.NaN, 1.5].map(refundPollDelayMs)).toEqual([REFUND_POLL_FIRST_MS, REFUND_POLL_FIRST_MS, REFUND_POLL_FIRST_MS]);
  });
});
