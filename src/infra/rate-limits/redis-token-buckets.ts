import type { Redis } from 'ioredis';
import type { TokenBucketStore } from '../../domain/rate-limits/rate-limits.ports';
import { drainPerMs, type BucketPolicy, type BucketTake } from '../../domain/rate-limits/token-bucket';

/**
 * token-bucket.ts's `take` as one Lua script: read, drain, admit and write happen
 * atomically in Redis (one round trip, no race between api instances), on Redis's
 * own clock so instances with skewed clocks agree. The key expires when the bucket
 * would be empty. Numbers travel as strings (Lua would truncate them to integers).
 */
const TAKE = `
local level = tonumber(redis.call('HGET', KEYS[1], 'l') or '0')
local at = tonumber(redis.call('HGET', KEYS[1], 't') or '0')
local drain = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + tonumber(time[2]) / 1000
local elapsed = now - at
if elapsed < 0 then elapsed = 0 end
level = level - elapsed * drain
if level < 0 then level = 0 end
if level + cost > burst then
  return {0, tostring(level)}
end
level = level + cost
redis.call('HSET', KEYS[1], 'l', tostring(level), 't', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(level / drain) + 1000)
return {1, tostring(level)}
`;

type WithTake = Redis & { pixpayTakeTokens(key: string, drain: string, burst: string, cost: string): Promise<[number, string]> };

export class RedisTokenBuckets implements TokenBucketStore {
  private readonly client: WithTake;

  constructor(
    client: Redis,
    private readonly prefix: string,
  ) {
    // defineCommand sends EVALSHA and falls back to EVAL once when the script is not cached.
    if (!('pixpayTakeTokens' in client)) client.defineCommand('pixpayTakeTokens', { numberOfKeys: 1, lua: TAKE });
    this.client = client as WithTake;
  }

  async take(bucket: string, key: string, policy: BucketPolicy, cost: number): Promise<BucketTake> {
    const [allowed, level] = await this.client.pixpayTakeTokens(`${this.prefix}:${bucket}:${key}`, String(drainPerMs(policy)), String(policy.burst), String(cost));
    return { allowed: allowed === 1, level: Number(level) };
  }
}
