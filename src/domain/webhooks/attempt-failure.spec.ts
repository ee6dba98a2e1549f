import { describe, expect, it } from 'vitest';
import { attemptFailureReason, CONNECTION_FAILED } from './attempt-failure';

describe('the failure reason a seller sees', () => {
  it.each(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'DNS_FAILED', 'ENOTFOUND', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'ERR_TLS_CERT_ALTNAME_INVALID', 'socket hang up', undefined])(
    'a connection failure (%s) is one generic reason',
    (error) => {
      expect(attemptFailureReason({ networkError: true, ...(error ? { error } : {}), latencyMs: 3 })).toBe(CONNECTION_FAILED);
    },
  );

  it('keeps HTTP statuses, timeouts and our own refusals as they are', () => {
    expect(attemptFailureReason({ statusCode: 503, latencyMs: 1 })).toBe('HTTP_503');
    expect(attemptFailureReason({ statusCode: 302, latencyMs: 1 })).toBe('HTTP_302');
    expect(attemptFailureReason({ statusCode: 204, latencyMs: 1 })).toBeNull();
    expect(attemptFailureReason({ timedOut: true, error: 'TIMEOUT', latencyMs: 5_000 })).toBe('TIMEOUT');
    expect(attemptFailureReason({ networkError: true, error: 'ADDRESS_REFUSED', latencyMs: 1 })).toBe('ADDRESS_REFUSED');
    expect(attemptFailureReason({ networkError: true, error: 'INVALID_URL', latencyMs: 1 })).toBe('INVALID_URL');
  });
});
