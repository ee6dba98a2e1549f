import { join } from 'node:path';
import express, { Router } from 'express';
import { DomainError } from '../../domain/shared/errors';
import { allowStaticCaching } from '../middleware/no-store';
import { builtFile } from './built-file';
import { packageRoot } from './package-root';

export const DASHBOARD_PATH = '/dashboard';

/** Where `npm run build:web` writes the seller dashboard. */
export const DASHBOARD_DIR = join(packageRoot(__dirname), 'dist', 'web');

// The app talks only to its own origin: 'self' covers its GraphQL WebSocket too (CSP level 3
// matches ws: and wss: of the page's own host), so no socket to another host is allowed.
// QR images may be data URIs.
const CSP = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/**
 * The seller dashboard: the built single-page app, served from this service (no CDN).
 * Hashed assets are cached for good; index.html is revalidated so a deploy shows at once.
 */
export function dashboardRoutes(dir = DASHBOARD_DIR): Router {
  const router = Router();
  const index = join(dir, 'index.html');
  const built = builtFile(index);
  // Routing is not strict (/dashboard matches /dashboard/ too): redirect only the bare path.
  router.get(DASHBOARD_PATH, (req, res, next) => (req.path.endsWith('/') ? next() : res.redirect(301, `${DASHBOARD_PATH}/`)));
  router.use(DASHBOARD_PATH, (_req, res, next) => {
    res.setHeader('Content-Security-Policy', CSP);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    next();
  });
  router.use(`${DASHBOARD_PATH}/assets`, allowStaticCaching, express.static(join(dir, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: true }));
  router.get(`${DASHBOARD_PATH}/`, (_req, res) => {
    if (!built()) throw new DomainError('DASHBOARD_NOT_BUILT', 'the dashboard is not built: run npm run build:web', 'UNAVAILABLE');
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return router;
}
