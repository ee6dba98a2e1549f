import type { OpenAPIRegistry, ResponseConfig } from '@asteasolutions/zod-to-openapi';
import type { HeaderObject } from 'openapi3-ts/oas31';
import { z } from './zod';

/** The two error formats of the REST door (see error-mapper.ts). */
export type ErrorFormat = 'standard' | 'cobranca';

/** Response codes of one status, e.g. `{ 400: ['INVALID_TAKE'], 404: ['TRANSACTION_NOT_FOUND'] }`. */
export type ErrorCodes = Partial<Record<number, readonly string[]>>;

/** Extension on an error response listing the stable codes it can carry (checked by the contract tests). */
export const ERROR_CODES_EXTENSION = 'x-error-codes';

export const StandardError = z
  .object({
    status: z.literal(false),
    erro: z.string().describe('stable UPPER_SNAKE error code'),
    mensagem: z.string().describe('human-readable message'),
    requestId: z.string().describe('the X-Request-Id of the request'),
    timestamp: z.string().datetime().describe('ISO 8601'),
    path: z.string(),
    details: z.record(z.unknown()).optional().describe('what failed (field, limits, retryAfterSeconds, ...)'),
  })
  .strict()
  .openapi('StandardError', {
    description: 'The standard error format: every error outside /api/v1/cobranca, and authentication and server errors there.',
    example: {
      status: false,
      erro: 'UNAUTHENTICATED',
      mensagem: 'missing, invalid or revoked credential',
      requestId: '6f1c2a4e-5d1b-4f7a-9a51-2b1f0c9e8d77',
      timestamp: '2026-05-04T12:00:00.000Z',
      path: '/balance-statement',
    },
  });

export const CobrancaError = z
  .object({
    code: z.string().describe('stable UPPER_SNAKE error code'),
    message: z.string(),
    correlationID: z.string().describe('the X-Request-Id of the request'),
    details: z.record(z.unknown()).optional(),
  })
  .strict()
  .openapi('CobrancaError', {
    description: 'Validation and business errors under /api/v1/cobranca (SPEC, Errors 2).',
    example: { code: 'AMOUNT_TOO_LOW', message: 'amount must be at least 1 cent', correlationID: '6f1c2a4e-5d1b-4f7a-9a51-2b1f0c9e8d77', details: { field: 'amount' } },
  });

const HEADERS: Record<string, HeaderObject> = {
  'X-Request-Id': { description: "The request's id: the caller's when well formed (8 to 128 of [A-Za-z0-9._:-]), else a new UUID.", schema: { type: 'string' } },
  RateLimit: { description: 'Remaining budget of the limited class (IETF RateLimit fields draft): `"<class>";r=<remaining>;t=<seconds to reset>`.', schema: { type: 'string' } },
  'RateLimit-Policy': { description: 'The budget of the class: `"<class>";q=<quota>;w=<window seconds>`.', schema: { type: 'string' } },
  'Retry-After': { description: 'Whole seconds to wait before retrying.', schema: { type: 'string', pattern: '^\\d+$' } },
  'Idempotent-Replayed': { description: '`true` when this is the stored answer of an earlier request with the same Idempotency-Key.', schema: { type: 'string', enum: ['true'] } },
};

type HeaderName = 'X-Request-Id' | 'RateLimit' | 'RateLimit-Policy' | 'Retry-After' | 'Idempotent-Replayed';
const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** Security schemes, reusable headers and the Idempotency-Key parameter. */
export function registerCommonComponents(registry: OpenAPIRegistry): void {
  registry.registerComponent('securitySchemes', 'apiKey', {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description: 'An API key (`sk_test_...` in the sandbox, `sk_live_...` in production). Paths that read x-api-key also accept `Authorization: Bearer <key>`.',
  });
  registry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key or a dashboard session token (`sess_...`) as `Authorization: Bearer <token>`.',
  });
  registry.registerComponent('securitySchemes', 'institution', {
    type: 'apiKey',
    in: 'header',
    name: 'X-Callback-Signature',
    description:
      "A signed body: `X-Callback-Timestamp` (unix seconds, within 300 s of the server's clock) and `X-Callback-Signature` = `v1=` + Base64URL (no padding) of HMAC-SHA256(`INSTITUTION_CALLBACK_SECRET`, `<timestamp>.<raw body>`).",
  });
  registry.registerComponent('securitySchemes', 'metricsToken', { type: 'http', scheme: 'bearer', description: '`METRICS_TOKEN`.' });
  for (const [name, header] of Object.entries(HEADERS)) registry.registerComponent('headers', name, header);
  registry.registerComponent('parameters', 'IdempotencyKey', {
    name: 'Idempotency-Key',
    in: 'header',
    required: true,
    description:
      'At most 128 printable characters, UUID v4 recommended. Same key and same request: the stored answer (same status, `Idempotent-Replayed: true`); same key, different request: 422 IDEMPOTENCY_KEY_CONFLICT; original still running: 409 IDEMPOTENCY_IN_FLIGHT with Retry-After.',
    schema: { type: 'string', minLength: 1, maxLength: 128 },
    example: '0b9f3c64-3c1e-4b8e-9d7c-5a1f2e3d4c5b',
  });
}

export const IDEMPOTENCY_KEY_PARAMETER = ref('parameters', 'IdempotencyKey');

/** Response headers by reference. */
export function headers(...names: HeaderName[]): Record<string, { $ref: string }> {
  return Object.fromEntries(['X-Request-Id' as HeaderName, ...names].map((n) => [n, ref('headers', n)]));
}

export type Limited = 'seller' | 'address' | 'none';

const limitHeaders = (limited: Limited): HeaderName[] => (limited === 'none' ? [] : ['RateLimit', 'RateLimit-Policy']);

/** `{status: true, data}` (SPEC's envelope). */
export function envelope<T extends z.ZodTypeAny>(data: T) {
  return z.object({ status: z.literal(true), data }).strict();
}

/** A JSON success response. */
export function ok(description: string, schema: z.ZodTypeAny, o: { limited?: Limited; example?: unknown; extraHeaders?: HeaderName[] } = {}): ResponseConfig {
  return {
    description,
    headers: headers(...limitHeaders(o.limited ?? 'none'), ...(o.extraHeaders ?? [])),
    content: { 'application/json': { schema, ...(o.example !== undefined ? { example: o.example } : {}) } },
  };
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid request',
  401: 'Missing, invalid or revoked credential',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict with the current state',
  413: 'Body too large',
  415: 'Unsupported media type',
  422: 'Refused by a business rule',
  429: 'Rate limited',
  500: 'Unexpected error',
  503: 'Unavailable; retry later',
};

/** What any route behind the common middleware can answer (transport, text, overload, outage). */
export const COMMON_ERRORS: ErrorCodes = {
  400: ['INVALID_TEXT', 'BAD_REQUEST'],
  500: ['INTERNAL_ERROR'],
  503: ['OVERLOADED', 'DATABASE_UNAVAILABLE'],
};

/** What a route with a JSON body can answer besides its own codes. */
export const BODY_ERRORS: ErrorCodes = {
  400: ['INVALID_JSON', 'REQUEST_ABORTED'],
  413: ['PAYLOAD_TOO_LARGE'],
  415: ['UNSUPPORTED_MEDIA_TYPE', 'UNSUPPORTED_ENCODING'],
};

export const AUTH_ERRORS: ErrorCodes = { 401: ['UNAUTHENTICATED'] };
export const RATE_LIMIT_ERRORS: ErrorCodes = { 429: ['RATE_LIMITED'] };
export const IDEMPOTENCY_ERRORS: ErrorCodes = {
  400: ['IDEMPOTENCY_KEY_REQUIRED', 'IDEMPOTENCY_KEY_TOO_LONG', 'IDEMPOTENCY_KEY_INVALID'],
  409: ['IDEMPOTENCY_IN_FLIGHT'],
  422: ['IDEMPOTENCY_KEY_CONFLICT'],
};

export function mergeCodes(...sets: ErrorCodes[]): ErrorCodes {
  const out: Record<number, string[]> = {};
  for (const set of sets) {
    for (const [status, codes] of Object.entries(set)) {
      const list = (out[Number(status)] ??= []);
      for (const c of codes ?? []) if (!list.includes(c)) list.push(c);
    }
  }
  return out;
}

/**
 * Error responses, one per status, in the format the path answers with: under
 * /api/v1/cobranca every error but 401 and 5xx is a CobrancaError. Each lists its codes
 * in its description and in `x-error-codes`.
 */
export function errorResponses(path: string, codes: ErrorCodes, limited: Limited): Record<string, ResponseConfig> {
  const cobranca = /^\/api\/v1\/cobranca(\/|$)/.test(path);
  const out: Record<string, ResponseConfig> = {};
  for (const [key, list] of Object.entries(codes).sort(([a], [b]) => Number(a) - Number(b))) {
    const status = Number(key);
    const schema = cobranca && status !== 401 && status < 500 ? CobrancaError : StandardError;
    const retry: HeaderName[] = status === 429 || status === 503 || (list ?? []).includes('IDEMPOTENCY_IN_FLIGHT') ? ['Retry-After'] : [];
    // Errors after the request was counted (all but 401 and the transport errors before it) carry the budget too.
    const rate: HeaderName[] = limited !== 'none' && status !== 401 ? ['RateLimit', 'RateLimit-Policy'] : [];
    out[key] = {
      description: `${STATUS_TEXT[status] ?? 'Error'}: ${(list ?? []).join(', ')}`,
      headers: headers(...rate, ...retry),
      content: { 'application/json': { schema } },
      ...{ [ERROR_CODES_EXTENSION]: [...(list ?? [])] },
    } as ResponseConfig;
  }
  return out;
}
