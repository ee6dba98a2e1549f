import type { RateLimitPolicy, StoreDownRule } from './rate-limit-classes';
import type { RateLimitCount, RateLimitStore } from './rate-limits.ports';

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
    private readonly shared: RateLimitStore,
    private readonly local: RateLimitStore,
    private readonly listener: StoreStateListener,
  ) {}

  consume(bucket: string, key: string, policy: RateLimitPolicy, cost: number, rule: StoreDownRule): Promise<RateLimitCount | null> {
    return this.attempt(rule, (s) => s.consume(bucket, key, policy, cost));
  }

  async peek(bucket: string, key: string, policy: RateLimitPolicy, rule: StoreDownRule): Promise<RateLimitCount | null> {
    return this.attempt(rule, (s) => s.peek(bucket, key, policy));
  }

  async ping(): Promise<boolean> {
    const ok = await this.shared.ping().catch(() => false);
    this.mark(ok, new Error('ping failed'));
    return ok;
  }

  private async attempt(rule: StoreDownRule, op: (s: RateLimitStore) => Promise<RateLimitCount | null>): Promise<RateLimitCount | null> {
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
