import type { Clock } from '../../domain/shared/clock';
import type { DeliveryQueue } from '../../domain/webhooks/webhooks.ports';
import type { Logger } from '../log/logger';
import { PeriodicLoop } from '../shared/periodic-loop';
import type { PgDeliveryWork } from './pg-delivery-work';

/**
 * Periodic upkeep of the delivery table, in the worker role: marks deliveries past
 * `expires_at` EXPIRED, and (RabbitMQ backend) re-enqueues deliveries whose message was
 * lost (next attempt overdue by more than `rescueAfterMs` and not held by a worker).
 * With a broker that keeps its messages this finds nothing; it is the safety net that
 * makes "no event lost" independent of the crash windows between database and broker.
 */
export class DeliverySweeper {
  private readonly loop = new PeriodicLoop(
    () => this.sweep(),
    (err) => this.deps.logger.error({ err }, 'webhook sweeper failed'),
  );

  constructor(
    private readonly deps: {
      deliveries: PgDeliveryWork;
      clock: Clock;
      logger: Logger;
      /** Set for the RabbitMQ backend only: the embedded queue polls the table itself. */
      rescueTo?: DeliveryQueue;
      rescueAfterMs: number;
    },
  ) {}

  async sweep(): Promise<{ expired: number; rescued: number }> {
    const now = this.deps.clock.now();
    const expired = await this.deps.deliveries.expireOverdue(now);
    let rescued = 0;
    if (this.deps.rescueTo) {
      for (;;) {
        const lost = await this.deps.deliveries.takeOverdue(now, this.deps.rescueAfterMs, 500);
        if (lost.length === 0) break;
        await this.deps.rescueTo.enqueue(lost);
        rescued += lost.length;
        if (lost.length < 500) break;
      }
      if (rescued > 0) this.deps.logger.warn({ rescued }, 'webhook deliveries re-enqueued by the sweeper');
    }
    return { expired, rescued };
  }

  start(intervalMs: number): void {
    this.loop.start(intervalMs);
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }
}
