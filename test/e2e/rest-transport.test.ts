import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { contractFetch } from '../support/contract';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ BODY_LIMIT: '1kb' });
});
afterAll(async () => {
  await app?.close();
});

const post = (path: string, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  contractFetch(`${app.url}${path}`, { method: 'POST', headers, body });

describe('REST transport errors never crash and answer in the documented format', () => {
  it('unknown route: 404 in the standard format with the request id', async () => {
    const res = await contractFetch(`${app.url}/no/such/route`);
    expect(res.status).toBe(404);
    const body = (await res.json()) as Record<string, any>;
    expect(body).toMatchObject({ status: false, erro: 'ROUTE_NOT_FOUND', path: '/no/such/route' });
    expect(body.requestId).toBe(res.headers.get('x-request-id'));
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
  });

  it('keeps a well-formed caller request id and replaces a malformed one', async () => {
    const kept = await contractFetch(`${app.url}/health`, { headers: { 'x-request-id': 'caller-id-123456' } });
    expect(kept.headers.get('x-request-id')).toBe('caller-id-123456');
    const replaced = await contractFetch(`${app.url}/health`, { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('malformed JSON: 400 INVALID_JSON, cobranca shape under /api/v1/cobranca', async () => {
    const res = await post('/api/v1/cobranca/transactions', '{"amount": 10,');
    expect(res.status).toBe(400);
    const body = (await res.json()) as Record<string, any>;
    expect(body).toEqual({ code: 'INVALID_JSON', message: expect.any(String), correlationID: res.headers.get('x-request-id') });
  });

  it('malformed JSON elsewhere: standard shape', async () => {
    const res = await post('/v1/webhooks', '[1,');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: false, erro: 'INVALID_JSON', path: '/v1/webhooks' });
  });

  it('wrong Content-Type: 415', async () => {
    const res = await post('/v1/webhooks', 'url=https://x', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ erro: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('body over the limit: 413', async () => {
    const res = await post('/v1/webhooks', JSON.stringify({ pad: 'x'.repeat(4096) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ erro: 'PAYLOAD_TOO_LARGE' });
  });

  it('still serves after all of the above', async () => {
    const res = await contractFetch(`${app.url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', checks: { database: 'ok', cache: 'ok' } });
  });
});
