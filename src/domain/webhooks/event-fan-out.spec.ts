import { describe, expect, it } from 'vitest';
import type { Tx } from '../shared/unit-of-work';
import { EventFanOut } from './event-fan-out';
import type { FanOutStore, FanOutTarget, PlannedDelivery, StoredEvent } from './webhooks.ports';

const now = new Date('2026-01-01T00:00:00Z');
const event = (id: string, sellerId: string, eventType = 'TRANSACTION_PAID'): StoredEvent => ({
  eventId: id, eventType, sellerId, aggregateType: 'TRANSACTION', aggregateId: `tx_${id}`, payload: { id: `tx_${id}` }, occurredAt: now,
});

function harness(endpoints: FanOutTarget[], enqueue: (d: { id: string; attempts: number }[]) => Promise<void> = async () => undefined) {
  const saved: { planned: PlannedDelivery[]; tx?: Tx; expiresAt: Date }[] = [];
  const asked: string[][] = [];
  const store: FanOutStore = {
    endpointsOf: async (sellers) => {
      asked.push(sellers);
      return endpoints;
    },
    save: async (planned, o, tx) => {
      saved.push({ planned, tx, expiresAt: o.expiresAt });
      return planned.map((p) => ({ id: `dlv_${p.dedupeKey}`, attempts: 0 }));
    },
  };
  const enqueued: string[][] = [];
  const failures: number[] = [];
  const fanOut = new EventFanOut({
    store,
    queue: { enqueue: async (d) => { enqueued.push(d.map((x) => x.id)); await enqueue(d); } },
    clock: { now: () => now },
    onHandOffFailed: (_err, n) => failures.push(n),
  });
  const commits: (() => void)[] = [];
  const tx: Tx = { afterCommit: (cb) => commits.push(cb) };
  return { fanOut, saved, asked, enqueued, failures, tx, commit: () => commits.forEach((cb) => cb()) };
}

describe('EventFanOut', () => {
  const endpoints: FanOutTarget[] = [
    { id: 'wh_1', sellerId: 's1', category: 'TRANSACTION', url: 'https://a.example/', state: 'ACTIVE' },
    { id: 'wh_2', sellerId: 's2', category: 'WITHDRAWAL', url: 'https://b.example/', state: 'ACTIVE' },
  ];

  it("saves a batch's deliveries in the relay's transaction and hands them over only after commit", async () => {
    const h = harness(endpoints);
    await h.fanOut.deliver([event('e1', 's1'), event('e2', 's2'), event('e3', 's1')], h.tx);
    expect(h.asked).toEqual([['s1', 's2']]);
    expect(h.saved).toHaveLength(1);
    expect(h.saved[0]!.tx).toBe(h.tx);
    expect(h.saved[0]!.planned.map((p) => p.dedupeKey)).toEqual(['e1:wh_1', 'e3:wh_1']);
    expect(h.saved[0]!.expiresAt.getTime() - now.getTime()).toBe(24 * 3_600_000);
    expect(h.enqueued).toEqual([]);
    h.commit();
    expect(h.enqueued).toEqual([['dlv_e1:wh_1', 'dlv_e3:wh_1']]);
  });

  it('saves nothing when no target matches', async () => {
    const h = harness(endpoints);
    await h.fanOut.deliver([event('e1', 's2')], h.tx);
    expect(h.saved).toEqual([]);
    h.commit();
    expect(h.enqueued).toEqual([]);
  });

  it('a failed hand-off is reported, not thrown (the saved deliveries wait for the rescue)', async () => {
    const h = harness(endpoints, async () => {
      throw new Error('broker away');
    });
    await h.fanOut.deliver([event('e1', 's1')], h.tx);
    h.commit();
    await new Promise((r) => setImmediate(r));
    expect(h.failures).toEqual([1]);
  });

  it('a manual resend saves new deliveries outside any transaction and enqueues them at once', async () => {
    const h = harness(endpoints);
    expect(await h.fanOut.resend(event('e1', 's1'), 'n1')).toBe(1);
    expect(h.saved[0]!.tx).toBeUndefined();
    expect(h.saved[0]!.planned.map((p) => [p.dedupeKey, p.trigger])).toEqual([['e1:resend:n1:wh_1', 'MANUAL']]);
    expect(h.enqueued).toEqual([['dlv_e1:resend:n1:wh_1']]);
  });
});
