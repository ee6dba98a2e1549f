import createClient, { type Client } from 'openapi-fetch';
import { errorFromResponse, PixPayConnectionError } from '../errors.js';
import type { paths } from '../generated/schema.js';
import { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from './retry-policy.js';

export type FetchLike = (request: Request) => Promise<Response>;

export interface TransportOptions {
  /** An API key (`sk_test_...`, `sk_live_...`) or a dashboard session token; sent as `Authorization: Bearer`. */
  apiKey: string;
  /** Where the service is, e.g. `http://127.0.0.1:3000`. */
  baseUrl: string;
  /** Retries after the first attempt of a call answered 409 `IDEMPOTENCY_IN_FLIGHT`, 429 or 503 (default 2). */
  maxRetries?: number;
  /** A `Retry-After` longer than this is not waited for (default 60). */
  maxRetryAfterSeconds?: number;
  /** Headers sent on every call. */
  headers?: Record<string, string>;
  /** Replaces the global fetch (a proxy agent, logging, tests). */
  fetch?: FetchLike;
  /** How the SDK waits between attempts (default: a timer). */
  sleep?: (ms: number) => Promise<void>;
}

/** Per-call options every method takes last. */
export interface CallOptions {
  /** Overrides the client's maxRetries for this call. */
  maxRetries?: number;
  signal?: AbortSignal;
}

export interface ApiResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

type Attempt<T> = (init: { signal?: AbortSignal }) => Promise<ApiResult<T>>;

const timer = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The one place under every call (as in Stripe's SDKs): authentication, the retry loop
 * with `Retry-After`, and turning error answers into typed errors. `api` is the client
 * generated from the contract's types (openapi-fetch); resources call it through `send`.
 */
export class Transport {
  readonly api: Client<paths>;
  private readonly policy: RetryPolicy;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(o: TransportOptions) {
    if (!o.apiKey) throw new TypeError('apiKey is required');
    if (!o.baseUrl) throw new TypeError('baseUrl is required (the address of your PixPay service)');
    this.api = createClient<paths>({
      baseUrl: o.baseUrl,
      headers: { ...o.headers, authorization: `Bearer ${o.apiKey}` },
      ...(o.fetch ? { fetch: o.fetch } : {}),
    });
    this.policy = {
      ...DEFAULT_RETRY_POLICY,
      ...(o.maxRetries !== undefined ? { maxRetries: o.maxRetries } : {}),
      ...(o.maxRetryAfterSeconds !== undefined ? { maxRetryAfterSeconds: o.maxRetryAfterSeconds } : {}),
    };
    this.sleep = o.sleep ?? timer;
  }

  /** Runs one call, retrying what is worth retrying; answers the body or throws a typed error. */
  async send<T>(attempt: Attempt<T>, options: CallOptions = {}): Promise<T> {
    const policy = options.maxRetries === undefined ? this.policy : { ...this.policy, maxRetries: options.maxRetries };
    for (let retry = 0; ; retry++) {
      let result: ApiResult<T>;
      try {
        result = await attempt(options.signal ? { signal: options.signal } : {});
      } catch (cause) {
        throw new PixPayConnectionError(`no answer from the service: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
      }
      if (result.response.ok) return result.data as T;
      const error = errorFromResponse(result.response, result.error);
      const delay = retryDelayMs(error, retry, policy);
      if (delay === null) throw error;
      await this.sleep(delay);
    }
  }
}
