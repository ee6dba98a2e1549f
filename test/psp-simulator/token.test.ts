import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiPix, control, httpsCall, newTxid, startTestSimulator, tokenFor, type TestSimulator } from '../support/psp-simulator';

const COB = { calendario: { expiracao: 3600 }, valor: { original: '10.00' }, chave: 'recebedor@example.com' };

describe('PSP simulator: OAuth2 client credentials over mTLS', () => {
  let sim: TestSimulator;
  beforeAll(async () => {
    sim = await startTestSimulator();
  });
  afterEach(async () => {
    expect(sim.drift).toEqual([]);
    await control(sim, 'POST', '/reset');
  });
  afterAll(() => sim.close());

  it('issues a bearer token for credentials in a Basic header or in form fields, with expires_in and the scopes asked', async () => {
    const basic = Buffer.from(`${sim.clientId}:${sim.clientSecret}`).toString('base64');
    const a = await httpsCall(sim, 'POST', '/oauth/token', { form: { grant_type: 'client_credentials', scope: 'cob.read cob.write' }, headers: { authorization: `Basic ${basic}` } });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'cob.read cob.write' });
    expect(a.headers['cache-control']).toBe('no-store');
    const b = await httpsCall(sim, 'POST', '/oauth/token', { form: { grant_type: 'client_credentials', client_id: sim.clientId, client_secret: sim.clientSecret } });
    expect(b.status).toBe(200);
    expect(b.body.scope.split(' ').sort()).toEqual([
      'cob.read',
      'cob.write',
      'cobr.read',
      'cobr.write',
      'cobv.read',
      'cobv.write',
      'extrato.read',
      'gn.balance.read',
      'gn.pix.send.read',
      'pagamento-pix.read',
      'pagamento-pix.write',
      'payloadlocationrec.read',
      'payloadlocationrec.write',
      'pix.read',
      'pix.send',
      'pix.write',
      'rec.read',
      'rec.write',
      'solicrec.read',
      'solicrec.write',
      'webhook-banking.read',
      'webhook-banking.write',
      'webhook.read',
      'webhook.write',
      'webhookcobr.read',
      'webhookcobr.write',
      'webhookrec.read',
      'webhookrec.write',
    ]);
  });

  it('refuses wrong credentials (401 invalid_client), another grant (400) and an unknown scope (400)', async () => {
    const wrong = await httpsCall(sim, 'POST', '/oauth/token', { form: { grant_type: 'client_credentials', client_id: sim.clientId, client_secret: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('invalid_client');
    const grant = await httpsCall(sim, 'POST', '/oauth/token', { form: { grant_type: 'password', client_id: sim.clientId, client_secret: sim.clientSecret } });
    expect([grant.status, grant.body.error]).toEqual([400, 'unsupported_grant_type']);
    const scope = await httpsCall(sim, 'POST', '/oauth/token', { form: { grant_type: 'client_credentials', scope: 'lotecobv.write', client_id: sim.clientId, client_secret: sim.clientSecret } });
    expect([scope.status, scope.body.error]).toEqual([400, 'invalid_scope']);
  });

  it('answers 401 without a token or with a bad one, and 403 AcessoNegado without the scope', async () => {
    const none = await httpsCall(sim, 'GET', `/cob/${newTxid()}`);
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(none.body).toMatchObject({ type: 'about:blank', status: 401 });
    expect((await apiPix(sim, 'forged', 'GET', `/cob/${newTxid()}`)).status).toBe(401);
    const readOnly = await tokenFor(sim, 'cob.read');
    const put = await apiPix(sim, readOnly, 'PUT', `/cob/${newTxid()}`, COB);
    expect(put.status).toBe(403);
    expect(put.body.type).toBe('https://pix.bcb.gov.br/api/v2/error/AcessoNegado');
  });

  it('a token stops working when its lifetime has passed, or when every token is expired at once', async () => {
    await control(sim, 'PUT', '/tokens', { ttlSeconds: 60 });
    const token = await tokenFor(sim);
    expect((await apiPix(sim, token, 'PUT', `/cob/${newTxid()}`, COB)).status).toBe(201);
    await control(sim, 'POST', '/clock', { advanceSeconds: 61 });
    expect((await apiPix(sim, token, 'PUT', `/cob/${newTxid()}`, COB)).status).toBe(401);
    const fresh = await tokenFor(sim);
    expect((await apiPix(sim, fresh, 'PUT', `/cob/${newTxid()}`, COB)).status).toBe(201);
    await control(sim, 'PUT', '/tokens', { expireAll: true });
    expect((await apiPix(sim, fresh, 'PUT', `/cob/${newTxid()}`, COB)).status).toBe(401);
  });

  it('the token endpoint can be down (503 temporarily_unavailable)', async () => {
    await control(sim, 'PUT', '/faults', { tokenEndpointDown: true });
    const a = await httpsCall(sim, 'POST', '/oauth/token', { form: { grant_type: 'client_credentials', client_id: sim.clientId, client_secret: sim.clientSecret } });
    expect([a.status, a.body.error]).toEqual([503, 'temporarily_unavailable']);
  });

  it('refuses a TLS client without a certificate of its CA', async () => {
    await expect(httpsCall(sim, 'POST', '/oauth/token', { anonymous: true, form: { grant_type: 'client_credentials' } })).rejects.toThrow();
  });
});
