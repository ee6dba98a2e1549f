import type { Clock } from '../shared/clock';
import type { Tx } from '../shared/unit-of-work';
import { deliveryExpiresAt } from './delivery-policy';
import { planFanOut } from './fan-out';
import type { DeliveryQueue, FanOutStore, StoredEvent } from './webhooks.ports';

type Created = { id: string; attempts: number }[];

/**
 * Fan-out, the use case: which targets get an event (planFanOut decides; the store only
 * reads the sellers' live registrations and saves what it is given), for the outbox
 * relay's batches in both backends and for manual resends.
 *
 * The relay's batch is saved inside the very transaction that marks its events
 * published, so an event is published only together with its deliveries; after commit
 * the new deliveries are handed to the queue (RabbitMQ with confirms, or the in-process
 * worker's wake-up). A crash or a failed hand-off between the two leaves saved
 * deliveries without a message: the sweeper re-enqueues them, nothing is lost.
 */
export class EventFanOut {
  constructor(
    private readonly deps: {
      store: FanOutStore;
      queue: DeliveryQueue;
      clock: Clock;
      /** A hand-off that failed after commit (logged; the sweeper's rescue takes over). */
      onHandOffFailed: (err: unknown, deliveries: number) => void;
    },
  ) {}

  /** The relay's sink: fans out a batch in tx and hands the new deliveries over once tx commits. */
  async deliver(events: readonly StoredEvent[], tx: Tx): Promise<void> {
    const created = await this.save(events, { trigger: 'EVENT' }, tx);
    if (created.length === 0) return;
    tx.afterCommit(() => {
      this.deps.queue.enqueue(created).catch((err: unknown) => this.deps.onHandOffFailed(err, created.length));
    });
  }

  /** Sends a stored event again to every current target (new deliveries, same X-Webhook-Id); returns how many. */
  async resend(event: StoredEvent, nonce: string): Promise<number> {
    const created = await this.save([event], { trigger: 'MANUAL', nonce });
    await this.deps.queue.enqueue(created);
    return created.length;
  }

  private async save(events: readonly StoredEvent[], o: { trigger: 'EVENT' | 'MANUAL'; nonce?: string }, tx?: Tx): Promise<Created> {
    if (events.length === 0) return [];
    const endpoints = await this.deps.store.endpointsOf([...new Set(events.map((e) => e.sellerId))], tx);
    const planned = events.flatMap((e) => planFanOut(e, endpoints, o));
    if (planned.length === 0) return [];
    const now = this.deps.clock.now();
    return this.deps.store.save(planned, { now, expiresAt: deliveryExpiresAt(now) }, tx);
  }
}
