export { PixPay, type PixPayOptions } from './client.js';
export {
  AuthenticationError,
  ConflictError,
  errorFromResponse,
  IdempotencyInFlightError,
  IdempotencyKeyConflictError,
  InvalidRequestError,
  MfaRequiredError,
  NotFoundError,
  PermissionError,
  PixPayApiError,
  PixPayConnectionError,
  PixPayError,
  RateLimitedError,
  ServerError,
  ServiceUnavailableError,
  UnprocessableEntityError,
  type ErrorFormat,
} from './errors.js';
export { newIdempotencyKey } from './http/idempotency-key.js';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './http/retry-policy.js';
export type { CallOptions, FetchLike } from './http/transport.js';
export { cursorPaged, DEFAULT_PAGE_SIZE, offsetPaged, type OffsetPage, toArray } from './pagination.js';
export type { AppealInput, EvidenceFile } from './resources/disputes.js';
export type { CreateOptions } from './resources/options.js';
export { isSandboxKey, SANDBOX_VALUES } from './sandbox-values.js';
export type * from './types.js';
export type { components, operations, paths } from './generated/schema.js';
