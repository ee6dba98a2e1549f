import { describe, expect, it } from 'vitest';
import { RandomPixIds } from './random-pix-ids';

describe('RandomPixIds', () => {
  const ids = new RandomPixIds();

  it('makes transaction and location ids of a lower-case letter and 24 characters of [0-9a-v]', () => {
    for (let i = 0; i < 200; i++) {
      expect(ids.transactionId()).toMatch(/^[a-z][0-9a-v]{24}$/);
      expect(ids.locationId()).toMatch(/^[a-z][0-9a-v]{24}$/);
    }
  });

  it('does not repeat itself', () => {
    const seen = new Set(Array.from({ length: 10_000 }, () => ids.transactionId()));
    expect(seen.size).toBe(10_000);
  });
});
