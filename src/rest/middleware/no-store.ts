import type { NextFunction, Request, Response } from 'express';

/**
 * `Cache-Control: no-store` on every answer unless its route says otherwise. API answers
 * carry balances, personal data and secrets (the postback secret), and even the public
 * ones (health, a charge's location, a boleto page) describe a state that changes, so
 * no browser, proxy or CDN may keep a copy. Only what is the same for everyone and never
 * changes opts in to caching, by setting its own header: QR images (immutable), the
 * dashboard's hashed assets, the explorer's and the docs' files.
 */
export function noStoreByDefault(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Cache-Control', 'no-store');
  next();
}

/** For static files served by `send`, which keeps a Cache-Control already set: let it set its own. */
export function allowStaticCaching(_req: Request, res: Response, next: NextFunction): void {
  res.removeHeader('Cache-Control');
  next();
}
