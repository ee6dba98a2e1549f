import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { releaseOnce, type ReleaseSlot, type SubscriptionSlotStore } from '../../domain/rate-limits/subscription-slots';

/** A slot is a lease: renewed while its socket is open, gone by itself if its instance dies. */
export const SLOT_LEASE_MS = 60_000;
const RENEW_EVERY_MS = SLOT_LEASE_MS / 3;

/**
 * One sorted set per seller (member: slot id, score: lease end). Taking drops
 * expired leases and adds one only below the limit, in one Lua call, so instances
 * racing for the last slot cannot both win; scores use Redis's clock.
 */
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
return 1
`;
const RENEW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
return 1
`;

type Scripts = Redis & {
  pixpayTakeSlot(key: string, limit: string, id: string, leaseMs: string): Promise<number>;
  pixpayRenewSlot(key: string, id: string, leaseMs: string): Promise<number>;
};

export class RedisSubscriptionSlots implements SubscriptionSlotStore {
  private readonly client: Scripts;
  private readonly held = new Map<string, string>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    client: Redis,
    private readonly prefix: string,
    private readonly leaseMs = SLOT_LEASE_MS,
  ) {
    if (!('pixpayTakeSlot' in client)) {
      client.defineCommand('pixpayTakeSlot', { numberOfKeys: 1, lua: TAKE });
      client.defineCommand('pixpayRenewSlot', { numberOfKeys: 1, lua: RENEW });
    }
    this.client = client as Scripts;
    this.timer = setInterval(() => void this.renew(), Math.min(RENEW_EVERY_MS, leaseMs / 3)).unref();
  }

  async take(owner: string, limit: number): Promise<ReleaseSlot | null> {
    const key = `${this.prefix}:${owner}`;
    const id = randomUUID();
    if ((await this.client.pixpayTakeSlot(key, String(limit), id, String(this.leaseMs))) !== 1) return null;
    this.held.set(id, key);
    return releaseOnce(() => {
      this.held.delete(id);
      // A release lost while Redis is away ends with the lease.
      this.client.zrem(key, id).catch(() => undefined);
    });
  }

  /** Renews the leases of this instance's open sockets (a failed renewal is retried next time). */
  async renew(): Promise<void> {
    await Promise.all([...this.held].map(([id, key]) => this.client.pixpayRenewSlot(key, id, String(this.leaseMs)).catch(() => undefined)));
  }

  close(): void {
    clearInterval(this.timer);
  }
}
