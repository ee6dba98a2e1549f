import { describe, expect, it } from 'vitest';
import { parseDeliveryList, parsePage } from './webhook-list-query';

describe('webhook log queries', () => {
  it('reads numbers and numeric strings, with defaults', () => {
    expect(parsePage({})).toEqual({ take: 20, skip: 0 });
    expect(parsePage({ take: '0', skip: 5 })).toEqual({ take: 0, skip: 5 });
    expect(parseDeliveryList({ status: 'FAILED', take: '', skip: '100' })).toEqual({ status: 'FAILED', take: 20, skip: 100 });
  });

  it.each([
    [{ take: '101' }, 'INVALID_PAGINATION', 'take must be an integer from 0 to 100', 'take'],
    [{ take: 'ten' }, 'INVALID_PAGINATION', 'take must be an integer from 0 to 100', 'take'],
    [{ skip: '-1' }, 'INVALID_PAGINATION', 'skip must be an integer from 0 to 1000000', 'skip'],
    [{ skip: '1.5' }, 'INVALID_PAGINATION', 'skip must be an integer from 0 to 1000000', 'skip'],
    // The status is checked before the paging.
    [{ status: 'LOST', take: 'x' }, 'INVALID_DELIVERY_STATUS', 'status must be one of PENDING, DELIVERED, EXPIRED, FAILED, CANCELED, HELD', 'status'],
  ])('%j -> %s', (q, code, message, field) => {
    expect(() => parseDeliveryList(q)).toThrow(expect.objectContaining({ code, message, kind: 'VALIDATION', details: { field } }));
  });
});
