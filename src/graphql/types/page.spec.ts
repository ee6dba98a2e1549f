import { describe, expect, it } from 'vitest';
import { offsetPage } from './page';

describe('offsetPage', () => {
  it('has a next page while matches remain past this one', () => {
    expect(offsetPage(['a', 'b'], 5, 2, 0)).toEqual({ items: ['a', 'b'], total: 5, take: 2, skip: 0, hasNextPage: true });
    expect(offsetPage(['e'], 5, 2, 4).hasNextPage).toBe(false);
    expect(offsetPage([], 0, 10, 0).hasNextPage).toBe(false);
    expect(offsetPage([], 3, 10, 20).hasNextPage).toBe(false);
  });
});
