/**
 * Request budgets as a token bucket, kept as the level of a leaky bucket: each
 * request adds its cost to the level, the level drains continuously at the budget's
 * rate (`points` per `windowSeconds`), and a request is admitted while the level
 * stays within the burst capacity. A refused request changes nothing. The level is
 * counted in requests (not in time), so an operator who raises a seller's budget
 * gives it the difference at once. The same arithmetic runs in process here and in
 * Redis as one Lua script (infra/rate-limits/redis-token-buckets.ts).
 */
export interface BucketPolicy {
  /** Requests per window: the sustained rate. */
  points: number;
  windowSeconds: number;
  /** Requests that may be sent at once from a full bucket (the burst allowance). */
  burst: number;
}

/** What a store answers for one request. */
export interface BucketTake {
  allowed: boolean;
  /** The level after this request (unchanged when refused). */
  level: number;
}

export interface BucketState {
  level: number;
  atMs: number;
}

/** Requests the bucket drains per millisecond. */
export const drainPerMs = (p: BucketPolicy) => p.points / (p.windowSeconds * 1000);

/** Burst capacity for a budget: `burstSeconds` worth of the rate, at least one request. */
export const burstFor = (points: number, windowSeconds: number, burstSeconds: number) =>
  Math.max(1, Math.ceil((points * Math.min(burstSeconds, windowSeconds)) / windowSeconds));

/** Admits or refuses `cost` requests at `nowMs` given the stored state (none: empty bucket). */
export function take(state: BucketState | undefined, nowMs: number, policy: BucketPolicy, cost: number): BucketTake & { state: BucketState | undefined } {
  const drained = state ? Math.max(0, state.level - Math.max(0, nowMs - state.atMs) * drainPerMs(policy)) : 0;
  if (drained + cost > policy.burst) return { allowed: false, level: drained, state };
  const level = drained + cost;
  return { allowed: true, level, state: { level, atMs: nowMs } };
}

/** Milliseconds until the bucket is empty again (how long the stored state matters). */
export const emptyInMs = (policy: BucketPolicy, level: number) => level / drainPerMs(policy);

/**
 * What the headers say: requests left now, and seconds until the answer changes:
 * when admitted, until the bucket is empty (the whole burst is available again);
 * when refused, until enough has drained for this request (`Retry-After`).
 */
export function bucketView(policy: BucketPolicy, cost: number, t: BucketTake): { remaining: number; resetSeconds: number } {
  const remaining = Math.max(0, Math.floor(policy.burst - t.level + 1e-9));
  const waitMs = t.allowed ? emptyInMs(policy, t.level) : (t.level + cost - policy.burst) / drainPerMs(policy);
  return { remaining: t.allowed ? remaining : 0, resetSeconds: Math.max(1, Math.ceil(waitMs / 1000 - 1e-9)) };
}
