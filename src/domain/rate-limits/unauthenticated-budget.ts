import type { GuardedStore } from './guarded-store';
import { STORE_DOWN_RULE, UNAUTHENTICATED_BUCKET, WINDOW_SECONDS, type RateLimitPolicy } from './rate-limit-classes';
import { decide, uncounted, type RateLimitDecision } from './rate-limit-decision';
import { RateLimitedError } from './rate-limited.error';

/**
 * The budget of each client address for traffic that proves no one: requests without a
 * credential and credentials that fail. Every request of the API and GraphQL doors
 * passes `admit` before its body is read or its credential looked up:
 * - without a credential, it spends a point at once;
 * - with one, it goes on while the address has points left, and spends one only when the
 *   credential turns out bad (`failed`), so sellers' own traffic never spends it.
 * Once the address has spent the budget, every request from it that is not already
 * authenticated is refused (429 RATE_LIMITED) until the window ends, credential or not:
 * a flood of bad keys then costs neither a body parse nor a database lookup.
 */
export class UnauthenticatedBudget {
  private readonly policy: RateLimitPolicy;

  constructor(
    private readonly store: GuardedStore,
    perMinute: number,
  ) {
    this.policy = { points: perMinute, windowSeconds: WINDOW_SECONDS };
  }

  /** Before parsing and authentication; throws RATE_LIMITED past the budget. */
  async admit(address: string, presentsCredential: boolean): Promise<RateLimitDecision> {
    const rule = STORE_DOWN_RULE[UNAUTHENTICATED_BUCKET];
    if (presentsCredential) {
      const seen = await this.store.peek(UNAUTHENTICATED_BUCKET, address, this.policy, rule);
      if (!seen) return uncounted(UNAUTHENTICATED_BUCKET, this.policy);
      const decision = decide(UNAUTHENTICATED_BUCKET, this.policy, seen);
      if (seen.consumed >= this.policy.points) throw new RateLimitedError({ ...decision, allowed: false, remaining: 0 });
      return decision;
    }
    const counted = await this.store.consume(UNAUTHENTICATED_BUCKET, address, this.policy, 1, rule);
    if (!counted) return uncounted(UNAUTHENTICATED_BUCKET, this.policy);
    const decision = decide(UNAUTHENTICATED_BUCKET, this.policy, counted);
    if (!decision.allowed) throw new RateLimitedError(decision);
    return decision;
  }

  /** A presented credential did not authenticate: the address spends a point. */
  async failed(address: string): Promise<void> {
    await this.store.consume(UNAUTHENTICATED_BUCKET, address, this.policy, 1, STORE_DOWN_RULE[UNAUTHENTICATED_BUCKET]);
  }
}
