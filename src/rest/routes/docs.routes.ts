import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { Services } from '../../application/services';
import { openApiDocument } from '../openapi/document';
import { openApiJson, openApiYaml } from '../openapi/serialize';
import { docsPage, DOCS_SCRIPT, homePage } from './docs-pages';

const fromSwaggerUi = (file: string): Buffer => readFileSync(join(dirname(require.resolve('swagger-ui-dist/package.json')), file));

// Our pages load only their own scripts and styles; Swagger UI draws its icons as data: SVGs.
const CSP = ["default-src 'self'", "img-src 'self' data:", "style-src 'self' 'unsafe-inline'", "frame-ancestors 'none'", "base-uri 'none'", "form-action 'none'"].join('; ');

function pageHeaders(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Content-Security-Policy', CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  next();
}

/**
 * GET /openapi.json and /openapi.yaml (the document, with `servers` naming this
 * service's public address), GET /docs (Swagger UI from the swagger-ui-dist package,
 * served here: it works offline) and GET / for browsers: links to the docs, the
 * GraphQL explorer and the dashboard. A non-browser asking for / still gets 404.
 */
export function docsRoutes(services: Services): Router {
  const router = Router();
  const served = () => ({ ...openApiDocument(), servers: [{ url: services.publicBaseUrl(), description: 'this service' }] });
  let json: string | undefined;
  let yaml: string | undefined;
  // Swagger UI's files (about 1.5 MB) are read when the docs are first asked for, not at start.
  const assets = new Map<string, { type: string; body: () => Buffer | string }>([
    ['swagger-ui-bundle.js', { type: 'text/javascript; charset=utf-8', body: () => fromSwaggerUi('swagger-ui-bundle.js') }],
    ['swagger-ui.css', { type: 'text/css; charset=utf-8', body: () => fromSwaggerUi('swagger-ui.css') }],
    ['docs.js', { type: 'text/javascript; charset=utf-8', body: () => DOCS_SCRIPT }],
  ]);
  const read = new Map<string, Buffer | string>();

  router.get('/openapi.json', (_req, res) => {
    json ??= openApiJson(served());
    res.type('application/json').setHeader('Cache-Control', 'no-cache');
    res.send(json);
  });
  router.get('/openapi.yaml', (_req, res) => {
    yaml ??= openApiYaml(served());
    res.type('application/yaml').setHeader('Cache-Control', 'no-cache');
    res.send(yaml);
  });
  router.use('/docs/assets', (req, res, next) => {
    const asset = req.method === 'GET' || req.method === 'HEAD' ? assets.get(req.path.slice(1)) : undefined;
    if (!asset) return next();
    res.type(asset.type).setHeader('Cache-Control', 'public, max-age=3600');
    const name = req.path.slice(1);
    let body = read.get(name);
    if (body === undefined) read.set(name, (body = asset.body()));
    res.send(body);
  });
  router.get('/docs', pageHeaders, (_req, res) => {
    res.type('text/html; charset=utf-8').setHeader('Cache-Control', 'no-cache');
    res.send(docsPage());
  });
  router.get('/', (req, res, next) => {
    if (req.accepts(['application/json', 'text/html']) !== 'text/html') return next();
    pageHeaders(req, res, () => {
      res.type('text/html; charset=utf-8').send(homePage({ graphqlExplorer: services.mode === 'sandbox' }));
    });
  });
  return router;
}
