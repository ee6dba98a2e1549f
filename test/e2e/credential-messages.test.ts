import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardSeller, startTestApp, type TestApp } from '../support/app';
import { rest } from '../support/rest';

let app: TestApp;
let apiKey: string;
beforeAll(async () => {
  app = await startTestApp({ ROLE: 'api' });
  apiKey = (await onboardSeller(app)).apiKey;
});
afterAll(async () => {
  await app?.close();
});

describe('a credential in the wrong header', () => {
  it('on a Bearer path, x-api-key gets a 401 naming the header the path reads', async () => {
    const res = await rest(app, 'GET', '/seller-wallet/gestao', { key: apiKey });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status: false, erro: 'UNAUTHENTICATED', path: '/seller-wallet/gestao' });
    expect(res.body.mensagem).toBe('credential missing: this path does not read x-api-key; send Authorization: Bearer <API key or session token>');
    expect(JSON.stringify(res.body)).not.toContain(apiKey);
    expect((await rest(app, 'GET', '/seller-wallet/gestao', { bearer: apiKey })).status).toBe(200);
  });

  it('an Authorization header without "Bearer" is named as such', async () => {
    const res = await rest(app, 'GET', '/api/v1/cobranca/transactions', { headers: { authorization: apiKey } });
    expect(res.status).toBe(401);
    expect(res.body.mensagem).toBe('credential missing: the Authorization header must be "Bearer <key>"; send your API key in the x-api-key header (or Authorization: Bearer <key>)');
  });

  it('no credential at all says where to send it', async () => {
    const res = await rest(app, 'GET', '/balance-statement');
    expect(res.body.mensagem).toBe('credential missing: send Authorization: Bearer <API key or session token>');
  });
});
