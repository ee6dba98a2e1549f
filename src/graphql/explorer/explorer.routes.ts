import { Router, type Request } from 'express';
import { explorerCsp, explorerPage, EXPLORER_ASSETS_PATH, EXPLORER_SCRIPT } from './explorer-page';
import { loadExplorerAssets } from './explorer-assets';

/** A browser navigating to the GraphQL path (GET, HTML first), not an API client. */
const wantsPage = (req: Request) => req.method === 'GET' && req.accepts(['application/json', 'application/graphql-response+json', 'text/html']) === 'text/html';

/**
 * The GraphQL explorer, entirely served by this service (works offline): the page on a
 * browser's GET of the GraphQL path, its assets under /graphql-explorer.
 */
export function explorerRoutes(graphqlPath: string): Router {
  const assets = loadExplorerAssets();
  const page = explorerPage(graphqlPath);
  const csp = explorerCsp(graphqlPath);
  const router = Router();
  router.get(graphqlPath, (req, res, next) => {
    if (!wantsPage(req)) return next();
    res.type('html').set({ 'Cache-Control': 'no-cache', 'Content-Security-Policy': csp, 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' }).send(page);
  });
  router.get(`${EXPLORER_ASSETS_PATH}/explorer.js`, (_req, res) => {
    res.type('text/javascript; charset=utf-8').set('Cache-Control', 'no-cache').send(EXPLORER_SCRIPT);
  });
  router.get(`${EXPLORER_ASSETS_PATH}/:file`, (req, res, next) => {
    const asset = assets.get(String(req.params.file));
    if (!asset) return next();
    res.set({ 'Content-Type': asset.contentType, 'Cache-Control': 'public, max-age=86400' }).send(asset.body);
  });
  return router;
}
