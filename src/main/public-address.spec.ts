import { describe, expect, it } from 'vitest';
import { listenedUrl, PublicAddress } from './public-address';

describe('PublicAddress', () => {
  it('defaults to the address listened on, also when the port is only known after listening', () => {
    expect(new PublicAddress(undefined, '127.0.0.1', 3100).baseUrl).toBe('http://127.0.0.1:3100');
    const picked = new PublicAddress(undefined, '127.0.0.1', 0);
    expect(picked.listening('http://127.0.0.1:41234')).toBeNull();
    expect(picked.baseUrl).toBe('http://127.0.0.1:41234');
  });

  it('keeps a configured URL and warns once it differs from the address listened on', () => {
    const a = new PublicAddress('https://pay.example.com/', '127.0.0.1', 3000);
    expect(a.baseUrl).toBe('https://pay.example.com');
    expect(a.listening('http://127.0.0.1:3000')).toContain('PUBLIC_BASE_URL is https://pay.example.com but the service listens on http://127.0.0.1:3000');
    expect(a.baseUrl).toBe('https://pay.example.com');
    expect(new PublicAddress('http://127.0.0.1:3000', '127.0.0.1', 3000).listening('http://127.0.0.1:3000')).toBeNull();
  });

  it('reaches wildcard hosts through loopback and brackets IPv6', () => {
    expect(listenedUrl('0.0.0.0', 8080)).toBe('http://127.0.0.1:8080');
    expect(listenedUrl('::', 8080)).toBe('http://[::1]:8080');
    expect(listenedUrl('localhost', 80)).toBe('http://localhost:80');
  });
});
