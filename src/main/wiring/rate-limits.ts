import { AbuseLimits } from '../../domain/rate-limits/abuse-limits';
import { UnauthenticatedBudget } from '../../domain/rate-limits/unauthenticated-budget';
import { GuardedStore } from '../../domain/rate-limits/guarded-store';
import { RateLimitService } from '../../domain/rate-limits/rate-limit.service';
import type { Orm } from '../../infra/db/orm';
import { poolWaiters } from '../../infra/db/pool-waiters';
import { LoadMonitor } from '../../infra/overload/load-monitor';
import { FlexibleRateLimitStore } from '../../infra/rate-limits/flexible-rate-limit-store';
import { MemoryTokenBuckets } from '../../infra/rate-limits/memory-token-buckets';
import { FallbackSubscriptionSlots, LocalSubscriptionSlots, SubscriptionSlots } from '../../domain/rate-limits/subscription-slots';
import { RedisSubscriptionSlots } from '../../infra/rate-limits/redis-subscription-slots';
import { RedisTokenBuckets } from '../../infra/rate-limits/redis-token-buckets';
import { PgSellerRateLimits } from '../../infra/rate-limits/pg-seller-rate-limits';
import { RedisConnection } from '../../infra/rate-limits/redis-client';
import type { Platform } from './platform';

export interface RateLimitRuntime {
  /** Connects to Redis (when configured) and starts the load monitor. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Request budgets, brute-force guards and load shedding. */
export function wireRateLimits(p: Platform, orm: Orm) {
  const { config, logger } = p;
  const redis = config.REDIS_URL ? new RedisConnection(config.REDIS_URL) : undefined;
  const local = { windows: FlexibleRateLimitStore.inProcess(), buckets: new MemoryTokenBuckets() };
  const shared = redis
    ? { windows: FlexibleRateLimitStore.redis(redis.client, `${config.REDIS_PREFIX}:rl`), buckets: new RedisTokenBuckets(redis.client, `${config.REDIS_PREFIX}:tb`) }
    : local;
  const store = new GuardedStore(shared, local, {
    down: (err) => logger.error({ err }, 'rate-limit store (Redis) unreachable: creates, webhook management and brute-force guards count per instance, reads and public paths are not counted'),
    recovered: () => logger.info('rate-limit store (Redis) reachable again'),
  });
  const defaults = {
    creates: config.RATE_LIMIT_CREATES,
    reads: config.RATE_LIMIT_READS,
    lists: config.RATE_LIMIT_LISTS,
    webhooks: config.RATE_LIMIT_WEBHOOKS,
    public: config.RATE_LIMIT_PUBLIC,
  };
  const sharedSlots = redis ? new RedisSubscriptionSlots(redis.client, `${config.REDIS_PREFIX}:ws`) : undefined;
  const slots = sharedSlots ? new FallbackSubscriptionSlots(sharedSlots, new LocalSubscriptionSlots()) : new LocalSubscriptionSlots();
  const loadMonitor = new LoadMonitor({ maxLagMs: config.OVERLOAD_MAX_LAG_MS, maxDbWaiters: config.OVERLOAD_MAX_DB_WAITERS, dbWaiters: poolWaiters(orm) });
  const runtime: RateLimitRuntime = {
    start: async () => {
      loadMonitor.start();
      await redis?.start();
    },
    close: async () => {
      loadMonitor.stop();
      sharedSlots?.close();
      await redis?.close();
    },
  };
  return {
    rateLimits: new RateLimitService(store, new PgSellerRateLimits(p.sql), defaults, p.clock, config.RATE_LIMIT_BURST_SECONDS),
    abuseLimits: new AbuseLimits(store),
    unauthenticatedBudget: new UnauthenticatedBudget(store, config.RATE_LIMIT_UNAUTHENTICATED),
    loadMonitor,
    rateLimitRuntime: runtime,
    subscriptionSlots: new SubscriptionSlots(slots, config.SUBSCRIPTIONS_PER_SELLER),
    /** Health: Redis answers a PING (in-process counting is always up). */
    cacheHealthy: () => (redis ? store.ping() : Promise.resolve(true)),
  };
}
