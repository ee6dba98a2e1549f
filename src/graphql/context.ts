import type { Services } from '../application/services';
import type { Principal, Seller, User } from '../domain/accounts/accounts.types';
import { requireOperator, unauthenticated } from '../domain/accounts/account-errors';
import { DomainError } from '../domain/shared/errors';
import type { RefundLoader } from './refund-loader';
import type { SessionCookies } from './session-cookies';

export interface GqlContext {
  services: Services;
  principal: Principal | null;
  requestId: string;
  /** The client's address (brute-force guards and unauthenticated budgets count per address). */
  address: string;
  /** The dashboard's session cookies on the HTTP answer; null on a WebSocket. */
  sessionCookies: SessionCookies | null;
  /** Reads a page's transactions' refunds together (one per operation). */
  refunds: RefundLoader;
}

export function requirePrincipal(ctx: GqlContext): Principal {
  if (!ctx.principal) throw unauthenticated('log in or send an API key');
  return ctx.principal;
}

/** Dashboard-only operations (keys, 2FA, log out) need a person's session, not an API key. */
export function requireSession(ctx: GqlContext): Extract<Principal, { kind: 'session' }> {
  const p = requirePrincipal(ctx);
  if (p.kind !== 'session') throw new DomainError('SESSION_REQUIRED', 'this operation needs a dashboard session', 'FORBIDDEN');
  return p;
}

export function requireSessionUser(ctx: GqlContext): User {
  return requireSession(ctx).user;
}

export function requireSeller(ctx: GqlContext): Seller {
  const p = requirePrincipal(ctx);
  if (!p.seller) throw new DomainError('SELLER_REQUIRED', 'this user has no linked seller', 'FORBIDDEN');
  return p.seller;
}

export function requireOperatorUser(ctx: GqlContext): User {
  const user = requireSessionUser(ctx);
  requireOperator(user);
  return user;
}
