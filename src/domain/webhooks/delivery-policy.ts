/**
 * Webhook retry policy (SPEC "Retry"), pure: the worker asks it what to do after each
 * failed attempt and schedules accordingly.
 *
 * - A cycle makes up to 3 attempts, each with a 5 s timeout. Only a 2xx is a success;
 *   every other answer (3xx are not followed, 4xx, 5xx), a timeout or a network error
 *   is retried, since a receiver's misconfiguration is often fixed within the 24 h.
 * - Between attempts of a cycle: exponential backoff from 1 s, doubling per attempt, up
 *   to 30 s, with EQUAL jitter: a delay d becomes uniform in [d/2, d]. Equal rather
 *   than full jitter keeps SPEC's "about 1 second" first retry (0.5-1 s, never 0) while
 *   still spreading a burst of failures apart.
 * - Penalty: after a timeout or a 429 the delay doubles (still capped at 30 s): the
 *   receiver is overloaded, give it more room.
 * - `Retry-After` (seconds), when the receiver sends one, replaces the computed delay,
 *   clamped to [1 s, 30 s], without jitter: the receiver asked for that time.
 * - After a failed cycle, the next one starts after 5 min, 30 min, 2 h, 5 h, then
 *   every 10 h (Svix's schedule without its first 5 s step, which our in-cycle retries
 *   cover). A cycle that would start too late to finish before `expires_at` is moved to
 *   a last cycle starting 1 minute before it, so the receiver gets a final chance; after
 *   that the delivery expires. With instant failures cycles start at about 0, 5 min,
 *   35 min, 2 h 35, 7 h 35, 17 h 35 and 23 h 59: 7 cycles, 21 attempts.
 * - Nothing is ever scheduled past `expires_at` (24 h after the event was created).
 */
export const ATTEMPTS_PER_CYCLE = 3;
export const ATTEMPT_TIMEOUT_MS = 5_000;
export const BASE_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 30_000;
export const RETRY_AFTER_MIN_MS = 1_000;
export const RETRY_AFTER_MAX_MS = 30_000;
export const DELIVERY_TTL_MS = 24 * 60 * 60 * 1000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Delay before cycle n+1, indexed by n-1; the last value repeats. */
export const CYCLE_DELAYS_MS: readonly number[] = [5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR];

/** The last cycle starts at least this long before `expires_at`, room for its 3 attempts. */
export const FINAL_CYCLE_MARGIN_MS = MINUTE;

export const deliveryExpiresAt = (createdAt: Date): Date => new Date(createdAt.getTime() + DELIVERY_TTL_MS);

export interface AttemptOutcome {
  statusCode?: number;
  timedOut?: boolean;
  networkError?: boolean;
}

export function classifyAttempt(outcome: AttemptOutcome): 'SUCCESS' | 'RETRY' {
  const { statusCode, timedOut, networkError } = outcome;
  if (timedOut || networkError || statusCode === undefined) return 'RETRY';
  return statusCode >= 200 && statusCode <= 299 ? 'SUCCESS' : 'RETRY';
}

export interface FailedAttempt {
  /** 1-based number, within its cycle, of the attempt that just failed. */
  attemptInCycle: number;
  /** Uniform in [0, 1), e.g. Math.random; injected so tests are deterministic. */
  random: () => number;
  statusCode?: number;
  /** Parsed `Retry-After` header, in seconds (see `parseRetryAfterSeconds`). */
  retryAfterSeconds?: number;
  timedOut?: boolean;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const assertPositiveInteger = (value: number, name: string) => {
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be an integer >= 1`);
};

/** Delay before the next attempt of the same cycle. */
export function nextAttemptDelayMs(input: FailedAttempt): number {
  assertPositiveInteger(input.attemptInCycle, 'attemptInCycle');
  const { retryAfterSeconds } = input;
  if (retryAfterSeconds !== undefined && Number.isFinite(retryAfterSeconds) && retryAfterSeconds >= 0) {
    return Math.round(clamp(retryAfterSeconds * 1000, RETRY_AFTER_MIN_MS, RETRY_AFTER_MAX_MS));
  }
  const penalised = input.timedOut === true || input.statusCode === 429;
  const exponent = input.attemptInCycle - 1 + (penalised ? 1 : 0);
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** exponent);
  const r = clamp(input.random(), 0, 1);
  return Math.round(ceiling / 2 + (ceiling / 2) * (Number.isNaN(r) ? 0 : r));
}

/** Delay between the end of cycle `cycleNumber` (1-based) and the start of the next. */
export function nextCycleDelayMs(cycleNumber: number): number {
  assertPositiveInteger(cycleNumber, 'cycleNumber');
  return CYCLE_DELAYS_MS[Math.min(cycleNumber, CYCLE_DELAYS_MS.length) - 1]!;
}

export type DeliveryDecision =
  | { action: 'RETRY_IN_CYCLE'; delayMs: number }
  | { action: 'NEXT_CYCLE'; delayMs: number }
  | { action: 'EXPIRE' };

/** What to do after a failed attempt. */
export function decideAfterFailure(
  input: FailedAttempt & { cycle: number; now: Date; expiresAt: Date },
): DeliveryDecision {
  assertPositiveInteger(input.cycle, 'cycle');
  const remaining = input.expiresAt.getTime() - input.now.getTime();
  if (!(remaining > 0)) return { action: 'EXPIRE' };

  if (input.attemptInCycle < ATTEMPTS_PER_CYCLE) {
    const delayMs = nextAttemptDelayMs(input);
    return delayMs <= remaining ? { action: 'RETRY_IN_CYCLE', delayMs } : { action: 'EXPIRE' };
  }

  assertPositiveInteger(input.attemptInCycle, 'attemptInCycle');
  const latestStart = remaining - FINAL_CYCLE_MARGIN_MS;
  if (latestStart <= 0) return { action: 'EXPIRE' };
  return { action: 'NEXT_CYCLE', delayMs: Math.min(nextCycleDelayMs(input.cycle), latestStart) };
}

/**
 * Reads a `Retry-After` header: delay-seconds or an HTTP date. Returns seconds from
 * `now` (0 for a date in the past), or undefined when absent or unreadable.
 */
export function parseRetryAfterSeconds(header: string | undefined | null, now: Date): number | undefined {
  if (header === undefined || header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  if (!/[a-z]/i.test(value)) return undefined; // HTTP dates always name a day or month
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}
