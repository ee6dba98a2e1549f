import { describe, expect, it } from 'vitest';
import { addressAllowlist, ApiPixCallbacks, callbackPathToken } from './apipix-callbacks';

const SECRET = 's'.repeat(40);
const OLD = 'o'.repeat(40);

const callbacks = (allow = '') =>
  new ApiPixCallbacks({
    client: { call: () => Promise.reject(new Error('not called by accepts')) },
    secrets: [SECRET, OLD],
    allowlist: addressAllowlist(allow),
  });

describe('API Pix callback authentication', () => {
  it('accepts the URL token of the current or the accepted secret, and nothing else', () => {
    const c = callbacks();
    expect(c.accepts(callbackPathToken(SECRET), '198.51.100.7')).toBe(true);
    expect(c.accepts(callbackPathToken(OLD), '198.51.100.7')).toBe(true);
    expect(c.accepts(callbackPathToken('x'.repeat(40)), '198.51.100.7')).toBe(false);
    expect(c.accepts('', '198.51.100.7')).toBe(false);
    expect(callbackPathToken(SECRET)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('with an allowlist, only its addresses and ranges (IPv4-mapped addresses included)', () => {
    const c = callbacks('203.0.113.0/24, 2001:db8::1');
    const token = callbackPathToken(SECRET);
    expect(c.accepts(token, '203.0.113.9')).toBe(true);
    expect(c.accepts(token, '::ffff:203.0.113.9')).toBe(true);
    expect(c.accepts(token, '2001:db8::1')).toBe(true);
    expect(c.accepts(token, '203.0.114.1')).toBe(false);
    expect(c.accepts(token, undefined)).toBe(false);
  });
});
