import type { RateLimitPolicy, StoreDownRule } from './rate-limit-classes';
import type { RateLimitCount, RateLimitStore, TokenBucketStore } from './rate-limits.ports';
import type { BucketPolicy, BucketTake } from './token-bucket';

/** One backend: windowed counters (brute-force guards) and token buckets (request budgets). */
export interface LimitBackend {
  windows: RateLimitStore;
  buckets: TokenBucketStore;
}

export interface StoreStateListener {
  /** Called once when the shared store stops answering. */
  down(err: unknown): void;
  /** Called once when it answers again. */
  recovered(): void;
}

/**
 * The shared store with its failure rule applied: while it cannot answer, `local`
 * classes count in this process and `open` classes are not counted (null). The
 * listener hears each change of state once, not once per request.
 */
export class GuardedStore {
  private isDown = false;

  constructor(
    private readonly shared: LimitBackend,
    private readonly local: LimitBackend,
    private readonly listener: StoreStateListener,
  ) {}

  consume(bucket: string, key: string, policy: RateLimitPolicy, cost: number, rule: StoreDownRule): Promise<RateLimitCount | null> {
    return this.attempt(rule, (s) => s.windows.consume(bucket, key, policy, cost));
  }

  async peek(bucket: string, key: string, policy: RateLimitPolicy, rule: StoreDownRule): Promise<RateLimitCount | null> {
    return this.attempt(rule, (s) => s.windows.peek(bucket, key, policy));
  }

  take(bucket: string, key: string, policy: BucketPolicy, cost: number, rule: StoreDownRule): Promise<BucketTake | null> {
    return this.attempt(rule, (s) => s.buckets.take(bucket, key, policy, cost));
  }

  async ping(): Promise<boolean> {
    const ok = await this.shared.windows.ping().catch(() => false);
    this.mark(ok, new Error('ping failed'));
    return ok;
  }

  private async attempt<T>(rule: StoreDownRule, op: (s: LimitBackend) => Promise<T | null>): Promise<T | null> {
    try {
      const result = await op(this.shared);
      this.mark(true);
      return result;
    } catch (err) {
      this.mark(false, err);
      return rule === 'local' ? op(this.local) : null;
    }
  }

  private mark(up: boolean, err?: unknown): void {
    if (up && this.isDown) {
      this.isDown = false;
      this.listener.recovered();
    } else if (!up && !this.isDown) {
      this.isDown = true;
      this.listener.down(err);
    }
  }
}
