import type { Clock } from '../shared/clock';
import { inBatches } from '../shared/in-batches';

/** Removes, in bounded batches, what is older than the retention window. */
export interface WebhookRetentionStore {
  /** Finished deliveries (not PENDING) created before `before`, with their attempts. */
  purgeDeliveries(before: Date, limit: number): Promise<number>;
  /**
   * Published outbox events that occurred before `before` and are not the latest event
   * of their resource (the latest stays: resend-*-event sends it).
   */
  purgeSupersededEvents(before: Date, limit: number): Promise<number>;
}

export const RETENTION_BATCH = 1_000;

/**
 * Keeps the delivery log and the outbox bounded: a delivery is kept for the retention
 * window after its creation (the replay of failures works inside that window), an
 * event as long as it is the latest of its resource or inside the window.
 */
export class WebhookRetention {
  constructor(
    private readonly d: { store: WebhookRetentionStore; clock: Clock; retentionDays: number },
  ) {}

  async purge(): Promise<{ deliveries: number; events: number }> {
    const before = new Date(this.d.clock.now().getTime() - this.d.retentionDays * 86_400_000);
    return {
      deliveries: await inBatches(RETENTION_BATCH, (limit) => this.d.store.purgeDeliveries(before, limit)),
      events: await inBatches(RETENTION_BATCH, (limit) => this.d.store.purgeSupersededEvents(before, limit)),
    };
  }
}
