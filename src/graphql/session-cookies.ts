import type { Request, Response } from 'express';
import { browserSessionToken, CSRF_COOKIE, CSRF_HEADER, csrfTokenFor, SESSION_COOKIE } from '../domain/accounts/browser-session';

/** Sets or clears the dashboard's session cookies on the answer being written. */
export interface SessionCookies {
  set(token: string, expiresAt: Date, now: Date): void;
  clear(): void;
}

// Secure, even on http://127.0.0.1 and http://localhost: browsers take Secure cookies from
// loopback origins (Chromium and Firefox do), and a deployment serves the dashboard over HTTPS.
const ATTRIBUTES = 'Path=/; Secure; SameSite=Strict';

export function sessionCookiesOn(res: Response): SessionCookies {
  return {
    set(token, expiresAt, now) {
      const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
      res.append('Set-Cookie', [
        `${SESSION_COOKIE}=${token}; Max-Age=${maxAge}; HttpOnly; ${ATTRIBUTES}`,
        `${CSRF_COOKIE}=${csrfTokenFor(token)}; Max-Age=${maxAge}; ${ATTRIBUTES}`,
      ]);
    },
    clear() {
      res.append('Set-Cookie', [`${SESSION_COOKIE}=; Max-Age=0; HttpOnly; ${ATTRIBUTES}`, `${CSRF_COOKIE}=; Max-Age=0; ${ATTRIBUTES}`]);
    },
  };
}

/** The dashboard's session token from its cookie, when the request carries the CSRF header that goes with it. */
export const cookieSessionToken = (req: Request): string | null => browserSessionToken(req.headers.cookie, req.header(CSRF_HEADER));
