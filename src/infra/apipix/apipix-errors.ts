import { DomainError } from '../../domain/shared/errors';

/** Seconds a client is told to wait when the PSP gave no Retry-After of its own. */
export const DEFAULT_RETRY_AFTER_SECONDS = 5;

/** 503 for the caller: the PSP is down, slow, failing or its circuit is open. Nothing was made. */
export const institutionUnavailable = (why: string, retryAfterSeconds = DEFAULT_RETRY_AFTER_SECONDS) =>
  new DomainError('INSTITUTION_UNAVAILABLE', `the payment institution is unavailable (${why}); try again shortly`, 'UNAVAILABLE', {
    retryAfterSeconds,
  });

/** A failure worth trying again later: no answer, a timeout, 429 or 5xx. */
export class PspTransientError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'PspTransientError';
  }
}

/** The PSP answered 4xx (RFC 7807 problem body when it sent one): our request or our setup is wrong. */
export class PspProblemError extends Error {
  constructor(
    readonly status: number,
    readonly problem: { type?: string; title?: string; detail?: string } | null,
    readonly call: string,
  ) {
    super(`${call} answered ${status}${problem?.title ? ` ${problem.title}` : ''}${problem?.detail ? `: ${problem.detail}` : ''}`);
    this.name = 'PspProblemError';
  }
}

/** Seconds from a Retry-After header (delta seconds or an HTTP date), within bounds. */
export function retryAfterSeconds(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value) : Math.ceil((Date.parse(value) - now) / 1_000);
  return Number.isFinite(seconds) ? Math.min(Math.max(seconds, 1), 300) : undefined;
}
