/**
 * Expected failures carry a stable UPPER_SNAKE code and a kind. The kind says what
 * sort of failure it is; each door maps kinds to its own status codes (HTTP status,
 * GraphQL extensions), so the domain knows nothing of transports.
 */
export type ErrorKind =
  | 'VALIDATION' // the input is malformed or breaks a rule (400)
  | 'UNAUTHENTICATED' // missing, invalid or revoked credential (401)
  | 'FORBIDDEN' // authenticated but not allowed (403)
  | 'NOT_FOUND' // unknown id, or an id of another seller (404)
  | 'CONFLICT' // the state of the resource does not allow it (409)
  | 'UNPROCESSABLE' // well-formed but refused by a business rule (422)
  | 'RATE_LIMITED' // too many requests (429)
  | 'UNAVAILABLE'; // a dependency is down (503)

export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly kind: ErrorKind,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const validationError = (code: string, message: string, details?: Record<string, unknown>) =>
  new DomainError(code, message, 'VALIDATION', details);

export const notFound = (code: string, message: string) => new DomainError(code, message, 'NOT_FOUND');

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;
