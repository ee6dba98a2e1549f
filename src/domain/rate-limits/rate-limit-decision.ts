import type { RateLimitPolicy } from './rate-limit-classes';
import type { RateLimitCount } from './rate-limits.ports';
import { bucketView, type BucketPolicy, type BucketTake } from './token-bucket';

/** The outcome of counting one request: what the IETF RateLimit headers describe. */
export interface RateLimitDecision {
  /** The policy's name in the headers (the class, e.g. `creates`). */
  name: string;
  policy: RateLimitPolicy;
  allowed: boolean;
  /** Requests that may be sent now (0 when refused). */
  remaining: number;
  /** Seconds until the window ends, or the bucket is full again; `Retry-After` when refused. */
  resetSeconds: number;
  /** False when the shared store was down and the class fails open (nothing was counted). */
  counted: boolean;
}

export function decide(name: string, policy: RateLimitPolicy, count: RateLimitCount): RateLimitDecision {
  const allowed = count.consumed <= policy.points;
  return {
    name,
    policy,
    allowed,
    remaining: Math.max(0, policy.points - count.consumed),
    resetSeconds: Math.max(1, Math.ceil(count.resetSeconds)),
    counted: true,
  };
}

/** A token bucket's answer (request budgets); the headers show the sustained budget. */
export function decideBucket(name: string, policy: BucketPolicy, cost: number, t: BucketTake): RateLimitDecision {
  return { name, policy: { points: policy.points, windowSeconds: policy.windowSeconds }, allowed: t.allowed, ...bucketView(policy, cost, t), counted: true };
}

export function uncounted(name: string, policy: RateLimitPolicy): RateLimitDecision {
  return { name, policy, allowed: true, remaining: policy.points, resetSeconds: policy.windowSeconds, counted: false };
}

/**
 * The IETF draft's structured fields (draft-ietf-httpapi-ratelimit-headers), one
 * item per policy: `RateLimit-Policy: "creates";q=300;w=60` (quota per window) and
 * `RateLimit: "creates";r=297;t=41` (remaining, seconds to the window's end).
 * Decisions not counted (store down, class fails open) have only a policy.
 */
export function rateLimitFields(decisions: RateLimitDecision[]): { policy: string; remaining: string | null } {
  const counted = decisions.filter((d) => d.counted);
  return {
    policy: decisions.map((d) => `"${d.name}";q=${d.policy.points};w=${d.policy.windowSeconds}`).join(', '),
    remaining: counted.length ? counted.map((d) => `"${d.name}";r=${d.remaining};t=${d.resetSeconds}`).join(', ') : null,
  };
}
