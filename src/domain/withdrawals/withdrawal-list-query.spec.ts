import { describe, expect, it } from 'vitest';
import { parseWithdrawalListQuery } from './withdrawal-list-query';

const parse = (q: Record<string, unknown>) => parseWithdrawalListQuery('s1', q);

describe('parseWithdrawalListQuery', () => {
  it('defaults: take 10, skip 0, JSON', () => {
    expect(parse({})).toEqual({ filter: { sellerId: 's1', take: 10, skip: 0 }, csv: false });
  });

  it('every filter', () => {
    const { filter, csv } = parse({
      take: '100', skip: '20', status: 'PAID', method: 'PIX', startDate: '2026-01-01', endDate: '2026-01-31', id: 'abc',
      minAmount: '500', maxAmount: '1000', metadataKey: 'order', metadataValue: 'A-', search: 'x', csv: 'TRUE',
    });
    expect(csv).toBe(true);
    expect(filter).toEqual({
      sellerId: 's1', take: 100, skip: 20, status: 'PAID', method: 'PIX',
      createdFrom: new Date('2026-01-01T00:00:00.000Z'), createdBefore: new Date('2026-02-01T00:00:00.000Z'),
      id: 'abc', minAmount: 500, maxAmount: 1000, metadataKey: 'order', metadataValue: 'A-', search: 'x',
    });
  });

  it.each([
    [{ take: '0' }, 'INVALID_TAKE'],
    [{ take: '101' }, 'INVALID_TAKE'],
    [{ take: 'ten' }, 'INVALID_TAKE'],
    [{ skip: '-1' }, 'INVALID_SKIP'],
    [{ skip: '1.5' }, 'INVALID_SKIP'],
    [{ status: 'paid' }, 'INVALID_STATUS'],
    [{ status: ['PAID', 'FAILED'] }, 'INVALID_STATUS'],
    [{ method: 'TED' }, 'INVALID_METHOD'],
    [{ startDate: '2026-02-30' }, 'INVALID_DATE'],
    [{ endDate: '01/02/2026' }, 'INVALID_DATE'],
    [{ startDate: ['2026-01-01', '2026-01-02'] }, 'INVALID_DATE'],
    [{ startDate: '2026-02-01', endDate: '2026-01-01' }, 'INVALID_DATE_RANGE'],
    [{ id: ['a', 'b'] }, 'INVALID_ID'],
    [{ minAmount: '-5' }, 'INVALID_MIN_AMOUNT'],
    [{ maxAmount: '1e3' }, 'INVALID_MAX_AMOUNT'],
    [{ minAmount: '10', maxAmount: '9' }, 'INVALID_AMOUNT_RANGE'],
    [{ metadataValue: 'x' }, 'METADATA_KEY_REQUIRED'],
    [{ metadataKey: 'k'.repeat(201) }, 'INVALID_METADATA_KEY'],
    [{ metadataKey: 'k', metadataValue: 'v\n' }, 'INVALID_METADATA_VALUE'],
    [{ search: 's'.repeat(201) }, 'INVALID_SEARCH'],
    [{ csv: 'yes' }, 'INVALID_CSV_FLAG'],
  ])('%j -> %s', (q, code) => {
    expect(() => parse(q)).toThrow(expect.objectContaining({ code, kind: 'VALIDATION' }));
  });
});
