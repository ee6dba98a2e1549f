import type { Principal } from '../accounts/accounts.types';

/**
 * Whose budget a request spends: the seller, whatever the credential (its API keys
 * and its users' dashboard sessions share one budget, so a session cannot be used to
 * get past the API's limits); a user without a seller spends its own.
 */
export function budgetOwner(p: Principal): string {
  return p.seller ? p.seller.id : `user:${p.user.id}`;
}
