import type { OpenAPIRegistry, ResponseConfig, RouteConfig, ZodContentObject } from '@asteasolutions/zod-to-openapi';
import {
  AUTH_ERRORS,
  BODY_ERRORS,
  COMMON_ERRORS,
  errorResponses,
  IDEMPOTENCY_ERRORS,
  IDEMPOTENCY_KEY_PARAMETER,
  mergeCodes,
  RATE_LIMIT_ERRORS,
  type ErrorCodes,
  type Limited,
} from './components';
import { z } from './zod';

type RouteParameter = NonNullable<RouteConfig['request']>['query'];

export type Auth = 'apiKey' | 'bearer' | 'institution' | 'metricsToken' | 'none';

export interface Operation {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** OpenAPI template (`/v1/webhooks/{id}`). */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  auth: Auth;
  limited?: Limited;
  params?: RouteParameter;
  query?: RouteParameter;
  headers?: RouteParameter;
  /** A JSON body. */
  body?: z.ZodTypeAny;
  /** A body of another media type (multipart). */
  bodyContent?: ZodContentObject;
  /** The body may be left out (defaults apply). */
  bodyOptional?: boolean;
  idempotent?: boolean;
  /** The route's own error codes; the common ones are added from the other fields. */
  errors?: ErrorCodes;
  responses: Record<number, ResponseConfig>;
  sandboxOnly?: boolean;
}

const SECURITY: Record<Auth, RouteConfig['security']> = {
  // x-api-key paths also read Authorization: Bearer (SPEC, Authentication 3).
  apiKey: [{ apiKey: [] }, { bearer: [] }],
  bearer: [{ bearer: [] }],
  institution: [{ institution: [] }],
  metricsToken: [{ metricsToken: [] }],
  none: [],
};

/**
 * The route's own answers with the errors every route can give. A status both use (the
 * health body of a 503 beside 503 OVERLOADED) documents either body, with the error's
 * codes still listed.
 */
function withErrors(own: Record<number, ResponseConfig>, errors: Record<string, ResponseConfig>): Record<string, ResponseConfig> {
  const out: Record<string, ResponseConfig> = { ...own, ...errors };
  for (const [status, error] of Object.entries(errors)) {
    const mine = own[Number(status)];
    const mineJson = mine?.content?.['application/json'];
    const errorSchema = error.content?.['application/json']?.schema;
    if (!mine || !(mineJson?.schema instanceof z.ZodType) || !(errorSchema instanceof z.ZodType)) continue;
    out[status] = {
      ...error,
      description: `${mine.description}; or ${error.description}`,
      headers: { ...(error.headers as object), ...(mine.headers as object) },
      content: { 'application/json': { ...mineJson, schema: z.union([mineJson.schema, errorSchema]) } },
    };
  }
  return out;
}

/**
 * The seller-facing API (paths a key or a session calls) refuses input its operation does
 * not document: unknown query parameters (400 UNKNOWN_QUERY_PARAMETER) and unknown body
 * fields (400 UNKNOWN_FIELD; the body schemas are strict). The institution's callbacks and
 * the public pages take what they are sent.
 */
export const refusesUnknownInput = (security: RouteConfig['security']): boolean => (security ?? []).some((s) => 'apiKey' in s || 'bearer' in s);

const UNKNOWN_INPUT_ERRORS = (hasBody: boolean): ErrorCodes => ({ 400: hasBody ? ['UNKNOWN_QUERY_PARAMETER', 'UNKNOWN_FIELD'] : ['UNKNOWN_QUERY_PARAMETER'] });

/** Registers one REST operation with its request, success answers and every error it can give. */
export function registerOperation(registry: OpenAPIRegistry, o: Operation): void {
  const limited = o.limited ?? 'none';
  const hasBody = o.body !== undefined || o.bodyContent !== undefined;
  const codes = mergeCodes(
    COMMON_ERRORS,
    o.auth === 'none' ? {} : AUTH_ERRORS,
    limited === 'none' ? {} : RATE_LIMIT_ERRORS,
    hasBody || o.method !== 'get' ? BODY_ERRORS : {},
    o.idempotent ? IDEMPOTENCY_ERRORS : {},
    refusesUnknownInput(SECURITY[o.auth]) ? UNKNOWN_INPUT_ERRORS(hasBody || o.method !== 'get') : {},
    o.errors ?? {},
    // Production mode has no sandbox routes: there they are unknown routes.
    o.sandboxOnly ? { 404: ['ROUTE_NOT_FOUND'] } : {},
  );
  const content: ZodContentObject | undefined = o.body ? { 'application/json': { schema: o.body } } : o.bodyContent;
  registry.registerPath({
    method: o.method,
    path: o.path,
    operationId: o.operationId,
    summary: o.summary,
    ...(o.description ? { description: o.description } : {}),
    tags: [o.sandboxOnly ? 'Sandbox' : o.tag],
    security: SECURITY[o.auth],
    ...(o.idempotent ? { parameters: [IDEMPOTENCY_KEY_PARAMETER] } : {}),
    request: {
      ...(o.params ? { params: o.params } : {}),
      ...(o.query ? { query: o.query } : {}),
      ...(o.headers ? { headers: o.headers } : {}),
      ...(content ? { body: { required: !o.bodyOptional, content } } : {}),
    },
    responses: withErrors(o.responses, errorResponses(o.path, codes, limited)),
    ...(o.sandboxOnly ? { 'x-sandbox-only': true } : {}),
  });
}
