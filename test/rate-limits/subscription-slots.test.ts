import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { FallbackSubscriptionSlots, LocalSubscriptionSlots } from '../../src/domain/rate-limits/subscription-slots';
import { RedisSubscriptionSlots } from '../../src/infra/rate-limits/redis-subscription-slots';
import { TEST_REDIS_URL, uniqueRedisPrefix } from './support';

const prefix = uniqueRedisPrefix('slots');
const clients: Redis[] = [];
const stores: RedisSubscriptionSlots[] = [];
async function redisSlots(leaseMs?: number) {
  const c = new Redis(TEST_REDIS_URL);
  clients.push(c);
  await new Promise((resolve) => c.once('ready', resolve));
  const store = new RedisSubscriptionSlots(c, prefix, leaseMs);
  stores.push(store);
  return store;
}
afterAll(async () => {
  for (const s of stores) s.close();
  const keys = await clients[0]!.keys(`${prefix}:*`);
  if (keys.length) await clients[0]!.del(...keys);
  for (const c of clients) c.disconnect();
});

describe('subscription slots in Redis', () => {
  it('instances share one limit per seller, exactly, when they race for the last slots', async () => {
    const [a, b] = [await redisSlots(), await redisSlots()];
    const taken = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).take('seller:race', 5)));
    expect(taken.filter(Boolean)).toHaveLength(5);
    expect(await a.take('seller:other', 5)).not.toBeNull();
    taken.find(Boolean)!();
    expect(await b.take('seller:race', 5)).not.toBeNull();
    expect(await b.take('seller:race', 5)).toBeNull();
  });

  it('a release is idempotent', async () => {
    const a = await redisSlots();
    const release = (await a.take('seller:once', 2))!;
    const other = await a.take('seller:once', 2);
    release();
    release();
    expect(await a.take('seller:once', 2)).not.toBeNull();
    expect(await a.take('seller:once', 2)).toBeNull();
    other!();
  });

  it("a dead instance's slots end with their lease; a live instance keeps its own by renewing", async () => {
    const leaseMs = 400;
    const dead = await redisSlots(leaseMs);
    const live = await redisSlots(leaseMs);
    expect(await dead.take('seller:lease', 2)).not.toBeNull();
    expect(await live.take('seller:lease', 2)).not.toBeNull();
    dead.close(); // stops renewing, as a killed process would
    const deadline = Date.now() + 10_000;
    let freed = null;
    while (!freed && Date.now() < deadline) {
      await live.renew();
      freed = await live.take('seller:lease', 2);
    }
    expect(freed).not.toBeNull();
    // The renewed slot and the freed one: the seller is at its limit again.
    expect(await live.take('seller:lease', 2)).toBeNull();
  });

  it('while Redis cannot answer, sockets are limited per instance', async () => {
    const down = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    down.on('error', () => undefined);
    const broken = new RedisSubscriptionSlots(down, prefix);
    stores.push(broken);
    const slots = new FallbackSubscriptionSlots(broken, new LocalSubscriptionSlots());
    expect(await slots.take('seller:down', 1)).not.toBeNull();
    expect(await slots.take('seller:down', 1)).toBeNull();
    down.disconnect();
  });
});
