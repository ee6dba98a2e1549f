import { randomUUID } from 'node:crypto';

/** The shared Redis of the test machine; each test file uses keys under its own prefix. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export const uniqueRedisPrefix = (name: string) => `test-${name}-${randomUUID().slice(0, 8)}`;

/** RateLimit: "reads";r=4;t=59 -> { name, r, t } */
export function parseRateLimit(header: string | null): { name: string; r: number; t: number } | null {
  const m = header ? /^"([^"]+)";r=(\d+);t=(\d+)$/.exec(header) : null;
  return m ? { name: m[1]!, r: Number(m[2]), t: Number(m[3]) } : null;
}
