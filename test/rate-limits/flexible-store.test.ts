import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { FlexibleRateLimitStore } from '../../src/infra/rate-limits/flexible-rate-limit-store';
import { TEST_REDIS_URL, uniqueRedisPrefix } from './support';

const prefix = uniqueRedisPrefix('store');
const clients: Redis[] = [];
/** The store refuses to count on a connection that is not ready (as while Redis is down): wait for it. */
const redisStore = async () => {
  const c = new Redis(TEST_REDIS_URL);
  clients.push(c);
  await new Promise((resolve) => c.once('ready', resolve));
  return FlexibleRateLimitStore.redis(c, prefix);
};
afterAll(async () => {
  const keys = await clients[0]!.keys(`${prefix}:*`);
  if (keys.length) await clients[0]!.del(...keys);
  for (const c of clients) c.disconnect();
});

const policy = (points: number) => ({ points, windowSeconds: 60 });

describe.each([
  ['in process', async () => FlexibleRateLimitStore.inProcess()],
  ['Redis', redisStore],
])('FlexibleRateLimitStore (%s)', (_name, make) => {
  it('counts per bucket and key past any budget, peeks without counting, reports the window end', async () => {
    const store = await make();
    expect(await store.peek('creates', 'seller:1', policy(2))).toBeNull();
    for (let i = 1; i <= 3; i++) expect((await store.consume('creates', 'seller:1', policy(2), 1)).consumed).toBe(i);
    const seen = await store.peek('creates', 'seller:1', policy(2));
    expect(seen!.consumed).toBe(3);
    expect(seen!.resetSeconds).toBeGreaterThan(0);
    expect(seen!.resetSeconds).toBeLessThanOrEqual(60);
    // Another budget for the same key shares the counter (a raised limit keeps what was used).
    expect((await store.consume('creates', 'seller:1', policy(100), 5)).consumed).toBe(8);
    expect((await store.consume('reads', 'seller:1', policy(2), 1)).consumed).toBe(1);
    expect((await store.consume('creates', 'seller:2', policy(2), 1)).consumed).toBe(1);
    expect(await store.ping()).toBe(true);
  });
});

describe('FlexibleRateLimitStore (Redis) across processes', () => {
  it('two stores on one Redis share the counters', async () => {
    const a = await redisStore();
    const b = await redisStore();
    await a.consume('lists', 'seller:shared', policy(10), 1);
    await b.consume('lists', 'seller:shared', policy(10), 1);
    expect((await a.consume('lists', 'seller:shared', policy(10), 1)).consumed).toBe(3);
  });
});
