import { describe, expect, it } from 'vitest';
import type { TransactionRefund } from '../domain/transactions/transaction.types';
import { RefundLoader } from './refund-loader';

const refund = (transactionId: string, id: string) => ({ id, transactionId }) as TransactionRefund;

describe('RefundLoader', () => {
  it('reads the refunds asked for in one tick together, one read per seller, each answer its own', async () => {
    const reads: [string, string[]][] = [];
    const loader = new RefundLoader({
      refundsOf: async (sellerId, ids) => {
        reads.push([sellerId, [...ids]]);
        return new Map(ids.map((id) => [id, id === 't2' ? [] : [refund(id, `r-${id}`)]]));
      },
    });
    const answers = await Promise.all([loader.load('s1', 't1'), loader.load('s1', 't2'), loader.load('s2', 't3'), loader.load('s1', 't1')]);
    expect(answers.map((rs) => rs.map((r) => r.id))).toEqual([['r-t1'], [], ['r-t3'], ['r-t1']]);
    expect(reads).toEqual([
      ['s1', ['t1', 't2', 't1']],
      ['s2', ['t3']],
    ]);
  });

  it('reads again on a later tick: nothing is cached between the mutations of one operation', async () => {
    let made = 0;
    const loader = new RefundLoader({ refundsOf: async (_s, ids) => new Map(ids.map((id) => [id, Array.from({ length: made }, (_, i) => refund(id, `r${i}`))])) });
    made = 1;
    expect(await loader.load('s1', 't1')).toHaveLength(1);
    made = 2;
    expect(await loader.load('s1', 't1')).toHaveLength(2);
  });
});
