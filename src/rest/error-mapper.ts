import type { ErrorKind } from '../domain/shared/errors';
import { isDomainError } from '../domain/shared/errors';
import { HttpError } from './http-error';

export const STATUS_OF_KIND: Record<ErrorKind, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
};

export interface ErrorContext {
  path: string;
  requestId: string;
  now: Date;
}

export interface MappedError {
  status: number;
  body: Record<string, unknown>;
  /** Headers the answer carries: `Retry-After` (whole seconds) when the error says when to retry. */
  headers: Record<string, string>;
  /** True when the failure was not expected: log it as an error. */
  unexpected: boolean;
}

const COBRANCA = /^\/api\/v1\/cobranca(\/|$)/;

/** Body-parser and other library errors carry an HTTP status and a type. */
function libraryHttpError(err: unknown): HttpError | null {
  const e = err as { type?: string; status?: number; statusCode?: number } | null;
  if (!e || typeof e !== 'object') return null;
  switch (e.type) {
    case 'entity.parse.failed':
      return new HttpError(400, 'INVALID_JSON', 'request body is not valid JSON');
    case 'entity.too.large':
      return new HttpError(413, 'PAYLOAD_TOO_LARGE', 'request body is larger than the limit');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpError(415, 'UNSUPPORTED_ENCODING', 'request body encoding is not supported');
    case 'request.aborted':
      return new HttpError(400, 'REQUEST_ABORTED', 'request was aborted by the client');
  }
  const status = e.status ?? e.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new HttpError(status, 'BAD_REQUEST', 'the request could not be read');
  }
  return null;
}

/**
 * The one place that turns any error into an HTTP answer. Two documented shapes:
 * validation and business errors under /api/v1/cobranca use {code, message,
 * correlationID}; everything else (and authentication errors everywhere) uses the
 * standard {status, erro, mensagem, requestId, timestamp, path}.
 */
export function mapError(err: unknown, ctx: ErrorContext): MappedError {
  let status: number;
  let code: string;
  let message: string;
  let details: Record<string, unknown> | undefined;
  let unexpected = false;
  if (isDomainError(err)) {
    status = STATUS_OF_KIND[err.kind];
    code = err.code;
    message = err.message;
    details = err.details;
  } else {
    const http = err instanceof HttpError ? err : libraryHttpError(err);
    if (http) {
      status = http.status;
      code = http.code;
      message = http.message;
    } else {
      status = 500;
      code = 'INTERNAL_ERROR';
      message = 'unexpected error; the request id identifies it in the logs';
      unexpected = true;
    }
  }
  const cobrancaShape = COBRANCA.test(ctx.path) && status !== 401 && status < 500;
  const body: Record<string, unknown> = cobrancaShape
    ? { code, message, correlationID: ctx.requestId }
    : { status: false, erro: code, mensagem: message, requestId: ctx.requestId, timestamp: ctx.now.toISOString(), path: ctx.path };
  if (details && Object.keys(details).length > 0) body.details = details;
  const headers: Record<string, string> = {};
  const retryAfter = details?.retryAfterSeconds;
  if (typeof retryAfter === 'number' && Number.isFinite(retryAfter) && retryAfter >= 0) headers['Retry-After'] = String(Math.ceil(retryAfter));
  return { status, body, headers, unexpected };
}
