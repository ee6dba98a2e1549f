import { describe, expect, it } from 'vitest';
import type { OutboxEvent } from '../events/outbox';
import type { LiveEvent } from '../shared/live-events';
import type { Tx } from '../shared/unit-of-work';
import type { Transaction } from '../transactions/transaction.types';
import { SplitShareEvents } from './split-share-events';
import type { StoredSplit } from './split-store';

const at = new Date('2026-11-28T12:00:00Z');
const split: StoredSplit = {
  transactionId: 'tx_1',
  marketplaceId: 'mkt',
  marketplaceName: 'Loja Marketplace',
  plan: { feePayer: 'MARKETPLACE', feeRecipientId: null, recipients: [] },
  parties: [
    { sellerId: 'mkt', role: 'MARKETPLACE', gross: 4_500, fee: 99, returned: 0 },
    { sellerId: 'a', role: 'RECIPIENT', gross: 3_000, fee: 0, returned: 300 },
    { sellerId: 'b', role: 'RECIPIENT', gross: 2_500, fee: 0, returned: 250 },
  ],
};
const charge = { id: 'tx_1', end2endId: 'E2E1', customer: { name: 'Maria' }, amount: 10_000 } as unknown as Transaction;

function recorder() {
  const appended: OutboxEvent[] = [];
  const published: LiveEvent[] = [];
  const commits: (() => void)[] = [];
  const tx: Tx = { afterCommit: (c) => commits.push(c) };
  const events = new SplitShareEvents({
    outbox: { append: async (_tx: Tx, e: OutboxEvent) => String(appended.push(e)) },
    live: { publish: (e: LiveEvent) => published.push(e) },
    clock: { now: () => at },
  });
  return { appended, published, tx, events, commit: () => commits.forEach((c) => c()) };
}

describe('SplitShareEvents', () => {
  it('tells each recipient whose part moved, never the marketplace, with its own part only', async () => {
    const r = recorder();
    await r.events.record(r.tx, charge, split, 'REFUND', [
      { sellerId: 'mkt', amount: 450 },
      { sellerId: 'a', amount: 300 },
      { sellerId: 'b', amount: 0 },
    ]);
    expect(r.appended.map((e) => [e.eventType, e.sellerId, e.aggregateType, e.aggregateId])).toEqual([['SPLIT_SHARE_REVERSED', 'a', 'SPLIT_SHARE', 'tx_1']]);
    expect(r.appended[0]!.payload).toEqual({
      transactionId: 'tx_1', marketplaceId: 'mkt', marketplaceName: 'Loja Marketplace', recipientId: 'a', end2endId: 'E2E1',
      gross: 3_000, fee: 0, returned: 600, cause: 'REFUND', amount: 300, occurredAt: at.toISOString(),
    });
    expect(r.published).toEqual([]);
    r.commit();
    expect(r.published.map((e) => [e.topic, e.sellerId, e.resourceId])).toEqual([['SPLIT_SHARE_UPDATED', 'a', 'tx_1']]);
  });

  it('names the change: credited with the parts just computed, restored with what comes back', async () => {
    const r = recorder();
    await r.events.record(r.tx, charge, { ...split, parties: split.parties.map((p) => ({ ...p, gross: null, fee: null, returned: 0 })) }, 'PAYMENT', [{ sellerId: 'b', amount: 2_500 }], [
      { sellerId: 'b', role: 'RECIPIENT', gross: 2_500, fee: 24 },
    ]);
    await r.events.record(r.tx, charge, split, 'CHARGEBACK_REVERSED', [{ sellerId: 'b', amount: -250 }]);
    expect(r.appended.map((e) => [e.eventType, e.payload.gross, e.payload.fee, e.payload.returned, e.payload.amount])).toEqual([
      ['SPLIT_SHARE_CREDITED', 2_500, 24, 0, 2_500],
      ['SPLIT_SHARE_RESTORED', 2_500, 0, 0, 250],
    ]);
  });
});
