import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitPolicy } from '../../domain/rate-limits/rate-limit-classes';
import type { RateLimitCount, RateLimitStore } from '../../domain/rate-limits/rate-limits.ports';

type LimiterFactory = (o: { keyPrefix: string; points: number; duration: number }) => RateLimiterAbstract;

const countOf = (r: RateLimiterRes): RateLimitCount => ({ consumed: r.consumedPoints, resetSeconds: r.msBeforeNext / 1000 });

/**
 * rate-limiter-flexible behind the store port, used as a windowed counter: in Redis a
 * point is one atomic Lua call (SET NX EX + INCRBY + PTTL), one round trip, exact
 * across instances. The budget is compared by the caller (RateLimitService), so one
 * limiter per bucket and window length serves every seller's budget, and raising a
 * seller's budget keeps what it already used in the window.
 */
export class FlexibleRateLimitStore implements RateLimitStore {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  private constructor(
    private readonly make: LimiterFactory,
    private readonly pingStore: () => Promise<boolean>,
  ) {}

  static inProcess(): FlexibleRateLimitStore {
    return new FlexibleRateLimitStore((o) => new RateLimiterMemory(o), async () => true);
  }

  /** Commands fail at once while the client is not connected (no offline queue), so a down Redis costs no wait. */
  static redis(client: Redis, prefix: string): FlexibleRateLimitStore {
    return new FlexibleRateLimitStore(
      (o) => new RateLimiterRedis({ storeClient: client, rejectIfRedisNotReady: true, ...o, keyPrefix: `${prefix}:${o.keyPrefix}` }),
      async () => client.status === 'ready' && (await client.ping()) === 'PONG',
    );
  }

  async consume(bucket: string, key: string, policy: RateLimitPolicy, cost: number): Promise<RateLimitCount> {
    try {
      return countOf(await this.limiter(bucket, policy.windowSeconds).consume(key, cost));
    } catch (e) {
      // Only a store failure can land here (the limiter's own quota is never reached).
      if (e instanceof RateLimiterRes) return countOf(e);
      throw e;
    }
  }

  async peek(bucket: string, key: string, policy: RateLimitPolicy): Promise<RateLimitCount | null> {
    const r = await this.limiter(bucket, policy.windowSeconds).get(key);
    return r ? countOf(r) : null;
  }

  ping(): Promise<boolean> {
    return this.pingStore();
  }

  private limiter(bucket: string, windowSeconds: number): RateLimiterAbstract {
    const id = `${bucket}/${windowSeconds}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = this.make({ keyPrefix: `${bucket}:${windowSeconds}`, points: Number.MAX_SAFE_INTEGER, duration: windowSeconds });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }
}
