import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/infra/security/otplib-totp';
import { gql, onboardSeller, startTestApp, type TestApp, gqlErrorCode } from '../support/app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});


describe('2FA (TOTP) and API keys', () => {
  it('live keys need 2FA; enrol, confirm, replay refused, disable', async () => {
    const s = await onboardSeller(app);
    expect(gqlErrorCode(await gql(app, 'mutation{ createApiKey(mode: live){ key } }', {}, s.session))).toBe('MFA_REQUIRED');

    const enrol = await gql(app, 'mutation{ enrolTwoFactor{ secret otpauthUri } }', {}, s.session);
    const { secret, otpauthUri } = enrol.data!.enrolTwoFactor;
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect(gqlErrorCode(await gql(app, 'mutation($c:String!){ confirmTwoFactor(code:$c){ id } }', { c: '000000' === totpCode(secret, app.clock.now()) ? '111111' : '000000' }, s.session))).toBe('INVALID_MFA_CODE');
    expect(gqlErrorCode(await gql(app, 'mutation{ confirmTwoFactor(code:"12ab"){ id } }', {}, s.session))).toBe('INVALID_MFA_CODE_FORMAT');

    const code = totpCode(secret, app.clock.now());
    const confirmed = await gql(app, 'mutation($c:String!){ confirmTwoFactor(code:$c){ twoFactorEnabled } }', { c: code }, s.session);
    expect(confirmed.data!.confirmTwoFactor.twoFactorEnabled).toBe(true);

    // Live keys are refused by a sandbox deployment even once created.
    const live = await gql(app, 'mutation{ createApiKey(mode: live){ key apiKey { prefix mode } } }', {}, s.session);
    expect(live.data!.createApiKey.key).toMatch(/^sk_live_/);
    const wrongMode = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${live.data!.createApiKey.key}` },
      body: JSON.stringify({ query: '{ me { credential } }' }),
    });
    expect(wrongMode.status).toBe(401);

    // The code used to confirm cannot be replayed to disable.
    expect(gqlErrorCode(await gql(app, 'mutation($c:String!){ disableTwoFactor(code:$c){ id } }', { c: code }, s.session))).toBe('INVALID_MFA_CODE');
    app.clock.advance(30_000);
    const next = totpCode(secret, app.clock.now());
    const disabled = await gql(app, 'mutation($c:String!){ disableTwoFactor(code:$c){ twoFactorEnabled } }', { c: next }, s.session);
    expect(disabled.data!.disableTwoFactor.twoFactorEnabled).toBe(false);
  });

  it('lists keys by prefix and last 4 only, and a revoked key stops working', async () => {
    const s = await onboardSeller(app);
    const listed = await gql(app, '{ apiKeys { id prefix last4 revokedAt lastUsedAt } }', {}, s.session);
    expect(listed.data!.apiKeys).toHaveLength(1);
    const [k] = listed.data!.apiKeys;
    expect(k.prefix).toBe('sk_test_');
    expect(k.last4).toBe(s.apiKey.slice(-4));
    expect(JSON.stringify(listed)).not.toContain(s.apiKey);

    expect((await gql(app, '{ me { credential } }', {}, s.apiKey)).data!.me.credential).toBe('apiKey');
    await gql(app, 'mutation($id:ID!){ revokeApiKey(id:$id){ revokedAt } }', { id: k.id }, s.session);
    const after = await gql(app, '{ me { credential } }', {}, s.apiKey);
    expect(gqlErrorCode(after)).toBe('UNAUTHENTICATED');
  });

  it('API keys cannot manage keys or 2FA (dashboard session required)', async () => {
    const s = await onboardSeller(app);
    expect(gqlErrorCode(await gql(app, 'mutation{ createApiKey(mode: test){ key } }', {}, s.apiKey))).toBe('SESSION_REQUIRED');
    expect(gqlErrorCode(await gql(app, 'mutation{ enrolTwoFactor{ secret } }', {}, s.apiKey))).toBe('SESSION_REQUIRED');
  });

  it('sign-up and sign-in validation', async () => {
    expect(gqlErrorCode(await gql(app, 'mutation{ signUp(email:"not-an-email", password:"long enough pw"){ id } }'))).toBe('INVALID_EMAIL');
    expect(gqlErrorCode(await gql(app, 'mutation{ signUp(email:"a@b.co", password:"short"){ id } }'))).toBe('WEAK_PASSWORD');
    const s = await onboardSeller(app);
    expect(gqlErrorCode(await gql(app, 'mutation($e:String!){ signUp(email:$e, password:"another long pw"){ id } }', { e: s.email.toUpperCase() }))).toBe('EMAIL_TAKEN');
    expect(gqlErrorCode(await gql(app, 'mutation($e:String!){ logIn(email:$e, password:"wrong password"){ token } }', { e: s.email }))).toBe('INVALID_CREDENTIALS');
    expect(gqlErrorCode(await gql(app, 'mutation{ logIn(email:"nobody@example.com", password:"wrong password"){ token } }'))).toBe('INVALID_CREDENTIALS');
  });

  it('seller registration validates the document and sandbox KYC follows the magic CPFs', async () => {
    const s = await onboardSeller(app, { document: '111.111.111-11' });
    const me = await gql(app, '{ me { seller { kycStatus } } }', {}, s.session);
    expect(me.data!.me.seller.kycStatus).toBe('PENDING_REVIEW');
    const r = await onboardSeller(app, { document: '22222222222' });
    expect((await gql(app, '{ me { seller { kycStatus } } }', {}, r.session)).data!.me.seller.kycStatus).toBe('REJECTED');
    const cnpj = await onboardSeller(app, { document: '12.ABC.345/01DE-35' });
    expect((await gql(app, '{ me { seller { kycStatus documentType } } }', {}, cnpj.session)).data!.me.seller).toEqual({ kycStatus: 'PENDING_REVIEW', documentType: 'CNPJ' });

    await gql(app, 'mutation{ signUp(email:"doc@example.com", password:"long enough pw"){ id } }');
    const t = (await gql(app, 'mutation{ logIn(email:"doc@example.com", password:"long enough pw"){ token } }')).data!.logIn.token;
    expect(gqlErrorCode(await gql(app, 'mutation{ registerSeller(name:"X Ltda", document:"529.982.247-24"){ id } }', {}, t))).toBe('INVALID_CPF');
    expect(gqlErrorCode(await gql(app, 'mutation{ registerSeller(name:"X Ltda", document:"12ABC34501DE36"){ id } }', {}, t))).toBe('INVALID_CNPJ');
    expect((await gql(app, 'mutation{ registerSeller(name:"X Ltda", document:"529.982.247-25"){ kycStatus } }', {}, t)).data!.registerSeller.kycStatus).toBe('PENDING_REVIEW');
    expect(gqlErrorCode(await gql(app, 'mutation{ registerSeller(name:"Again", document:"529.982.247-25"){ id } }', {}, t))).toBe('SELLER_ALREADY_REGISTERED');
  });
});
