import type { NextFunction, Request, Response } from 'express';
import type { Services } from '../../application/services';
import type { Principal, Seller } from '../../domain/accounts/accounts.types';
import { authenticateCredential } from '../../domain/accounts/authenticate-credential';
import { browserSessionToken, CSRF_HEADER } from '../../domain/accounts/browser-session';
import { unauthenticated } from '../../domain/accounts/account-errors';
import { DomainError, isDomainError } from '../../domain/shared/errors';
import { clientAddress } from '../client-address';
import { requestPresentsCredential } from './unauthenticated-gate';
import { markAuthenticates } from '../route-budget';

function bearer(req: Request): string | undefined {
  const h = req.header('authorization');
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m?.[1];
}

/**
 * `x-api-key` (or Bearer, as the sandbox reference shows) for /api/v1/cobranca/* and
 * /v1/disputes/appeal; `Authorization: Bearer` for wallet, balance, statement and
 * data-subject paths. Without either, the dashboard's session cookie with its CSRF
 * header (the dashboard's evidence downloads).
 */
export function authenticate(services: Services, accept: 'apiKeyHeader' | 'bearer') {
  return markAuthenticates(async (req: Request, res: Response, next: NextFunction) => {
    try {
      const credential =
        (accept === 'apiKeyHeader' ? req.header('x-api-key') : undefined) ?? bearer(req) ?? browserSessionToken(req.headers.cookie, req.header(CSRF_HEADER)) ?? undefined;
      if (!credential) throw unauthenticated(missingCredentialMessage(req, accept));
      res.locals.principal = await authenticateCredential(services, credential);
      next();
    } catch (e) {
      // A request that claimed a credential and failed spends the address's unauthenticated
      // budget here (one that claimed none spent it at the gate, before its body was read).
      if (isDomainError(e) && e.code === 'UNAUTHENTICATED' && requestPresentsCredential(req)) {
        await services.unauthenticatedBudget.failed(clientAddress(req));
      }
      next(e);
    }
  });
}

/** Names the header the path expects, and what was sent instead, so a caller can fix the call. */
export function missingCredentialMessage(req: Request, accept: 'apiKeyHeader' | 'bearer'): string {
  const expected = accept === 'apiKeyHeader' ? 'send your API key in the x-api-key header (or Authorization: Bearer <key>)' : 'send Authorization: Bearer <API key or session token>';
  if (accept === 'bearer' && req.header('x-api-key')) return `credential missing: this path does not read x-api-key; ${expected}`;
  if (req.header('authorization')) return `credential missing: the Authorization header must be "Bearer <key>"; ${expected}`;
  return `credential missing: ${expected}`;
}

export function principalOf(res: Response): Principal {
  return res.locals.principal as Principal;
}

/** The seller behind the credential; 403 when the user has no linked seller. */
export function sellerOf(res: Response): Seller {
  const p = principalOf(res);
  if (p.kind === 'apiKey') return p.seller;
  if (!p.seller) throw new DomainError('SELLER_REQUIRED', 'this user has no linked seller', 'FORBIDDEN');
  return p.seller;
}
