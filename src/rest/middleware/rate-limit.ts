import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Services } from '../../application/services';
import { budgetOwner } from '../../domain/rate-limits/budget-owner';
import type { RateLimitDecision } from '../../domain/rate-limits/rate-limit-decision';
import { restLimitClass } from '../limit-class';
import { setRateLimitHeaders } from '../rate-limit-headers';
import { principalOf } from './auth';
import { markSpendsBudget } from '../route-budget';
import { clientAddress } from '../client-address';

export { clientAddress };

async function apply(res: Response, next: NextFunction, count: () => Promise<RateLimitDecision>): Promise<void> {
  try {
    setRateLimitHeaders(res, await count());
    next();
  } catch (e) {
    next(e);
  }
}

/** After authentication: counts the request against its seller's budget for the request's class. */
export function sellerRateLimit(services: Services) {
  return (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const { limitClass, cost } = restLimitClass(req.method, req.path, req.query as Record<string, unknown>);
    return apply(res, next, () => services.rateLimits.forSeller(budgetOwner(principalOf(res)), limitClass, cost));
  };
}


/** Unauthenticated paths: counted per client address. */
export function addressRateLimit(services: Services) {
  return markSpendsBudget((req: Request, res: Response, next: NextFunction): Promise<void> => apply(res, next, () => services.rateLimits.forAddress(clientAddress(req))));
}

/** `authenticate(...)` followed by the seller's rate limit, as one handler for a route. */
export function rateLimited(services: Services, authenticate: RequestHandler): RequestHandler {
  const limit = sellerRateLimit(services);
  return markSpendsBudget((req, res, next) => authenticate(req, res, (err?: unknown) => (err ? next(err) : limit(req, res, next))));
}
