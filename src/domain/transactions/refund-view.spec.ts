import { describe, expect, it } from 'vitest';
import { refundView } from './refund-view';

const at = new Date('2026-11-27T12:00:00.000Z');
const base = { id: 'rf_1', transactionId: 'tx_1', sellerId: 's_1', amount: 3_000, createdAt: at, updatedAt: at };

describe('refundView', () => {
  it('omits the return id and the reason until the institution gives them', () => {
    expect(refundView({ ...base, status: 'REQUESTED', rtrId: null, failureReason: null })).toEqual({
      id: 'rf_1',
      transactionId: 'tx_1',
      amount: 3_000,
      status: 'REQUESTED',
      createdAt: '2026-11-27T12:00:00.000Z',
      updatedAt: '2026-11-27T12:00:00.000Z',
    });
  });

  it('shows the return id and the reason of a failed devolução, never the seller', () => {
    const v = refundView({ ...base, status: 'FAILED', rtrId: 'D12345678202611271200abcdefghijk', failureReason: 'Conta do pagador encerrada' });
    expect(v).toMatchObject({ status: 'FAILED', returnId: 'D12345678202611271200abcdefghijk', failureReason: 'Conta do pagador encerrada' });
    expect(v).not.toHaveProperty('sellerId');
  });
});
