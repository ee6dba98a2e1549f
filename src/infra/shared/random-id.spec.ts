import { describe, expect, it } from 'vitest';
import { randomId } from './random-id';

describe('randomId', () => {
  it('is a lower-case letter and 24 characters of [0-9a-v]', () => {
    for (let i = 0; i < 500; i++) expect(randomId()).toMatch(/^[a-z][0-9a-v]{24}$/);
  });

  it('does not repeat itself', () => {
    const seen = new Set(Array.from({ length: 20_000 }, () => randomId()));
    expect(seen.size).toBe(20_000);
  });
});
