import type { Dispatcher } from 'undici';
import { request } from 'undici';
import type { ApiPixProfile } from './apipix-profiles';
import { PspProblemError, PspTransientError, retryAfterSeconds } from './apipix-errors';

export interface TokenSettings {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  profile: Pick<ApiPixProfile, 'tokenAuth' | 'tokenBody' | 'sendsScope'>;
  dispatcher: Dispatcher;
  timeoutMs: number;
  now?: () => number;
}

interface CachedToken {
  accessToken: string;
  /** Epoch ms after which the token is not used any more (some margin before its real expiry). */
  refreshAt: number;
}

/** Refresh this long before expiry, or a tenth of the lifetime when that is shorter. */
const REFRESH_MARGIN_MS = 60_000;

/**
 * OAuth2 client credentials (RFC 6749 §4.4) over the PSP's mTLS agent. One cached token
 * per scope set, refreshed before it expires; concurrent callers share one refresh.
 * Tokens and the client secret are never logged or put in an error message.
 */
export class ApiPixTokens {
  private readonly cache = new Map<string, CachedToken>();
  private readonly pending = new Map<string, Promise<CachedToken>>();
  private readonly now: () => number;
  /** Token requests made (for tests and metrics). */
  requests = 0;

  constructor(private readonly s: TokenSettings) {
    this.now = s.now ?? Date.now;
  }

  async token(scopes: readonly string[]): Promise<string> {
    const key = scopeKey(scopes);
    const cached = this.cache.get(key);
    if (cached && cached.refreshAt > this.now()) return cached.accessToken;
    let refresh = this.pending.get(key);
    if (!refresh) {
      refresh = this.fetchToken(key).finally(() => this.pending.delete(key));
      this.pending.set(key, refresh);
    }
    return (await refresh).accessToken;
  }

  /** After a 401: forget this token (only if it is still the cached one), so the next call takes a fresh one. */
  invalidate(scopes: readonly string[], accessToken: string): void {
    const key = scopeKey(scopes);
    if (this.cache.get(key)?.accessToken === accessToken) this.cache.delete(key);
  }

  private async fetchToken(scopeKey: string): Promise<CachedToken> {
    const { profile } = this.s;
    const fields: Record<string, string> = { grant_type: 'client_credentials' };
    if (profile.sendsScope && scopeKey) fields.scope = scopeKey;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (profile.tokenAuth === 'basic') {
      headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(this.s.clientId)}:${encodeURIComponent(this.s.clientSecret)}`).toString('base64')}`;
    } else {
      fields.client_id = this.s.clientId;
      fields.client_secret = this.s.clientSecret;
    }
    let body: string;
    if (profile.tokenBody === 'json') {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(fields);
    } else {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(fields).toString();
    }
    this.requests += 1;
    const started = this.now();
    let res: Dispatcher.ResponseData;
    try {
      res = await request(this.s.tokenUrl, { method: 'POST', headers, body, dispatcher: this.s.dispatcher, signal: AbortSignal.timeout(this.s.timeoutMs) });
    } catch (e) {
      throw new PspTransientError(`the token endpoint did not answer (${(e as Error).name})`);
    }
    const text = await res.body.text();
    if (res.statusCode === 429 || res.statusCode >= 500) {
      throw new PspTransientError(`the token endpoint answered ${res.statusCode}`, retryAfterSeconds(res.headers['retry-after']));
    }
    if (res.statusCode !== 200) throw new PspProblemError(res.statusCode, null, 'POST token');
    const parsed = safeJson(text) as { access_token?: unknown; expires_in?: unknown } | null;
    if (typeof parsed?.access_token !== 'string' || parsed.access_token === '') throw new PspTransientError('the token endpoint answered without an access_token');
    const lifetimeMs = (typeof parsed.expires_in === 'number' && parsed.expires_in > 0 ? parsed.expires_in : 300) * 1_000;
    const token = { accessToken: parsed.access_token, refreshAt: started + lifetimeMs - Math.min(REFRESH_MARGIN_MS, lifetimeMs / 10) };
    this.cache.set(scopeKey, token);
    return token;
  }
}

/** The cache key of a scope set: its scopes sorted, space-separated (a single scope, as nearly every call asks, is its own key). */
const scopeKey = (scopes: readonly string[]): string => (scopes.length === 1 ? scopes[0]! : [...scopes].sort().join(' '));

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
