import { describe, expect, it } from 'vitest';
import { HEAP_GROWING_PERCENT, limitHeapGrowth } from './heap-growth';

const recorder = () => {
  const set: string[] = [];
  return { set, fn: (flags: string) => void set.push(flags) };
};

describe('limitHeapGrowth', () => {
  it('sets the heap growing factor when node was started without one', () => {
    const r = recorder();
    expect(limitHeapGrowth(['--enable-source-maps'], r.fn)).toBe(true);
    expect(r.set).toEqual([`--heap-growing-percent=${HEAP_GROWING_PERCENT}`]);
  });

  it.each([['--heap-growing-percent=0'], ['--heap_growing_percent=300'], ['--heap-growing-percent']])('leaves the choice of the command line (%s) alone', (arg) => {
    const r = recorder();
    expect(limitHeapGrowth(['--cpu-prof', arg], r.fn)).toBe(false);
    expect(r.set).toEqual([]);
  });

  it('does not mistake another flag for it', () => {
    const r = recorder();
    expect(limitHeapGrowth(['--heap-growing-percentage=5', '--max-semi-space-size=16'], r.fn)).toBe(true);
    expect(r.set).toHaveLength(1);
  });
});
