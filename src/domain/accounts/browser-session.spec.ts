import { describe, expect, it } from 'vitest';
import { browserSessionToken, cookieValue, csrfTokenFor, SESSION_COOKIE } from './browser-session';

describe('browser session cookie', () => {
  const token = 'sess_abc';
  const cookies = `other=1; ${SESSION_COOKIE}=${token}; x=y`;

  it('reads one cookie from a Cookie header', () => {
    expect(cookieValue(cookies, SESSION_COOKIE)).toBe(token);
    expect(cookieValue(cookies, 'missing')).toBeNull();
    expect(cookieValue(undefined, SESSION_COOKIE)).toBeNull();
  });

  it('gives the session only with its own CSRF token', () => {
    expect(browserSessionToken(cookies, csrfTokenFor(token))).toBe(token);
    expect(browserSessionToken(cookies, undefined)).toBeNull();
    expect(browserSessionToken(cookies, csrfTokenFor('sess_other'))).toBeNull();
    expect(browserSessionToken(cookies, 'short')).toBeNull();
    expect(browserSessionToken('other=1', csrfTokenFor(token))).toBeNull();
  });
});
