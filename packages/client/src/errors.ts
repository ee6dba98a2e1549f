/**
 * What the SDK throws. Every error carries a stable `code`: the service's own code for an
 * answer (`erro` of the standard format, `code` of the `{code, message, correlationID}`
 * format of `/api/v1/cobranca/*`), `CONNECTION_ERROR` when no answer came, or the reason
 * a webhook failed verification. Branch on `code` or on the class, never on `message`.
 */
export class PixPayError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** No answer: the address is unreachable, the connection broke, or the call was aborted. */
export class PixPayConnectionError extends PixPayError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('CONNECTION_ERROR', message, options);
  }
}

/** Which of the service's two error formats the answer used. */
export type ErrorFormat = 'standard' | 'cobranca' | 'other';

export interface ApiErrorFields {
  statusCode: number;
  code: string;
  message: string;
  requestId: string | null;
  details: Record<string, unknown> | null;
  retryAfterSeconds: number | null;
  format: ErrorFormat;
  body: unknown;
}

/** An answer with an error status. `body` is the answer as received. */
export class PixPayApiError extends PixPayError {
  readonly statusCode: number;
  /** `requestId` of the standard format, `correlationID` of the cobranca one, else the `X-Request-Id` header. */
  readonly requestId: string | null;
  readonly details: Record<string, unknown> | null;
  /** `Retry-After` in seconds, when the service said when to try again. */
  readonly retryAfterSeconds: number | null;
  readonly format: ErrorFormat;
  readonly body: unknown;

  constructor(f: ApiErrorFields) {
    super(f.code, f.message);
    this.statusCode = f.statusCode;
    this.requestId = f.requestId;
    this.details = f.details;
    this.retryAfterSeconds = f.retryAfterSeconds;
    this.format = f.format;
    this.body = f.body;
  }
}

/** 400, 413, 415: the request was refused as sent (validation codes such as `AMOUNT_TOO_LOW`). */
export class InvalidRequestError extends PixPayApiError {}
/** 401: missing, invalid or revoked key, or a key of the other mode. */
export class AuthenticationError extends PixPayApiError {}
/** 403: the credential may not do this (`SELLER_NOT_APPROVED`, `SELLER_REQUIRED`, ...). */
export class PermissionError extends PixPayApiError {}
/** 403 `MFA_REQUIRED`: a withdrawal needs the current code of the owner's authenticator (`totpCode`). */
export class MfaRequiredError extends PermissionError {}
/** 404: unknown id (another seller's ids look unknown too). */
export class NotFoundError extends PixPayApiError {}
/** 409: the resource's state does not allow it. */
export class ConflictError extends PixPayApiError {}
/** 409 `IDEMPOTENCY_IN_FLIGHT`: the first request with this key still runs; retried by the SDK. */
export class IdempotencyInFlightError extends ConflictError {}
/** 422: a business rule refused it (`INSUFFICIENT_BALANCE`, ...). */
export class UnprocessableEntityError extends PixPayApiError {}
/** 422 `IDEMPOTENCY_KEY_CONFLICT`: the key was used before with another request. */
export class IdempotencyKeyConflictError extends UnprocessableEntityError {}
/** 429 `RATE_LIMITED`: a budget is spent; retried by the SDK while `Retry-After` is short enough. */
export class RateLimitedError extends PixPayApiError {}
/** 503: overloaded or a dependency is down; retried by the SDK. */
export class ServiceUnavailableError extends PixPayApiError {}
/** Another 5xx. */
export class ServerError extends PixPayApiError {}

type ApiErrorClass = new (f: ApiErrorFields) => PixPayApiError;

/** Codes with a class of their own, under the status they are documented with. */
const BY_CODE: Record<string, { status: number; type: ApiErrorClass }> = {
  MFA_REQUIRED: { status: 403, type: MfaRequiredError },
  IDEMPOTENCY_IN_FLIGHT: { status: 409, type: IdempotencyInFlightError },
  IDEMPOTENCY_KEY_CONFLICT: { status: 422, type: IdempotencyKeyConflictError },
};

const BY_STATUS: Record<number, ApiErrorClass> = {
  400: InvalidRequestError,
  401: AuthenticationError,
  403: PermissionError,
  404: NotFoundError,
  409: ConflictError,
  413: InvalidRequestError,
  415: InvalidRequestError,
  422: UnprocessableEntityError,
  429: RateLimitedError,
  503: ServiceUnavailableError,
};

function classFor(statusCode: number, code: string): ApiErrorClass {
  const special = Object.hasOwn(BY_CODE, code) ? BY_CODE[code] : undefined;
  if (special?.status === statusCode) return special.type;
  return BY_STATUS[statusCode] ?? (statusCode >= 500 ? ServerError : PixPayApiError);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

/** `Retry-After` as seconds: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The typed error for an error answer, whichever of the service's two formats it used. */
export function errorFromResponse(response: Response, body: unknown): PixPayApiError {
  const standard = isRecord(body) && text(body['erro']) !== null;
  const cobranca = !standard && isRecord(body) && text(body['code']) !== null;
  const record = isRecord(body) ? body : {};
  const code = (standard ? text(record['erro']) : cobranca ? text(record['code']) : null) ?? `HTTP_${response.status}`;
  const message =
    (standard ? text(record['mensagem']) : cobranca ? text(record['message']) : null) ??
    (typeof body === 'string' && body.length > 0 ? body.slice(0, 500) : `HTTP ${response.status} ${response.statusText}`.trim());
  const details = isRecord(record['details']) ? record['details'] : null;
  const hinted = details && typeof details['retryAfterSeconds'] === 'number' ? details['retryAfterSeconds'] : null;
  const fields: ApiErrorFields = {
    statusCode: response.status,
    code,
    message,
    requestId: text(record[standard ? 'requestId' : 'correlationID']) ?? response.headers.get('x-request-id'),
    details,
    retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')) ?? hinted,
    format: standard ? 'standard' : cobranca ? 'cobranca' : 'other',
    body,
  };
  return new (classFor(response.status, code))(fields);
}
