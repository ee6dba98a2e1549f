import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../shared/live-events';
import type { Tx } from '../shared/unit-of-work';
import type { OutboxEvent } from './outbox';
import { recordChange } from './record-change';

function recorder() {
  const appended: OutboxEvent[] = [];
  const published: LiveEvent[] = [];
  const commits: (() => void)[] = [];
  const tx: Tx = { afterCommit: (callback) => commits.push(callback) };
  const deps = {
    outbox: { append: async (_tx: Tx, e: OutboxEvent) => String(appended.push(e)) },
    live: { publish: (e: LiveEvent) => published.push(e) },
  };
  return { appended, published, tx, deps, commit: () => commits.forEach((c) => c()) };
}

const at = new Date('2026-11-25T12:00:00Z');
const resource = { id: 'tx_1', sellerId: 'sel_1', updatedAt: at };

describe('recordChange', () => {
  it('appends each event in order with the view (or its own payload), and publishes the view live only after commit', async () => {
    const r = recorder();
    const view = { id: 'tx_1', status: 'PAID' } as never;
    await recordChange(r.deps, r.tx, {
      type: 'TRANSACTION',
      resource,
      view,
      events: ['TRANSACTION_PAID', 'TRANSACTION_PARTIALLY_REFUNDED'],
      payloadOf: (event, v) => (event === 'TRANSACTION_PARTIALLY_REFUNDED' ? ({ ...(v as object), refundType: 'PARTIAL' } as never) : v),
    });
    expect(r.appended).toEqual([
      { eventType: 'TRANSACTION_PAID', sellerId: 'sel_1', aggregateType: 'TRANSACTION', aggregateId: 'tx_1', payload: view, occurredAt: at },
      { eventType: 'TRANSACTION_PARTIALLY_REFUNDED', sellerId: 'sel_1', aggregateType: 'TRANSACTION', aggregateId: 'tx_1', payload: { id: 'tx_1', status: 'PAID', refundType: 'PARTIAL' }, occurredAt: at },
    ]);
    expect(r.published).toEqual([]);
    r.commit();
    expect(r.published).toEqual([{ topic: 'TRANSACTION_UPDATED', sellerId: 'sel_1', resourceId: 'tx_1', payload: view }]);
  });

  it("publishes each resource on its own topic", async () => {
    for (const [type, events, topic] of [
      ['WITHDRAWAL', ['WITHDRAWAL_PAID'], 'WITHDRAWAL_UPDATED'],
      ['DISPUTE', ['DISPUTE_OPENED'], 'DISPUTE_UPDATED'],
    ] as const) {
      const r = recorder();
      await recordChange(r.deps, r.tx, { type, resource, view: {} as never, events: events as never });
      r.commit();
      expect(r.appended.map((e) => [e.aggregateType, e.eventType])).toEqual([[type, events[0]]]);
      expect(r.published.map((e) => e.topic)).toEqual([topic]);
    }
  });
});
