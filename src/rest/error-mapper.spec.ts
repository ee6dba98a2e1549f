import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain/shared/errors';
import { mapError } from './error-mapper';
import { HttpError } from './http-error';

const now = new Date('2026-05-01T12:00:00.000Z');
const at = (path: string) => ({ path, requestId: 'req-12345678', now });
const standard = (status: number, erro: string, mensagem: string, path: string) => ({
  status,
  body: { status: false, erro, mensagem, requestId: 'req-12345678', timestamp: now.toISOString(), path },
});
const cobranca = (status: number, code: string, message: string) => ({ status, body: { code, message, correlationID: 'req-12345678' } });

describe('mapError', () => {
  const cases: [string, unknown, string, { status: number; body: Record<string, unknown> }][] = [
    ['validation outside cobranca', new DomainError('BAD_DATE', 'bad date', 'VALIDATION'), '/balance-statement', standard(400, 'BAD_DATE', 'bad date', '/balance-statement')],
    ['validation in cobranca', new DomainError('AMOUNT_TOO_LOW', 'too low', 'VALIDATION'), '/api/v1/cobranca/withdrawals', cobranca(400, 'AMOUNT_TOO_LOW', 'too low')],
    ['business error in cobranca', new DomainError('INSUFFICIENT_BALANCE', 'no money', 'UNPROCESSABLE'), '/api/v1/cobranca/withdrawals', cobranca(422, 'INSUFFICIENT_BALANCE', 'no money')],
    ['mfa in cobranca', new DomainError('MFA_REQUIRED', 'need code', 'FORBIDDEN'), '/api/v1/cobranca/withdrawals', cobranca(403, 'MFA_REQUIRED', 'need code')],
    ['auth stays standard in cobranca', new DomainError('UNAUTHENTICATED', 'no key', 'UNAUTHENTICATED'), '/api/v1/cobranca/transactions', standard(401, 'UNAUTHENTICATED', 'no key', '/api/v1/cobranca/transactions')],
    ['not found', new DomainError('X_NOT_FOUND', 'nope', 'NOT_FOUND'), '/v1/webhooks/1', standard(404, 'X_NOT_FOUND', 'nope', '/v1/webhooks/1')],
    ['conflict', new DomainError('C', 'c', 'CONFLICT'), '/x', standard(409, 'C', 'c', '/x')],
    ['rate limited', new DomainError('RATE_LIMITED', 'slow down', 'RATE_LIMITED'), '/x', standard(429, 'RATE_LIMITED', 'slow down', '/x')],
    ['http error', new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'json please'), '/x', standard(415, 'UNSUPPORTED_MEDIA_TYPE', 'json please', '/x')],
    ['body parser: bad json', Object.assign(new Error('x'), { type: 'entity.parse.failed', status: 400 }), '/api/v1/cobranca/transactions', cobranca(400, 'INVALID_JSON', 'request body is not valid JSON')],
    ['body parser: too large', Object.assign(new Error('x'), { type: 'entity.too.large', status: 413 }), '/x', standard(413, 'PAYLOAD_TOO_LARGE', 'request body is larger than the limit', '/x')],
  ];
  it.each(cases)('%s', (_name, err, path, expected) => {
    const mapped = mapError(err, at(path));
    expect({ status: mapped.status, body: mapped.body }).toEqual(expected);
    expect(mapped.unexpected).toBe(false);
  });

  it('an error that says when to retry carries Retry-After in whole seconds, in both formats', () => {
    const inFlight = new DomainError('IDEMPOTENCY_IN_FLIGHT', 'wait', 'CONFLICT', { retryAfterSeconds: 5 });
    expect(mapError(inFlight, at('/api/v1/cobranca/transactions')).headers).toEqual({ 'Retry-After': '5' });
    expect(mapError(inFlight, at('/v1/webhooks')).headers).toEqual({ 'Retry-After': '5' });
    expect(mapError(new DomainError('RATE_LIMITED', 'slow', 'RATE_LIMITED', { retryAfterSeconds: 1.2 }), at('/x')).headers).toEqual({ 'Retry-After': '2' });
    expect(mapError(new DomainError('C', 'c', 'CONFLICT'), at('/x')).headers).toEqual({});
  });

  it('hides unexpected errors behind INTERNAL_ERROR in the standard shape, even in cobranca', () => {
    const mapped = mapError(new TypeError('secret detail'), at('/api/v1/cobranca/transactions'));
    expect(mapped.status).toBe(500);
    expect(mapped.unexpected).toBe(true);
    expect(mapped.body.erro).toBe('INTERNAL_ERROR');
    expect(JSON.stringify(mapped.body)).not.toContain('secret detail');
  });

  it('carries details when the domain gives them', () => {
    const mapped = mapError(new DomainError('V', 'v', 'VALIDATION', { field: 'amount' }), at('/x'));
    expect(mapped.body.details).toEqual({ field: 'amount' });
  });
});
