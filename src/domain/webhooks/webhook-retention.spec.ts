import { describe, expect, it } from 'vitest';
import { ManualClock } from '../shared/clock';
import { RETENTION_BATCH, WebhookRetention, type WebhookRetentionStore } from './webhook-retention';

describe('WebhookRetention', () => {
  it('purges from the window start in batches until a batch comes back short', async () => {
    const calls: { kind: string; before: string; limit: number }[] = [];
    let deliveriesLeft = 2 * RETENTION_BATCH + 7;
    const store: WebhookRetentionStore = {
      purgeDeliveries: async (before, limit) => {
        calls.push({ kind: 'deliveries', before: before.toISOString(), limit });
        const n = Math.min(limit, deliveriesLeft);
        deliveriesLeft -= n;
        return n;
      },
      purgeSupersededEvents: async (before, limit) => {
        calls.push({ kind: 'events', before: before.toISOString(), limit });
        return 0;
      },
    };
    const clock = new ManualClock(new Date('2026-03-31T12:00:00Z'));
    const purged = await new WebhookRetention({ store, clock, retentionDays: 30 }).purge();
    expect(purged).toEqual({ deliveries: 2 * RETENTION_BATCH + 7, events: 0 });
    expect(calls.map((c) => c.kind)).toEqual(['deliveries', 'deliveries', 'deliveries', 'events']);
    expect(new Set(calls.map((c) => c.before))).toEqual(new Set(['2026-03-01T12:00:00.000Z']));
    expect(calls.every((c) => c.limit === RETENTION_BATCH)).toBe(true);
  });
});
