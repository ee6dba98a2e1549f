import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, onboardSeller, startTestApp, type TestApp } from '../support/app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('GraphQL door', () => {
  it('serves a GraphQL sandbox page to browsers in sandbox mode', async () => {
    const res = await fetch(`${app.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toMatch(/apollo/i);
  });
});

describe('onboarding through GraphQL', () => {
  it('signs up, logs in, registers a sandbox-approved seller and creates a test key', async () => {
    const s = await onboardSeller(app);
    expect(s.apiKey).toMatch(/^sk_test_[A-Za-z0-9_-]{40,}$/);
    const me = await gql(app, '{ me { credential user { email twoFactorEnabled } seller { kycStatus documentType } } }', {}, s.session);
    expect(me.data!.me).toEqual({ credential: 'session', user: { email: s.email, twoFactorEnabled: false }, seller: { kycStatus: 'APPROVED', documentType: 'CPF' } });
    const viaKey = await gql(app, '{ me { credential user { id } seller { id } } }', {}, s.apiKey);
    expect(viaKey.data!.me).toEqual({ credential: 'apiKey', user: null, seller: { id: s.sellerId } });
  });
});
