import { describe, expect, it } from 'vitest';
import { DIFFERENCES_TAKE_DEFAULT, differencePage, parseDifferencePageQuery } from './difference-page';
import type { ReconciliationDifference } from './reconciliation-report';

const diff = (endToEndId: string): ReconciliationDifference => ({ endToEndId, kind: 'NOT_OURS', txid: null, transactionId: null, cents: 100 });
const DAY = ['E1', 'E2', 'E3', 'E4', 'E5'].map(diff);

describe('a page of the reconciliation report differences', () => {
  it('pages by cursor until the last, each difference once', () => {
    const first = differencePage(DAY, { take: 2, cursor: null });
    expect(first).toMatchObject({ total: 5, take: 2, skip: 0, hasNextPage: true, endCursor: 'E2' });
    expect(first.items.map((d) => d.endToEndId)).toEqual(['E1', 'E2']);
    const second = differencePage(DAY, { take: 2, cursor: first.endCursor });
    expect(second).toMatchObject({ skip: 2, hasNextPage: true, endCursor: 'E4' });
    const last = differencePage(DAY, { take: 2, cursor: second.endCursor });
    expect(last.items.map((d) => d.endToEndId)).toEqual(['E5']);
    expect(last).toMatchObject({ skip: 4, hasNextPage: false, endCursor: 'E5' });
    expect(differencePage(DAY, { take: 2, cursor: 'E5' })).toMatchObject({ items: [], hasNextPage: false, endCursor: null });
  });

  it('a cursor that names no difference (gone meanwhile) pages from where it sorts', () => {
    expect(differencePage(DAY, { take: 10, cursor: 'E25' }).items.map((d) => d.endToEndId)).toEqual(['E3', 'E4', 'E5']);
    expect(differencePage([], { take: 10, cursor: null })).toEqual({ items: [], total: 0, take: 10, skip: 0, hasNextPage: false, endCursor: null });
  });

  it('takes 100 by default and at most 1,000; a cursor is an end-to-end id', () => {
    expect(parseDifferencePageQuery({})).toEqual({ take: DIFFERENCES_TAKE_DEFAULT, cursor: null });
    expect(parseDifferencePageQuery({ take: 1000, cursor: 'E9999' })).toEqual({ take: 1000, cursor: 'E9999' });
    expect(() => parseDifferencePageQuery({ take: 1001 })).toThrow(expect.objectContaining({ code: 'INVALID_TAKE' }));
    expect(() => parseDifferencePageQuery({ take: 0 })).toThrow(expect.objectContaining({ code: 'INVALID_TAKE' }));
    expect(() => parseDifferencePageQuery({ cursor: 'not a cursor!' })).toThrow(expect.objectContaining({ code: 'INVALID_CURSOR' }));
  });
});
