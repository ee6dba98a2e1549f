import { IdempotencyInFlightError, type PixPayApiError, RateLimitedError, ServiceUnavailableError } from '../errors.js';

export interface RetryPolicy {
  /** Retries after the first attempt (0 turns retrying off). */
  maxRetries: number;
  /** A longer `Retry-After` is not waited for: the error is thrown at once. */
  maxRetryAfterSeconds: number;
  /** The first backoff when the answer named no wait; it doubles per retry up to maxBackoffMs. */
  initialBackoffMs: number;
  maxBackoffMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 2,
  maxRetryAfterSeconds: 60,
  initialBackoffMs: 500,
  maxBackoffMs: 8_000,
};

/** The answers worth another attempt: the first request with the key still runs, a budget is spent, or the service is busy. */
export function isRetryable(error: PixPayApiError): boolean {
  return error instanceof IdempotencyInFlightError || error instanceof RateLimitedError || error instanceof ServiceUnavailableError;
}

/**
 * How long to wait before retry number `retry` (0 for the first), or null to give up:
 * the answer's `Retry-After` when it sent one (up to the policy's bound), otherwise an
 * exponential backoff with equal jitter (half fixed, half random).
 */
export function retryDelayMs(error: PixPayApiError, retry: number, policy: RetryPolicy, random: () => number = Math.random): number | null {
  if (retry >= policy.maxRetries || !isRetryable(error)) return null;
  if (error.retryAfterSeconds !== null) {
    return error.retryAfterSeconds > policy.maxRetryAfterSeconds ? null : error.retryAfterSeconds * 1000;
  }
  const ceiling = Math.min(policy.maxBackoffMs, policy.initialBackoffMs * 2 ** retry);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
