import { join } from 'node:path';
import express, { Router } from 'express';
import { DomainError } from '../../domain/shared/errors';
import { allowStaticCaching } from '../middleware/no-store';
import { builtFile } from './built-file';
import { GUIDE_PATH } from './guide-path';
import { packageRoot } from './package-root';

/** Where `npm run docs:build` writes the documentation site (VitePress, built for GUIDE_PATH). */
export const GUIDE_DIR = join(packageRoot(__dirname), 'dist', 'guide');

// Everything comes from this service: no font, script or analytics from another host.
// The site's pages carry two small inline scripts (colour scheme), hence 'unsafe-inline'.
const CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/**
 * The documentation site at /guide: static pages, hashed assets cached for good, pages
 * revalidated so a deploy shows at once. `/guide/x` serves `x.html`, as the site links it.
 */
export function guideRoutes(dir = GUIDE_DIR): Router {
  const router = Router();
  const built = builtFile(join(dir, 'index.html'));
  router.get(GUIDE_PATH, (req, res, next) => (req.path.endsWith('/') ? next() : res.redirect(301, `${GUIDE_PATH}/`)));
  router.use(GUIDE_PATH, (_req, res, next) => {
    if (!built()) throw new DomainError('GUIDE_NOT_BUILT', 'the documentation site is not built: run npm run docs:build', 'UNAVAILABLE');
    res.setHeader('Content-Security-Policy', CSP);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    next();
  });
  router.use(`${GUIDE_PATH}/assets`, allowStaticCaching, express.static(join(dir, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: true }));
  router.use(GUIDE_PATH, allowStaticCaching, express.static(dir, { extensions: ['html'], index: ['index.html'], cacheControl: true, maxAge: 0, fallthrough: true }));
  return router;
}
