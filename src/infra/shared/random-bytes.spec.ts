import { describe, expect, it } from 'vitest';
import { randomBytesPooled } from './random-bytes';

describe('randomBytesPooled', () => {
  it('gives the length asked, across refills and past the pool size', () => {
    for (const n of [1, 12, 25, 32, 4095, 4096, 5000]) expect(randomBytesPooled(n)).toHaveLength(n);
  });

  it('never hands out the same bytes twice, and each caller keeps its own copy', () => {
    const seen = new Set<string>();
    const kept: [Buffer, string][] = [];
    for (let i = 0; i < 2_000; i++) {
      const b = randomBytesPooled(12);
      const hex = b.toString('hex');
      expect(seen.has(hex)).toBe(false);
      seen.add(hex);
      if (i % 100 === 0) kept.push([b, hex]);
    }
    // Many refills later, what was handed out is unchanged.
    for (const [b, hex] of kept) expect(b.toString('hex')).toBe(hex);
  });

  it('bytes look uniform (each value of a byte about as often as the others)', () => {
    const counts = new Array<number>(256).fill(0);
    for (let i = 0; i < 1_000; i++) for (const byte of randomBytesPooled(64)) counts[byte]!++;
    // 64,000 bytes: 250 per value expected; a stuck or zeroed pool would be far off.
    expect(Math.min(...counts)).toBeGreaterThan(150);
    expect(Math.max(...counts)).toBeLessThan(350);
  });
});
