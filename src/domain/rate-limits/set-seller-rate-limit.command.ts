import type { User } from '../accounts/accounts.types';
import type { RateLimitService, SellerRateLimit } from './rate-limit.service';

/** `perMinute` null restores the default; the service checks the class and the range. */
export type SetSellerRateLimit = (r: { operator: User; sellerId: string; limitClass: string; perMinute: number | null }) => Promise<SellerRateLimit[]>;

/** Operators fit a seller's request budget for one class; the answer is all the seller's budgets. */
export function setSellerRateLimitCommand(d: { rateLimits: Pick<RateLimitService, 'setLimit'> }): SetSellerRateLimit {
  return ({ operator, sellerId, limitClass, perMinute }) => d.rateLimits.setLimit(operator, sellerId, limitClass, perMinute);
}
