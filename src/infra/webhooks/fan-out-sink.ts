import type { Clock } from '../../domain/shared/clock';
import type { Tx } from '../../domain/shared/unit-of-work';
import { deliveryExpiresAt } from '../../domain/webhooks/delivery-policy';
import { planFanOut } from '../../domain/webhooks/fan-out';
import type { Logger } from '../log/logger';
import type { PgDeliveryFanOut } from './pg-delivery-fan-out';
import type { OutboxRow, RelaySink } from '../outbox/relay';

/**
 * The relay's sink in both backends: each batch of events is fanned out to its
 * deliveries (saved with their masked bodies, one statement for the batch) inside the
 * very transaction that marks the events published, so an event is marked published
 * only together with its deliveries. After commit the new delivery ids are handed to
 * the delivery queue: RabbitMQ (publisher confirms) or the in-process worker's wake-up.
 * A crash between the commit and that hand-off leaves saved deliveries without a
 * message: the sweeper re-enqueues them (WEBHOOK_RESCUE_AFTER_MS), nothing is lost.
 * Every query runs on the relay's own transaction, as PGlite's single connection needs.
 */
export class FanOutSink implements RelaySink {
  constructor(
    private readonly deps: {
      deliveries: PgDeliveryFanOut;
      clock: Clock;
      logger: Logger;
      onDeliveriesCreated: (created: { id: string; attempts: number }[]) => Promise<void> | void;
    },
  ) {}

  async deliver(rows: OutboxRow[], tx: Tx): Promise<void> {
    const now = this.deps.clock.now();
    const plans = rows.map((event) => planFanOut(event, { trigger: 'EVENT', now, expiresAt: deliveryExpiresAt(now) }));
    const created = await this.deps.deliveries.fanOutMany(plans, tx);
    if (created.length === 0) return;
    tx.afterCommit(() => {
      Promise.resolve(this.deps.onDeliveriesCreated(created)).catch((err) =>
        this.deps.logger.warn({ err, deliveries: created.length }, 'saved deliveries not enqueued; the sweeper will re-enqueue them'),
      );
    });
  }
}
