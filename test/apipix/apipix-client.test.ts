import { randomBytes } from 'node:crypto';
import tls from 'node:tls';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/main/config';
import { apiPixClient, apiPixTokenCheck } from '../../src/main/wiring/apipix';
import { DomainError } from '../../src/domain/shared/errors';
import { apiPixAgent } from '../../src/infra/apipix/apipix-agent';
import { ApiPixClient } from '../../src/infra/apipix/apipix-client';
import { PspProblemError } from '../../src/infra/apipix/apipix-errors';
import { APIPIX_PROFILES } from '../../src/infra/apipix/apipix-profiles';
import { ApiPixTokens } from '../../src/infra/apipix/apipix-tokens';
import type { RunningSimulator } from '../../tools/psp-simulator/simulator';
import { apiPixConformance, control, PIX_KEY, pspFaults, startPsp } from './psp';

const txid = () => randomBytes(16).toString('hex');
const cob = { calendario: { expiracao: 3600 }, valor: { original: '12.34' }, chave: PIX_KEY };

let sim: RunningSimulator;
let env: Record<string, string>;

beforeAll(async () => {
  ({ sim, env } = await startPsp());
});
afterAll(() => sim.close());
const conformance = apiPixConformance();
afterEach(async () => {
  await control(sim, 'POST', '/_control/reset');
  expect(conformance.problems).toEqual([]);
});
afterAll(() => expect(conformance.exchanges()).toBeGreaterThan(20));

/** The client PixPay builds from its settings, against the simulator over HTTPS with mTLS. */
const client = (extra: Record<string, string> = {}) => apiPixClient(loadConfig({ ...env, ...extra }), { observe: conformance.observe });

async function failure(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a failure');
}

describe('API Pix client against the PSP simulator (HTTPS, mTLS)', () => {
  it('creates a cob over mutual TLS with a token for its scope', async () => {
    const { client: c, tokens } = client();
    const id = txid();
    const res = await c.call<{ txid: string; status: string }>({ method: 'PUT', path: `/cob/${id}`, body: cob, scopes: ['cob.write'] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ txid: id, status: 'ATIVA' });
    expect(tokens.requests).toBe(1);
  });

  it('concurrent calls share one token request', async () => {
    const { client: c, tokens } = client();
    await Promise.all(Array.from({ length: 8 }, () => c.call({ method: 'PUT', path: `/cob/${txid()}`, body: cob, scopes: ['cob.write'] })));
    expect(tokens.requests).toBe(1);
  });

  it('after a 401 takes one fresh token and tries once more', async () => {
    const { client: c, tokens } = client();
    const id = txid();
    await c.call({ method: 'PUT', path: `/cob/${id}`, body: cob, scopes: ['cob.write'] });
    expect((await control(sim, 'PUT', '/_control/tokens', { expireAll: true })).status).toBe(200);
    // The cached cob.write token is refused now: one 401, one fresh token, one success.
    const res = await c.call({ method: 'PUT', path: `/cob/${id}`, body: cob, scopes: ['cob.write'] });
    expect(res.status).toBe(201);
    expect(tokens.requests).toBe(2);
  });

  it('refreshes a token shortly before it expires, not after', async () => {
    let now = Date.now();
    const { dispatcher } = client();
    const tokens = new ApiPixTokens({ tokenUrl: sim.tokenUrl, clientId: sim.clientId, clientSecret: sim.clientSecret, profile: APIPIX_PROFILES.generic, dispatcher, timeoutMs: 5_000, now: () => now });
    const first = await tokens.token(['cob.read']);
    now += 3_600_000 - 61_000;
    expect(await tokens.token(['cob.read'])).toBe(first);
    now += 2_000;
    expect(await tokens.token(['cob.read'])).not.toBe(first);
    expect(tokens.requests).toBe(2);
  });

  it('wrong credentials are refused by the token endpoint, never retried into a loop', async () => {
    const { client: c, tokens } = client({ APIPIX_CLIENT_SECRET: 'not-the-secret' });
    const e = await failure(c.call({ method: 'GET', path: `/cob/${txid()}`, scopes: ['cob.read'] }));
    expect(e).toBeInstanceOf(PspProblemError);
    expect((e as PspProblemError).message).not.toContain('not-the-secret');
    expect(tokens.requests).toBe(1);
  });

  it('readiness says whether a token can be had', async () => {
    await pspFaults(sim, { tokenEndpointDown: true });
    await expect(apiPixTokenCheck(client().tokens)()).rejects.toThrow(/token endpoint answered 503/);
    await pspFaults(sim, { tokenEndpointDown: false });
    await expect(apiPixTokenCheck(client().tokens)()).resolves.toBe(true);
  });

  it('retries an idempotent call once after a 5xx', async () => {
    const { client: c } = client();
    await pspFaults(sim, { failNext: 1, failStatus: 503 });
    const res = await c.call({ method: 'PUT', path: `/cob/${txid()}`, body: cob, scopes: ['cob.write'] });
    expect(res.status).toBe(201);
  });

  it('does not retry a call that is not idempotent (PATCH)', async () => {
    const { client: c } = client();
    const id = txid();
    await c.call({ method: 'PUT', path: `/cob/${id}`, body: cob, scopes: ['cob.write'] });
    await pspFaults(sim, { failNext: 1, failStatus: 503 });
    const e = await failure(c.call({ method: 'PATCH', path: `/cob/${id}`, body: { solicitacaoPagador: 'revista' }, scopes: ['cob.write'] }));
    expect(e).toBeInstanceOf(DomainError);
    expect((e as DomainError).code).toBe('INSTITUTION_UNAVAILABLE');
    expect((await c.call({ method: 'PATCH', path: `/cob/${id}`, body: { solicitacaoPagador: 'revista' }, scopes: ['cob.write'] })).status).toBe(200);
  });

  it('a PSP that keeps failing is 503 INSTITUTION_UNAVAILABLE with a Retry-After', async () => {
    const { client: c } = client();
    await pspFaults(sim, { failNext: -1, failStatus: 503 });
    const e = (await failure(c.call({ method: 'GET', path: `/cob/${txid()}`, scopes: ['cob.read'] }))) as DomainError;
    expect([e.code, e.kind]).toEqual(['INSTITUTION_UNAVAILABLE', 'UNAVAILABLE']);
    expect(e.details?.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('a PSP slower than the deadline is INSTITUTION_UNAVAILABLE', async () => {
    const { client: c } = client({ APIPIX_TIMEOUT_MS: '200' });
    await pspFaults(sim, { latencyMs: 600 });
    const e = (await failure(c.call({ method: 'GET', path: `/cob/${txid()}`, scopes: ['cob.read'] }))) as DomainError;
    expect(e.code).toBe('INSTITUTION_UNAVAILABLE');
    expect(e.message).toContain('no answer within 200 ms');
  });

  it('opens its circuit after consecutive failures and stops calling the PSP', async () => {
    const { client: c, tokens, dispatcher } = client();
    const fast = new ApiPixClient({ baseUrl: sim.url, tokens, dispatcher, timeoutMs: 2_000, breaker: { failures: 2, openMs: 60_000 }, observe: conformance.observe });
    await c.call({ method: 'GET', path: '/cob', query: { inicio: '2020-01-01T00:00:00Z', fim: '2020-01-02T00:00:00Z' }, scopes: ['cob.read'] });
    await pspFaults(sim, { failNext: 3, failStatus: 500 });
    await failure(fast.call({ method: 'GET', path: `/cob/${txid()}`, scopes: ['cob.read'] }));
    const e = (await failure(fast.call({ method: 'GET', path: `/cob/${txid()}`, scopes: ['cob.read'] }))) as DomainError;
    expect(e.code).toBe('INSTITUTION_UNAVAILABLE');
    expect(e.message).toContain('calls are paused');
    expect(e.details?.retryAfterSeconds).toBe(60);
    // The third failure was never asked for: the open circuit kept the call from the PSP.
    expect((await control(sim, 'GET', '/_control/state')).body.faults.failNext).toBe(1);
  });

  it('is told by the simulator to keep an idle connection a minute, as PSP gateways do, so a lull costs no new handshakes', async () => {
    const agent = apiPixAgent({ certFile: env.APIPIX_CERT_FILE, keyFile: env.APIPIX_KEY_FILE, caFile: env.APIPIX_CA_FILE });
    try {
      const res = await request(sim.tokenUrl, { method: 'POST', dispatcher: agent, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' });
      await res.body.text();
      // undici keeps the connection for what this header says (Node's default would be 5 s).
      expect(res.headers['keep-alive']).toBe('timeout=60');
    } finally {
      await agent.close();
    }
  });

  it('builds its TLS context (client certificate, roots and the extra CA) once, not for every new connection', async () => {
    await pspFaults(sim, { latencyMs: 200, pathPattern: '^/oauth/' });
    const contexts = vi.spyOn(tls, 'createSecureContext');
    try {
      const agent = apiPixAgent({ certFile: env.APIPIX_CERT_FILE, keyFile: env.APIPIX_KEY_FILE, caFile: env.APIPIX_CA_FILE });
      // Concurrent requests, each on a connection of its own: a handshake each, over mutual TLS.
      const answers = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const res = await request(sim.tokenUrl, { method: 'POST', dispatcher: agent, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' });
          await res.body.text();
          return res.statusCode;
        }),
      );
      expect(answers).toEqual(Array.from({ length: 6 }, () => 401));
      // At most the agent's own (0 when its call is not seen through the module's binding), never one per connection.
      expect(contexts.mock.calls.length).toBeLessThanOrEqual(1);
      await agent.close();
    } finally {
      contexts.mockRestore();
    }
  });
});
