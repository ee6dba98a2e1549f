import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import { unbudgetedRoutes } from './route-budget';

interface RouteLayer {
  route?: { path: string | string[]; stack?: { method?: string; handle: unknown }[] };
  handle?: { stack?: RouteLayer[] };
}

const isUnder = (path: string, prefix: string) => path.startsWith(prefix) && (path.length === prefix.length || prefix.endsWith('/') || path[prefix.length] === '/');

function routesOf(stack: RouteLayer[], out: { path: string; handlers: unknown[] }[] = []): { path: string; handlers: unknown[] }[] {
  for (const layer of stack) {
    if (layer.route) {
      const handlers = (layer.route.stack ?? []).map((l) => l.handle);
      for (const path of ([] as string[]).concat(layer.route.path)) out.push({ path, handlers });
    } else if (layer.handle?.stack) routesOf(layer.handle.stack, out);
  }
  return out;
}

/**
 * Mounts `router` so that only requests under one of `prefixes` enter it. Express walks
 * every layer of every router mounted without a path, and each router entered costs
 * closures and path matching on every request; the API's routers hold about fifty
 * routes. Paths compare case-insensitively, as Express routes do. Every route of the
 * router must lie under a prefix: checked here, at start, so a new route cannot end up
 * unreachable; so must spending a budget on every authenticated route (route-budget.ts).
 * The router's layers stay visible (`stack`) to whatever lists the routes.
 */
export function routedUnder(prefixes: string[], router: Router): RequestHandler & { stack: Router['stack'] } {
  const lower = prefixes.map((p) => p.toLowerCase());
  const routes = routesOf(router.stack as RouteLayer[]);
  const outside = routes.map((r) => r.path).filter((path) => !lower.some((p) => isUnder(path.toLowerCase(), p)));
  if (outside.length > 0) throw new Error(`routes outside their prefixes (${prefixes.join(', ')}): ${outside.join(', ')}`);
  const unbudgeted = unbudgetedRoutes(routes);
  if (unbudgeted.length > 0) throw new Error(`authenticated routes without a rate-limit budget (use rateLimited): ${unbudgeted.join(', ')}`);
  const guard = (req: Request, res: Response, next: NextFunction): void => {
    const path = req.path.toLowerCase();
    if (lower.some((p) => isUnder(path, p))) router(req, res, next);
    else next();
  };
  return Object.assign(guard, { stack: router.stack });
}
