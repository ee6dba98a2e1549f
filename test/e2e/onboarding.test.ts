import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, onboardSeller, startTestApp, type TestApp } from '../support/app';
import { sqlOf } from '../support/platform';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('GraphQL door', () => {
  it('serves the GraphQL explorer to browsers in sandbox mode, with no outside resources', async () => {
    const res = await fetch(`${app.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const page = await res.text();
    expect(page).toContain('PixPay GraphQL explorer');
    expect(page).not.toMatch(/(src|href)="(https?:)?\/\//);
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

describe('dashboard sessions', () => {
  it('logOut ends the session at once; expired sessions are purged', async () => {
    const s = await onboardSeller(app);
    expect((await gql(app, 'mutation{ logOut }', {}, s.session)).data!.logOut).toBe(true);
    expect((await gql(app, '{ me { credential } }', {}, s.session)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await gql(app, 'mutation{ logOut }', {}, s.apiKey)).errors?.[0]?.extensions?.code).toBe('SESSION_REQUIRED');

    const fresh = (await gql(app, 'mutation($e:String!,$p:String!){ logIn(email:$e,password:$p){ token } }', { e: s.email, p: s.password })).data!.logIn.token;
    const count = async () => Number((await sqlOf(app).one<{ n: string }>('select count(*) as n from sessions where user_id = (select id from users where email = ?)', [s.email]))!.n);
    expect(await count()).toBe(2);
    app.clock.advance(13 * 3_600_000); // past the 12 h lifetime
    expect((await gql(app, '{ me { credential } }', {}, fresh)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    app.clock.advance(24 * 3_600_000);
    expect((await app.services.retentionPurge.run()).purged['sessions']).toBeGreaterThanOrEqual(2);
    expect(await count()).toBe(0);
  });
});
