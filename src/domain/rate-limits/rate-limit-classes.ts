/**
 * What a request is counted against. Seller budgets are per seller (API keys and
 * dashboard sessions of the same seller share them); `public` is per client address.
 */
export const SELLER_CLASSES = ['creates', 'reads', 'lists', 'webhooks'] as const;
export type SellerClass = (typeof SELLER_CLASSES)[number];
export type LimitClass = SellerClass | 'public';

export const isSellerClass = (v: string): v is SellerClass => (SELLER_CLASSES as readonly string[]).includes(v);

/** A budget: `points` per window of `windowSeconds`, counted from the first request of the window. */
export interface RateLimitPolicy {
  points: number;
  windowSeconds: number;
}

/**
 * When the shared store (Redis) cannot answer: `local` keeps counting in this process
 * (each instance enforces the whole budget on its own), `open` serves without counting.
 * Money-moving creates and brute-force guards stay protected; reads do not stop
 * because the counter is away.
 */
export type StoreDownRule = 'local' | 'open';

export const STORE_DOWN_RULE: Record<LimitClass | AbuseBucket | typeof UNAUTHENTICATED_BUCKET, StoreDownRule> = {
  creates: 'local',
  reads: 'open',
  lists: 'open',
  webhooks: 'local',
  public: 'open',
  'login-user': 'local',
  'login-address': 'local',
  'totp-user': 'local',
  'totp-address': 'local',
  'signup-address': 'local',
  // It spares the database a credential lookup per request: kept while Redis is away.
  unauthenticated: 'local',
};

/** Requests per address that carry no credential, or one that failed (unauthenticated-budget.ts). */
export const UNAUTHENTICATED_BUCKET = 'unauthenticated';

export const WINDOW_SECONDS = 60;

/** Per minute and seller (per address for `public`) unless configured otherwise. */
export const DEFAULT_PER_MINUTE: Record<LimitClass, number> = {
  creates: 300,
  reads: 1_200,
  lists: 300,
  webhooks: 60,
  public: 300,
};

/** A CSV export reads every matching row: it costs as many list pages. */
export const EXPORT_COST = 10;

/**
 * Failures tolerated before further attempts are refused until the window ends.
 * A TOTP code is valid for at most 90 s (its 30 s step and one step of drift either
 * way) and a step is accepted once: 5 wrong codes per 15 minutes gives a guesser at
 * most 5 tries against about 3 valid codes among 10^6, a chance of 1 in 66,000 per
 * quarter hour, and the address budget caps spraying across users.
 */
export type AbuseBucket = 'login-user' | 'login-address' | 'totp-user' | 'totp-address' | 'signup-address';
export const ABUSE_POLICIES: Record<AbuseBucket, RateLimitPolicy> = {
  'login-user': { points: 5, windowSeconds: 900 },
  'login-address': { points: 20, windowSeconds: 900 },
  'totp-user': { points: 5, windowSeconds: 900 },
  'totp-address': { points: 20, windowSeconds: 900 },
  // Sign-up says EMAIL_TAKEN (a person must learn why it failed; there is no e-mail
  // verification to hide it behind), so each such answer is a probe of who has an
  // account: 10 per hour from one address, then sign-ups from it wait.
  'signup-address': { points: 10, windowSeconds: 3600 },
};
