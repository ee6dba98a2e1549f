import type { Redis } from 'ioredis';

/** How long a command may take before the limiter treats Redis as down. */
const COMMAND_TIMEOUT_MS = 500;
const FIRST_CONNECT_WAIT_MS = 2_000;

/**
 * The limiter's ioredis connection, opened by `start`. No offline queue and no
 * per-command retries: while Redis is away a command fails at once and the
 * limiter's rule for the class applies; the client keeps reconnecting in the
 * background (at most every 2 s). ioredis is loaded only when REDIS_URL is set.
 */
export class RedisConnection {
  readonly client: Redis;

  constructor(url: string) {
    const { Redis: Client } = require('ioredis') as typeof import('ioredis');
    this.client = new Client(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: FIRST_CONNECT_WAIT_MS,
      retryStrategy: (times) => Math.min(times * 100, 2_000),
    });
    // Failures reach the limiter (logged once per outage there); the event needs a listener.
    this.client.on('error', () => undefined);
  }

  /** Connects, waiting at most 2 s: a Redis that is down at start is an outage like any other. */
  async start(): Promise<void> {
    await Promise.race([this.client.connect().catch(() => undefined), new Promise((r) => setTimeout(r, FIRST_CONNECT_WAIT_MS).unref())]);
  }

  async close(): Promise<void> {
    this.client.disconnect();
  }
}
