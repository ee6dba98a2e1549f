import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/infra/security/otplib-totp';
import { gql, gqlErrorCode, onboardSeller, startTestApp, type TestApp } from '../support/app';
import { rest } from '../support/rest';
import { promoteToOperator } from '../support/platform';

/**
 * Finding 13, as decided (README, "Seller dashboard" and "Data-subject rights"):
 * - an operator's manual credit or debit is a step-up (2FA on, a current code) and never
 *   targets the operator's own seller;
 * - an API key whose owner has 2FA on exports data or asks for erasure only with a current code;
 * - sign-up still says EMAIL_TAKEN, but each such answer spends the address's sign-up budget.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});


/** Turns 2FA on for the session's user; returns a function giving a fresh code each call (a code is accepted once). */
async function turnOnTwoFactor(session: string): Promise<() => string> {
  const secret = (await gql(app, 'mutation{ enrolTwoFactor{ secret } }', {}, session)).data!.enrolTwoFactor.secret as string;
  await gql(app, 'mutation($c:String!){ confirmTwoFactor(code:$c){ id } }', { c: totpCode(secret, app.clock.now()) }, session);
  return () => {
    app.clock.advance(30_000);
    return totpCode(secret, app.clock.now());
  };
}

const CREDIT = 'mutation($s:ID!,$c:String){ creditSellerManually(sellerId:$s, amount:100, reason:"goodwill", twoFactorCode:$c){ kind balance { available } } }';

describe('finding 13: manual money movements by operators', { timeout: 240_000 }, () => {
  it('need 2FA on and a current code, and never reach the operator\'s own seller', async () => {
    // An operator who is also a seller's user (the worst case: crediting oneself).
    const op = await onboardSeller(app);
    await promoteToOperator(app, op.email);
    const target = await onboardSeller(app);

    expect(gqlErrorCode(await gql(app, CREDIT, { s: target.sellerId }, op.session))).toBe('OPERATOR_MFA_REQUIRED');
    const code = await turnOnTwoFactor(op.session);
    expect(gqlErrorCode(await gql(app, CREDIT, { s: target.sellerId }, op.session))).toBe('MFA_REQUIRED');
    const right = code();
    expect(gqlErrorCode(await gql(app, CREDIT, { s: target.sellerId, c: right === '000000' ? '111111' : '000000' }, op.session))).toBe('INVALID_MFA_CODE');
    const credited = await gql(app, CREDIT, { s: target.sellerId, c: right }, op.session);
    expect(credited.data?.creditSellerManually).toEqual({ kind: 'OPERATOR_CREDIT', balance: { available: 100 } });
    // The code is spent: the same one cannot move money twice.
    expect(gqlErrorCode(await gql(app, CREDIT, { s: target.sellerId, c: right }, op.session))).toBe('INVALID_MFA_CODE');

    expect(gqlErrorCode(await gql(app, CREDIT, { s: op.sellerId, c: code() }, op.session))).toBe('OWN_SELLER_CORRECTION');
    expect((await gql(app, '{ balance { available } }', {}, op.apiKey)).data?.balance.available).toBe(0);
  });
});

describe('finding 13: data export and erasure through an API key', { timeout: 240_000 }, () => {
  it('a key whose owner has 2FA on needs a current code in X-2FA-Code; a session does not; a key of a user without 2FA works as SPEC says', async () => {
    const plain = await onboardSeller(app);
    expect((await rest(app, 'GET', '/data-subject/export', { bearer: plain.apiKey })).status).toBe(200);

    const s = await onboardSeller(app);
    const code = await turnOnTwoFactor(s.session);
    const bare = await rest(app, 'GET', '/data-subject/export', { bearer: s.apiKey });
    expect([bare.status, bare.body.erro]).toEqual([403, 'MFA_REQUIRED']);
    expect(JSON.stringify(bare.body)).not.toContain(s.email);
    const erasure = await rest(app, 'POST', '/data-subject/erasure-request', { bearer: s.apiKey, body: { reason: 'leaked key' } });
    expect([erasure.status, erasure.body.erro]).toEqual([403, 'MFA_REQUIRED']);
    expect(gqlErrorCode(await gql(app, '{ exportMyData { queued } }', {}, s.apiKey))).toBe('MFA_REQUIRED');

    const withCode = await rest(app, 'GET', '/data-subject/export', { bearer: s.apiKey, headers: { 'X-2FA-Code': code() } });
    expect(withCode.status).toBe(200);
    expect(JSON.stringify(withCode.body)).toContain(s.email);
    expect((await rest(app, 'GET', '/data-subject/export', { bearer: s.session })).status).toBe(200);
  });
});

describe('finding 13: sign-up and account enumeration', { timeout: 240_000 }, () => {
  it('each EMAIL_TAKEN spends the address\'s budget: after 10, sign-ups from that address wait', async () => {
    const taken = await onboardSeller(app);
    const SIGN_UP = 'mutation($e:String!){ signUp(email:$e, password:"another long pw"){ id } }';
    for (let i = 0; i < 10; i++) expect(gqlErrorCode(await gql(app, SIGN_UP, { e: taken.email }))).toBe('EMAIL_TAKEN');
    expect(gqlErrorCode(await gql(app, SIGN_UP, { e: taken.email }))).toBe('RATE_LIMITED');
    expect(gqlErrorCode(await gql(app, SIGN_UP, { e: `fresh${Date.now()}@example.com` }))).toBe('RATE_LIMITED');
  });
});
