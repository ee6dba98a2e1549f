import { describe, expect, it } from 'vitest';
import { isAllowedTarget, parseAllowedTarget, parseAllowList } from './webhook-allow-list';

describe('WEBHOOK_ALLOW_HOSTS entries', () => {
  it.each([
    ['localhost', { host: 'localhost', port: 443 }],
    ['LocalHost:8443', { host: 'localhost', port: 8443 }],
    ['127.0.0.1:4443', { host: '127.0.0.1', port: 4443 }],
    ['[::1]', { host: '::1', port: 443 }],
    ['[::1]:9443', { host: '::1', port: 9443 }],
    ['::1', { host: '::1', port: 443 }],
    ['hooks.example.com', { host: 'hooks.example.com', port: 443 }],
  ])('%s', (entry, target) => {
    expect(parseAllowedTarget(entry)).toEqual(target);
  });

  it.each(['localhost:0', 'localhost:65536', 'localhost:abc', 'localhost:', 'https://localhost', '[::1]:x', 'a b', 'host:1:2x'])('refuses %s', (entry) => {
    expect(parseAllowedTarget(entry)).toBeNull();
  });

  it('a list keeps the entries it can read and names the others', () => {
    expect(parseAllowList(' localhost:8443, ,bad:port ,127.0.0.1')).toEqual({
      targets: [{ host: 'localhost', port: 8443 }, { host: '127.0.0.1', port: 443 }],
      invalid: ['bad:port'],
    });
  });

  it('a URL is allowed only on a listed port: a bare host is port 443 only', () => {
    const { targets } = parseAllowList('localhost,127.0.0.1:8443,[::1]:9443');
    expect(isAllowedTarget(targets, new URL('https://localhost/x'))).toBe(true);
    expect(isAllowedTarget(targets, new URL('https://localhost:443/x'))).toBe(true);
    expect(isAllowedTarget(targets, new URL('https://localhost:5432/x'))).toBe(false);
    expect(isAllowedTarget(targets, new URL('https://127.0.0.1:8443/x'))).toBe(true);
    expect(isAllowedTarget(targets, new URL('https://127.0.0.1/x'))).toBe(false);
    expect(isAllowedTarget(targets, new URL('https://[::1]:9443/x'))).toBe(true);
    expect(isAllowedTarget(targets, new URL('https://[::1]:22/x'))).toBe(false);
  });
});
