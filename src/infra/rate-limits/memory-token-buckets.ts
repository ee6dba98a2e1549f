import type { TokenBucketStore } from '../../domain/rate-limits/rate-limits.ports';
import { emptyInMs, take, type BucketPolicy, type BucketState, type BucketTake } from '../../domain/rate-limits/token-bucket';

/** Buckets kept by this process; empty ones are dropped as the map grows. */
export class MemoryTokenBuckets implements TokenBucketStore {
  private readonly states = new Map<string, { state: BucketState; emptyAtMs: number }>();

  constructor(
    private readonly nowMs: () => number = Date.now,
    private readonly sweepAbove = 50_000,
  ) {}

  async take(bucket: string, key: string, policy: BucketPolicy, cost: number): Promise<BucketTake> {
    const id = `${bucket}\u0000${key}`;
    const now = this.nowMs();
    const result = take(this.states.get(id)?.state, now, policy, cost);
    if (result.allowed && result.state) {
      if (this.states.size >= this.sweepAbove) this.sweep(now);
      this.states.set(id, { state: result.state, emptyAtMs: now + emptyInMs(policy, result.level) });
    }
    return { allowed: result.allowed, level: result.level };
  }

  get size(): number {
    return this.states.size;
  }

  private sweep(now: number): void {
    for (const [id, s] of this.states) if (s.emptyAtMs <= now) this.states.delete(id);
  }
}
