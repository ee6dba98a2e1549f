import type { User } from '../accounts/accounts.types';
import { requireOperator } from '../accounts/account-errors';
import type { Clock } from '../shared/clock';
import { validationError } from '../shared/errors';
import type { GuardedStore } from './guarded-store';
import { isSellerClass, STORE_DOWN_RULE, WINDOW_SECONDS, type LimitClass, type RateLimitPolicy, type SellerClass } from './rate-limit-classes';
import { decideBucket, uncounted, type RateLimitDecision } from './rate-limit-decision';
import { RateLimitedError } from './rate-limited.error';
import type { SellerRateLimitRepository } from './rate-limits.ports';
import { burstFor } from './token-bucket';

/** Operators' overrides are re-read this often by each instance (a change on this instance applies at once). */
export const OVERRIDES_TTL_MS = 30_000;

export interface SellerRateLimit {
  limitClass: SellerClass;
  perMinute: number;
  /** True when an operator set it for this seller; false for the default. */
  custom: boolean;
}

/**
 * Per-seller and per-address request budgets: token buckets in the shared store that
 * refill at the budget's rate and hold `burstSeconds` worth of it (token-bucket.ts).
 */
export class RateLimitService {
  private readonly cache = new Map<string, { until: number; values: Partial<Record<string, number>> }>();

  constructor(
    private readonly store: GuardedStore,
    private readonly overrides: SellerRateLimitRepository,
    private readonly defaults: Record<LimitClass, number>,
    private readonly clock: Clock,
    private readonly burstSeconds = WINDOW_SECONDS,
  ) {}

  /** Counts `cost` requests of a class against the seller; throws RATE_LIMITED past the budget. */
  async forSeller(sellerId: string, limitClass: SellerClass, cost = 1): Promise<RateLimitDecision> {
    const policy = { points: await this.perMinute(sellerId, limitClass), windowSeconds: WINDOW_SECONDS };
    return this.count(limitClass, `seller:${sellerId}`, policy, cost);
  }

  /** Counts unauthenticated requests per client address. */
  async forAddress(address: string, cost = 1): Promise<RateLimitDecision> {
    return this.count('public', `address:${address}`, { points: this.defaults.public, windowSeconds: WINDOW_SECONDS }, cost);
  }

  async limitsOf(sellerId: string): Promise<SellerRateLimit[]> {
    const values = await this.load(sellerId, true);
    return (Object.keys(this.defaults) as LimitClass[]).filter(isSellerClass).map((c) => ({
      limitClass: c,
      perMinute: values[c] ?? this.defaults[c],
      custom: values[c] !== undefined,
    }));
  }

  /** Operators fit a seller's budget to its contracted volume; null goes back to the default. */
  async setLimit(operator: User, sellerId: string, limitClass: string, perMinute: number | null): Promise<SellerRateLimit[]> {
    requireOperator(operator);
    if (!isSellerClass(limitClass)) throw validationError('INVALID_LIMIT_CLASS', `limit class must be one of ${Object.keys(this.defaults).filter(isSellerClass).join(', ')}`);
    if (perMinute !== null && (!Number.isSafeInteger(perMinute) || perMinute < 1 || perMinute > 1_000_000)) {
      throw validationError('INVALID_RATE_LIMIT', 'perMinute must be an integer from 1 to 1000000, or null for the default');
    }
    await this.overrides.set(sellerId, limitClass, perMinute, this.clock.now());
    this.cache.delete(sellerId);
    return this.limitsOf(sellerId);
  }

  async perMinute(sellerId: string, limitClass: SellerClass): Promise<number> {
    return (await this.load(sellerId, false))[limitClass] ?? this.defaults[limitClass];
  }

  private async count(limitClass: LimitClass, key: string, budget: RateLimitPolicy, requested: number): Promise<RateLimitDecision> {
    const policy = { ...budget, burst: burstFor(budget.points, budget.windowSeconds, this.burstSeconds) };
    // A request dearer than the whole burst (a CSV export on a small budget) needs a full bucket.
    const cost = Math.min(requested, policy.burst);
    const taken = await this.store.take(limitClass, key, policy, cost, STORE_DOWN_RULE[limitClass]);
    const decision = taken ? decideBucket(limitClass, policy, cost, taken) : uncounted(limitClass, budget);
    if (!decision.allowed) throw new RateLimitedError(decision);
    return decision;
  }

  private async load(sellerId: string, fresh: boolean): Promise<Partial<Record<string, number>>> {
    const now = this.clock.now().getTime();
    const hit = this.cache.get(sellerId);
    if (hit && hit.until > now && !fresh) return hit.values;
    const values = await this.overrides.overrides(sellerId);
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(sellerId, { until: now + OVERRIDES_TTL_MS, values });
    return values;
  }
}
