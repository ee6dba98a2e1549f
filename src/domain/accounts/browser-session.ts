import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The dashboard's session lives in a cookie its scripts cannot read (HttpOnly), so a
 * script injected into the page cannot carry it away. The browser sends that cookie with
 * every request to this origin, so a request counts as the cookie's user only with the
 * session's CSRF token beside it (a header, or a socket's connection parameter): a
 * token derived from the session that the page reads from a second cookie, and that no
 * other site can read or forge.
 */
export const SESSION_COOKIE = '__Host-pixpay_session';
export const CSRF_COOKIE = '__Host-pixpay_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/** The CSRF token of a session: a digest of its token, so it cannot be set apart from the session. */
export function csrfTokenFor(sessionToken: string): string {
  return createHash('sha256').update(`pixpay-csrf:${sessionToken}`).digest('base64url');
}

/** One cookie's value from a Cookie header; null when absent. */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/** The session token of the cookie, when the request also carries its CSRF token; null otherwise. */
export function browserSessionToken(cookieHeader: string | undefined, csrfToken: unknown): string | null {
  const token = cookieValue(cookieHeader, SESSION_COOKIE);
  if (!token || typeof csrfToken !== 'string') return null;
  const expected = Buffer.from(csrfTokenFor(token));
  const given = Buffer.from(csrfToken);
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}
