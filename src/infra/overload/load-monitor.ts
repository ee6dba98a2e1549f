export type OverloadReason = 'EVENT_LOOP_LAG' | 'DATABASE_POOL_EXHAUSTED';

export interface LoadMonitorOptions {
  /** Shed when a timer fires this much later than due. */
  maxLagMs: number;
  /** Shed when this many queries already wait for a pooled connection. */
  maxDbWaiters: number;
  dbWaiters: () => number;
  /** How often the loop is sampled. */
  sampleMs?: number;
  /** How long a lag past the bound keeps the door shut (and the Retry-After). */
  holdMs?: number;
}

/**
 * Decides whether a new request should be refused (503) rather than queued: the
 * event loop answered a timer late by more than the bound (CPU saturated), or the
 * database pool's wait queue is full. A lag sample is the delay of a repeating
 * timer, so a single long stall is seen at the next tick.
 */
export class LoadMonitor {
  private timer: NodeJS.Timeout | undefined;
  private lastTick = 0;
  private lagUntil = 0;
  readonly holdMs: number;
  private readonly sampleMs: number;

  constructor(private readonly o: LoadMonitorOptions) {
    this.sampleMs = o.sampleMs ?? 100;
    this.holdMs = o.holdMs ?? 1_000;
  }

  start(): this {
    this.lastTick = performance.now();
    this.timer = setInterval(() => {
      const now = performance.now();
      const lag = now - this.lastTick - this.sampleMs;
      this.lastTick = now;
      if (lag > this.o.maxLagMs) this.lagUntil = now + this.holdMs;
    }, this.sampleMs);
    this.timer.unref();
    return this;
  }

  stop(): void {
    clearInterval(this.timer);
  }

  overloaded(): OverloadReason | null {
    if (performance.now() < this.lagUntil) return 'EVENT_LOOP_LAG';
    if (this.o.dbWaiters() >= this.o.maxDbWaiters) return 'DATABASE_POOL_EXHAUSTED';
    return null;
  }
}
