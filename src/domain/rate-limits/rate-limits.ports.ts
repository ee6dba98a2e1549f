import type { RateLimitPolicy } from './rate-limit-classes';
import type { BucketPolicy, BucketTake } from './token-bucket';

/** What the store says about one key after counting (or peeking). */
export interface RateLimitCount {
  /** Points used in the current window, this request included. */
  consumed: number;
  /** Seconds until the window ends (at least 1). */
  resetSeconds: number;
}

/**
 * A counter per key with a window that starts at the key's first point. The shared
 * backend (Redis) throws when it cannot answer; the in-process one never does.
 */
export interface RateLimitStore {
  consume(bucket: string, key: string, policy: RateLimitPolicy, cost: number): Promise<RateLimitCount>;
  /** The current count without adding to it; null when the key has no open window. */
  peek(bucket: string, key: string, policy: RateLimitPolicy): Promise<RateLimitCount | null>;
  /** True when the store answers now (health check). */
  ping(): Promise<boolean>;
}

/**
 * Token buckets per key (token-bucket.ts): admits `cost` requests or refuses them,
 * atomically. The shared backend (Redis) throws when it cannot answer.
 */
export interface TokenBucketStore {
  take(bucket: string, key: string, policy: BucketPolicy, cost: number): Promise<BucketTake>;
}

/** Operators' per-seller budgets (requests per minute per class). */
export interface SellerRateLimitRepository {
  overrides(sellerId: string): Promise<Partial<Record<string, number>>>;
  set(sellerId: string, limitClass: string, perMinute: number | null, at: Date): Promise<void>;
}
