import { isDomainError } from '../shared/errors';
import type { GuardedStore } from './guarded-store';
import { ABUSE_POLICIES, STORE_DOWN_RULE, type AbuseBucket } from './rate-limit-classes';
import { decide } from './rate-limit-decision';
import { RateLimitedError } from './rate-limited.error';

/** Guesses worth counting: a wrong password, a wrong TOTP code, a sign-up that finds the e-mail taken. */
const FAILURE_CODES: Record<AbuseKind, ReadonlySet<string>> = {
  login: new Set(['INVALID_CREDENTIALS']),
  totp: new Set(['INVALID_MFA_CODE']),
  signup: new Set(['EMAIL_TAKEN']),
};

export type AbuseKind = 'login' | 'totp' | 'signup';

/** The budgets each kind counts against: sign-up probes are counted per address only (the e-mail is the guess). */
const BUCKETS: Record<AbuseKind, { user?: AbuseBucket; address: AbuseBucket }> = {
  login: { user: 'login-user', address: 'login-address' },
  totp: { user: 'totp-user', address: 'totp-address' },
  signup: { address: 'signup-address' },
};

export interface AbuseSubject {
  /** The account guessed at: a user id, or the e-mail given to log in. */
  user: string;
  /** The client's address. */
  address: string;
}

/**
 * Brute-force guards: failed guesses are counted per user and per address; once
 * either budget is spent, further attempts are refused (even right ones) until
 * its window ends. Successes cost nothing, so honest use is never slowed.
 */
export class AbuseLimits {
  constructor(private readonly store: GuardedStore) {}

  async attempt<T>(kind: AbuseKind, subject: AbuseSubject, run: () => Promise<T>): Promise<T> {
    const { user, address } = BUCKETS[kind];
    const buckets: [AbuseBucket, string][] = [...(user ? [[user, subject.user.toLowerCase()] as [AbuseBucket, string]] : []), [address, subject.address]];
    for (const [bucket, key] of buckets) {
      const policy = ABUSE_POLICIES[bucket];
      const seen = await this.store.peek(bucket, key, policy, STORE_DOWN_RULE[bucket]);
      if (seen && seen.consumed >= policy.points) {
        throw new RateLimitedError({ ...decide(bucket, policy, seen), allowed: false, remaining: 0 });
      }
    }
    try {
      return await run();
    } catch (e) {
      if (isDomainError(e) && FAILURE_CODES[kind].has(e.code)) {
        for (const [bucket, key] of buckets) await this.store.consume(bucket, key, ABUSE_POLICIES[bucket], 1, STORE_DOWN_RULE[bucket]);
      }
      throw e;
    }
  }
}
