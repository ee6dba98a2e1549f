import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

export type OverloadReason = 'EVENT_LOOP_LAG' | 'DATABASE_POOL_EXHAUSTED';

export interface LoadMonitorOptions {
  /** Shed while the event loop's mean delay was above this (ms) in each of the last two intervals. */
  maxLagMs: number;
  /** Shed while this many queries already wait for a pooled connection. */
  maxDbWaiters: number;
  dbWaiters: () => number;
  /** Length of the lag measurement interval (also the `Retry-After`). */
  intervalMs?: number;
}

const RESOLUTION_MS = 10;

/**
 * Decides whether a new request should be refused (503) rather than queued: the
 * event loop's mean delay passed the bound in each of the last two seconds (the CPU
 * cannot keep up), or the database pool's wait queue is full. The mean over a
 * sustained period, not the maximum, so a lone pause (garbage collection, start-up)
 * does not shed; a saturated loop does.
 */
export class LoadMonitor {
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  private timer: NodeJS.Timeout | undefined;
  private lagMs = 0;
  private previousLagMs = 0;
  readonly intervalMs: number;

  constructor(private readonly o: LoadMonitorOptions) {
    this.intervalMs = o.intervalMs ?? 1_000;
  }

  start(): this {
    this.histogram.enable();
    this.timer = setInterval(() => {
      this.previousLagMs = this.lagMs;
      this.lagMs = Math.max(0, this.histogram.mean / 1e6 - RESOLUTION_MS);
      this.histogram.reset();
    }, this.intervalMs);
    this.timer.unref();
    return this;
  }

  stop(): void {
    clearInterval(this.timer);
    this.histogram.disable();
  }

  /** The last interval's mean event-loop delay, ms. */
  get lag(): number {
    return this.lagMs;
  }

  overloaded(): OverloadReason | null {
    if (Math.min(this.lagMs, this.previousLagMs) > this.o.maxLagMs) return 'EVENT_LOOP_LAG';
    if (this.o.dbWaiters() >= this.o.maxDbWaiters) return 'DATABASE_POOL_EXHAUSTED';
    return null;
  }
}
