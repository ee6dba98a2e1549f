import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { NextFunction, Request, Response } from 'express';
import { z } from 'zod';
import { validationError } from '../../domain/shared/errors';
import { openApiRegistry } from '../openapi/document';
import { refusesUnknownInput } from '../openapi/operation';

interface DocumentedInput {
  method: string;
  path: RegExp;
  /** Literal characters of the template: the most specific template wins. */
  weight: number;
  query: ReadonlySet<string>;
  hasBody: boolean;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/v1/webhooks/{id}/test` as a pattern of Express paths. */
function pathPattern(template: string): RegExp {
  return new RegExp(`^${template.split(/\{[^}]+\}/).map(escape).join('[^/]+')}/?$`);
}

/** What each seller-facing operation documents: its query parameters and whether it has a body. */
function documentedInputs(): DocumentedInput[] {
  const routes: DocumentedInput[] = [];
  for (const d of openApiRegistry().definitions) {
    if (d.type !== 'route' || !refusesUnknownInput(d.route.security)) continue;
    const r: RouteConfig = d.route;
    routes.push({
      method: r.method.toUpperCase(),
      path: pathPattern(r.path),
      weight: r.path.replace(/\{[^}]+\}/g, '').length,
      query: new Set(r.request?.query ? Object.keys(shapeOf(r.request.query)) : []),
      hasBody: r.request?.body !== undefined,
    });
  }
  return routes.sort((a, b) => b.weight - a.weight);
}

/** The keys of an object schema, under any refinements or transforms around it. */
function shapeOf(schema: z.ZodTypeAny): z.ZodRawShape {
  let s = schema;
  while (s instanceof z.ZodEffects) s = s.innerType();
  if (!(s instanceof z.ZodObject)) throw new Error('a documented query must be an object schema');
  return s.shape as z.ZodRawShape;
}

const names = (list: string[]) => list.map((n) => JSON.stringify(n)).join(', ');

/**
 * Refuses, with a 400 that names them, query parameters the operation does not document
 * (UNKNOWN_QUERY_PARAMETER) and a body sent to an operation that takes none (UNKNOWN_FIELD).
 * A misspelt parameter is never read as absent: in a money API a silent default is a wrong
 * charge. The fields of documented bodies are checked by their strict schemas.
 */
export function refuseUndocumentedInput() {
  let documented: DocumentedInput[] | undefined;
  return (req: Request, _res: Response, next: NextFunction): void => {
    const query = Object.keys(req.query as object);
    const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? Object.keys(req.body as object) : [];
    if (query.length === 0 && body.length === 0) return next();
    documented ??= documentedInputs();
    const op = documented.find((o) => o.method === req.method && o.path.test(req.path));
    if (!op) return next(); // not an operation of the API: its own 404 or 405 follows
    const unknownQuery = query.filter((q) => !op.query.has(q));
    if (unknownQuery.length > 0) {
      const message = `unknown query parameter${unknownQuery.length > 1 ? 's' : ''} ${names(unknownQuery)}${op.query.size ? `; this path reads ${names([...op.query])}` : '; this path reads none'}`;
      return next(validationError('UNKNOWN_QUERY_PARAMETER', message, { field: unknownQuery[0]!, parameters: unknownQuery }));
    }
    if (!op.hasBody && body.length > 0) {
      return next(validationError('UNKNOWN_FIELD', `unknown field${body.length > 1 ? 's' : ''} ${names(body)}; this path takes no body`, { field: body[0]!, fields: body }));
    }
    next();
  };
}
