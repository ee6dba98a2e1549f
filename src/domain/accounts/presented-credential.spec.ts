import { describe, expect, it } from 'vitest';
import { CSRF_COOKIE, csrfTokenFor, SESSION_COOKIE } from './browser-session';
import { presentsCredential } from './presented-credential';

describe('presentsCredential', () => {
  const session = 'sess_abc';
  const cookie = `${SESSION_COOKIE}=${session}; ${CSRF_COOKIE}=${csrfTokenFor(session)}`;

  it('an API key header, an Authorization header, or the session cookie with its CSRF header', () => {
    expect(presentsCredential({ apiKey: 'sk_test_x' })).toBe(true);
    expect(presentsCredential({ authorization: 'Bearer x' })).toBe(true);
    expect(presentsCredential({ cookie, csrfToken: csrfTokenFor(session) })).toBe(true);
  });

  it('nothing, empty headers, or a cookie without its CSRF header claim nothing', () => {
    expect(presentsCredential({})).toBe(false);
    expect(presentsCredential({ apiKey: '', authorization: '' })).toBe(false);
    expect(presentsCredential({ cookie })).toBe(false);
    expect(presentsCredential({ cookie, csrfToken: 'wrong' })).toBe(false);
  });
});
