import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryTokenBuckets } from '../../src/infra/rate-limits/memory-token-buckets';
import { RedisTokenBuckets } from '../../src/infra/rate-limits/redis-token-buckets';
import { TEST_REDIS_URL, uniqueRedisPrefix } from './support';

const prefix = uniqueRedisPrefix('buckets');
const clients: Redis[] = [];
const redisBuckets = async () => {
  const c = new Redis(TEST_REDIS_URL);
  clients.push(c);
  await new Promise((resolve) => c.once('ready', resolve));
  return new RedisTokenBuckets(c, prefix);
};
afterAll(async () => {
  const keys = await clients[0]!.keys(`${prefix}:*`);
  if (keys.length) await clients[0]!.del(...keys);
  for (const c of clients) c.disconnect();
});

/** A slow budget (nothing drains within a test) with a burst of 3. */
const slow = { points: 1, windowSeconds: 3_600, burst: 3 };

describe.each([
  ['in process', async () => new MemoryTokenBuckets()],
  ['Redis', redisBuckets],
])('token buckets (%s)', (_name, make) => {
  it('admits up to the burst per bucket and key, refuses past it without counting the refusal', async () => {
    const store = await make();
    const taken = [];
    for (let i = 0; i < 4; i++) taken.push(await store.take('creates', 'seller:1', slow, 1));
    expect(taken.map((t) => t.allowed)).toEqual([true, true, true, false]);
    expect(taken[3]!.level).toBeCloseTo(3, 2);
    expect((await store.take('creates', 'seller:1', slow, 1)).level).toBeCloseTo(3, 2);
    expect((await store.take('reads', 'seller:1', slow, 2)).allowed).toBe(true);
    expect((await store.take('creates', 'seller:2', slow, 3)).allowed).toBe(true);
  });

  it('drains at the budget rate', async () => {
    const store = await make();
    // 600 per second: a full burst of 3 drains in 5 ms.
    const fast = { points: 36_000, windowSeconds: 60, burst: 3 };
    await store.take('reads', 'seller:drain', fast, 3);
    let last = await store.take('reads', 'seller:drain', fast, 1);
    while (!last.allowed) last = await store.take('reads', 'seller:drain', fast, 1);
    expect(last.level).toBeLessThanOrEqual(3);
  });
});

describe('token buckets (Redis) across instances', () => {
  it('two clients on one Redis spend one bucket, exactly, under concurrency', async () => {
    const [a, b] = [await redisBuckets(), await redisBuckets()];
    const policy = { points: 1, windowSeconds: 3_600, burst: 25 };
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).take('creates', 'seller:shared', policy, 1)));
    expect(results.filter((r) => r.allowed)).toHaveLength(25);
  });
});
