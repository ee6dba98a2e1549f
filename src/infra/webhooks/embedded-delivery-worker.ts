import type { Clock } from '../../domain/shared/clock';
import { DELIVERY_LEASE_MS, type DeliveryProcessor } from '../../domain/webhooks/delivery-processor';
import type { Logger } from '../log/logger';
import type { PgDeliveryWork } from './pg-delivery-work';

/**
 * The embedded backend's delivery worker: a PostgreSQL-backed queue. It claims due
 * deliveries (FOR UPDATE SKIP LOCKED plus a lease, so several workers can share the
 * table) and runs the same DeliveryProcessor as the RabbitMQ consumer; the row's
 * next_attempt_at, in the service's clock, is the whole schedule (in-cycle retries and
 * later cycles alike). No statement holds a transaction across an HTTP call, so it runs
 * on PGlite's single connection.
 */
export class EmbeddedDeliveryWorker {
  private running = false;
  private inFlight = new Set<Promise<void>>();
  private loop: Promise<void> | undefined;
  private wakeRequested = false;
  private wakeResolve: (() => void) | undefined;

  constructor(
    private readonly deps: {
      deliveries: PgDeliveryWork;
      processor: DeliveryProcessor;
      clock: Clock;
      logger: Logger;
      concurrency: number;
      pollMs: number;
    },
  ) {}

  wake = (): void => {
    this.wakeRequested = true;
    this.wakeResolve?.();
  };

  /** Claims and starts what is due now; returns how many started. */
  async runDue(): Promise<number> {
    const free = this.deps.concurrency - this.inFlight.size;
    if (free <= 0) return 0;
    const now = this.deps.clock.now();
    const claimed = await this.deps.deliveries.claimDue(now, new Date(now.getTime() + DELIVERY_LEASE_MS), free);
    for (const d of claimed) {
      const p: Promise<void> = this.deps.processor
        .attempt(d)
        .then(() => undefined)
        .catch((err) => this.deps.logger.error({ err, deliveryId: d.id }, 'webhook attempt failed to record; the lease will free it'))
        .finally(() => {
          this.inFlight.delete(p);
          this.wake();
        });
      this.inFlight.add(p);
    }
    return claimed.length;
  }

  /** Waits for every attempt in flight (tests). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      let failures = 0;
      while (this.running) {
        this.wakeRequested = false;
        let started = 0;
        try {
          started = await this.runDue();
          failures = 0;
        } catch (err) {
          failures++;
          this.deps.logger.error({ err }, 'embedded webhook queue poll failed');
        }
        if (!this.running) break;
        if ((started > 0 || this.wakeRequested) && failures === 0 && this.inFlight.size < this.deps.concurrency) continue;
        const waitMs = failures > 0 ? Math.min(5_000, 100 * 2 ** Math.min(failures, 6)) : await this.untilNextDue();
        await new Promise<void>((resolve) => {
          this.wakeResolve = resolve;
          const t = setTimeout(resolve, waitMs);
          t.unref?.();
        });
        this.wakeResolve = undefined;
      }
    })();
  }

  /** Sleep until the next delivery falls due, at most the poll interval. */
  private async untilNextDue(): Promise<number> {
    try {
      const next = await this.deps.deliveries.nextDueAt();
      if (!next) return this.deps.pollMs;
      return Math.min(this.deps.pollMs, Math.max(20, next.getTime() - this.deps.clock.now().getTime()));
    } catch {
      return this.deps.pollMs;
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wakeResolve?.();
    await this.loop;
    await this.idle();
  }
}
