import { DomainError } from '../shared/errors';
import type { RateLimitDecision } from './rate-limit-decision';

/** 429 RATE_LIMITED; carries the decision so each door can tell when to retry. */
export class RateLimitedError extends DomainError {
  constructor(readonly decision: RateLimitDecision) {
    super(
      'RATE_LIMITED',
      `rate limit exceeded (${decision.policy.points} ${decision.name} per ${decision.policy.windowSeconds} s); retry in ${decision.resetSeconds} s`,
      'RATE_LIMITED',
      { retryAfterSeconds: decision.resetSeconds, limit: decision.name },
    );
  }
}

export const isRateLimited = (e: unknown): e is RateLimitedError => e instanceof RateLimitedError;
