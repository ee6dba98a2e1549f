import { BrokenCircuitError, circuitBreaker, ConsecutiveBreaker, ExponentialBackoff, handleType, retry, TaskCancelledError, timeout, TimeoutStrategy, wrap } from 'cockatiel';
import type { Dispatcher } from 'undici';
import { request } from 'undici';
import { institutionUnavailable, PspProblemError, PspTransientError, retryAfterSeconds } from './apipix-errors';
import type { ApiPixTokens } from './apipix-tokens';

export type ApiPixMethod = 'GET' | 'PUT' | 'POST' | 'PATCH';

export interface ApiPixCall {
  method: ApiPixMethod;
  /** From the base URL, e.g. `/cob/abc...`. */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** The OAuth2 scopes this call needs (`cob.write`, `pix.read`, ...). */
  scopes: readonly string[];
  /** Headers a profile adds to this call (Efí's `x-skip-mtls-checking` on the webhook). */
  headers?: Record<string, string>;
}

/** One request and its answer, as sent and received (tests validate them against the Central Bank's spec). */
export interface ApiPixExchange {
  method: ApiPixMethod;
  path: string;
  query: Record<string, string>;
  requestBody: unknown;
  status: number;
  contentType: string | undefined;
  responseBody: unknown;
}

export interface ApiPixClientOptions {
  baseUrl: string;
  tokens: Pick<ApiPixTokens, 'token' | 'invalidate'>;
  dispatcher: Dispatcher;
  /** Added to every call (a profile's extra query, e.g. BB's gw-dev-app-key). */
  extraQuery?: Record<string, string>;
  /** Deadline of one attempt, token included. */
  timeoutMs: number;
  /** Consecutive failures that open the circuit, and how long it stays open. */
  breaker?: { failures: number; openMs: number };
  observe?(exchange: ApiPixExchange): void;
}

const transient = handleType(PspTransientError).orType(TaskCancelledError);

/**
 * The one way PixPay calls a PSP's API Pix: a bearer token for the call's scopes (a 401
 * takes one fresh token and tries once more), a deadline per attempt, retries with backoff
 * for idempotent calls only (GET, PUT: their identifiers are ours), and a circuit breaker
 * shared by all calls so a PSP that is down is not hammered. Unreachable, slow or failing
 * PSPs become 503 INSTITUTION_UNAVAILABLE with Retry-After; a 4xx is a PspProblemError for
 * the caller to read.
 */
export class ApiPixClient {
  private readonly breakerOpenMs: number;
  private readonly idempotentPolicy;
  private readonly oncePolicy;
  /** The base URL without its trailing slash. */
  private readonly base: string;

  constructor(private readonly o: ApiPixClientOptions) {
    this.base = o.baseUrl.replace(/\/$/, '');
    this.breakerOpenMs = o.breaker?.openMs ?? 10_000;
    const breaker = circuitBreaker(transient, { halfOpenAfter: this.breakerOpenMs, breaker: new ConsecutiveBreaker(o.breaker?.failures ?? 5) });
    // An attempt returns only once its answer is read in full, so there is nothing left to
    // abort then: cockatiel's abort on return would build a DOMException (and its stack) per call.
    const deadline = timeout(o.timeoutMs, { strategy: TimeoutStrategy.Aggressive, abortOnReturn: false });
    // One retry (cockatiel's maxAttempts counts the attempts after the first).
    const retries = retry(transient, { maxAttempts: 1, backoff: new ExponentialBackoff({ initialDelay: 100, maxDelay: 1_000 }) });
    this.idempotentPolicy = wrap(retries, breaker, deadline);
    this.oncePolicy = wrap(breaker, deadline);
  }

  async call<T = unknown>(c: ApiPixCall): Promise<{ status: number; body: T }> {
    const policy = c.method === 'GET' || c.method === 'PUT' ? this.idempotentPolicy : this.oncePolicy;
    try {
      // A signal of its own: without one, cockatiel hangs every call's deadline on one shared
      // signal, whose listener list (walked on each add and remove) grows with the calls in flight.
      return (await policy.execute(({ signal }) => this.attempt(c, signal), new AbortController().signal)) as { status: number; body: T };
    } catch (e) {
      throw this.unavailable(e) ?? e;
    }
  }

  private unavailable(e: unknown) {
    if (e instanceof BrokenCircuitError) return institutionUnavailable('too many recent failures, calls are paused', Math.ceil(this.breakerOpenMs / 1_000));
    if (e instanceof TaskCancelledError) return institutionUnavailable(`no answer within ${this.o.timeoutMs} ms`);
    if (e instanceof PspTransientError) return institutionUnavailable(e.message, e.retryAfterSeconds);
    return null;
  }

  private async attempt(c: ApiPixCall, signal: AbortSignal): Promise<{ status: number; body: unknown }> {
    const first = await this.o.tokens.token(c.scopes);
    let res = await this.send(c, first, signal);
    if (res.status === 401) {
      this.o.tokens.invalidate(c.scopes, first);
      res = await this.send(c, await this.o.tokens.token(c.scopes), signal);
    }
    if (res.status === 429 || res.status >= 500) throw new PspTransientError(`${c.method} ${c.path} answered ${res.status}`, res.retryAfter);
    if (res.status >= 400) throw new PspProblemError(res.status, problemOf(res.body), `${c.method} ${c.path}`);
    return { status: res.status, body: res.body };
  }

  private async send(c: ApiPixCall, token: string, signal: AbortSignal) {
    const query = { ...this.o.extraQuery, ...c.query };
    const qs = new URLSearchParams(query).toString();
    const headers: Record<string, string> = { ...c.headers, authorization: `Bearer ${token}`, accept: 'application/json' };
    if (c.body !== undefined) headers['content-type'] = 'application/json';
    const url = `${this.base}${c.path}${qs ? `?${qs}` : ''}`;
    let res: Dispatcher.ResponseData;
    try {
      res = await request(url, { method: c.method, headers, body: c.body === undefined ? undefined : JSON.stringify(c.body), dispatcher: this.o.dispatcher, signal });
    } catch (e) {
      if (signal.aborted) throw e;
      throw new PspTransientError(`${c.method} ${c.path} got no answer (${(e as NodeJS.ErrnoException).code ?? (e as Error).name})`);
    }
    const text = await res.body.text();
    const contentType = headerValue(res.headers['content-type']);
    const body = text === '' ? undefined : parseJson(text);
    this.o.observe?.({ method: c.method, path: c.path, query, requestBody: c.body, status: res.statusCode, contentType, responseBody: body });
    return { status: res.statusCode, body, retryAfter: retryAfterSeconds(res.headers['retry-after']) };
  }
}

const headerValue = (h: string | string[] | undefined) => (Array.isArray(h) ? h[0] : h);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function problemOf(body: unknown): { type?: string; title?: string; detail?: string } | null {
  return body !== null && typeof body === 'object' ? (body as { type?: string; title?: string; detail?: string }) : null;
}
