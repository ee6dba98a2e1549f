import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';

interface RouteLayer {
  route?: { path: string | string[] };
  handle?: { stack?: RouteLayer[] };
}

const isUnder = (path: string, prefix: string) => path.startsWith(prefix) && (path.length === prefix.length || prefix.endsWith('/') || path[prefix.length] === '/');

function routePaths(stack: RouteLayer[], out: string[] = []): string[] {
  for (const layer of stack) {
    if (layer.route) out.push(...([] as string[]).concat(layer.route.path));
    else if (layer.handle?.stack) routePaths(layer.handle.stack, out);
  }
  return out;
}

/**
 * Mounts `router` so that only requests under one of `prefixes` enter it. Express walks
 * every layer of every router mounted without a path, and each router entered costs
 * closures and path matching on every request; the API's routers hold about fifty
 * routes. Paths compare case-insensitively, as Express routes do. Every route of the
 * router must lie under a prefix: checked here, at start, so a new route cannot end up
 * unreachable. The router's layers stay visible (`stack`) to whatever lists the routes.
 */
export function routedUnder(prefixes: string[], router: Router): RequestHandler & { stack: Router['stack'] } {
  const lower = prefixes.map((p) => p.toLowerCase());
  const outside = routePaths(router.stack as RouteLayer[]).filter((path) => !lower.some((p) => isUnder(path.toLowerCase(), p)));
  if (outside.length > 0) throw new Error(`routes outside their prefixes (${prefixes.join(', ')}): ${outside.join(', ')}`);
  const guard = (req: Request, res: Response, next: NextFunction): void => {
    const path = req.path.toLowerCase();
    if (lower.some((p) => isUnder(path, p))) router(req, res, next);
    else next();
  };
  return Object.assign(guard, { stack: router.stack });
}
