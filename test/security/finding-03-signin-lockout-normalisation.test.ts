import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalEmail } from '../../src/domain/accounts/email';
import { gql, gqlErrorCode, startTestApp, type TestApp } from '../support/app';

/**
 * Finding 3: the brute-force guard counted the lowercased e-mail while the lookup also
 * trimmed it, so "   " + email after the lockout opened a session. The e-mail now has one
 * canonical form (trimmed, NFKC, lowercased) for the guard, the lookup, sign-up and storage.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const PASSWORD = 'correct horse battery';
const LOG_IN = 'mutation($e:String!,$p:String!){ logIn(email:$e,password:$p){ token user { email } } }';

async function signUp(email: string) {
  const r = await gql(app, 'mutation($e:String!,$p:String!){ signUp(email:$e,password:$p){ email } }', { e: email, p: PASSWORD });
  if (!r.data) throw new Error(JSON.stringify(r.errors));
  return r.data.signUp.email as string;
}

/** Five wrong passwords under the plain spelling: the e-mail's budget is spent. */
async function lockOut(email: string) {
  for (let i = 0; i < 5; i++) expect(gqlErrorCode(await gql(app, LOG_IN, { e: email, p: 'wrong password' }))).toBe('INVALID_CREDENTIALS');
  expect(gqlErrorCode(await gql(app, LOG_IN, { e: email, p: PASSWORD }))).toBe('RATE_LIMITED');
}

describe('finding 3: one canonical e-mail for the sign-in guard, the lookup and storage', { timeout: 120_000 }, () => {
  it('after the lockout, spaces around the e-mail do not open a session', async () => {
    const email = `spaces${Date.now()}@example.com`;
    await signUp(email);
    await lockOut(email);
    for (const spelling of [`   ${email}`, `${email}   `, `\t${email}\n`, `\u3000${email}`]) {
      expect(gqlErrorCode(await gql(app, LOG_IN, { e: spelling, p: PASSWORD }))).toBe('RATE_LIMITED');
    }
  });

  it('after the lockout, another case or a full-width form of the e-mail does not open a session', async () => {
    const email = `case${Date.now()}@example.com`;
    await signUp(email);
    await lockOut(email);
    const fullWidth = [...email].map((c) => (/[a-z0-9]/.test(c) ? String.fromCodePoint(c.codePointAt(0)! + 0xfee0) : c)).join('');
    for (const spelling of [email.toUpperCase(), ` ${email.toUpperCase()} `, fullWidth]) {
      expect(gqlErrorCode(await gql(app, LOG_IN, { e: spelling, p: PASSWORD }))).toBe('RATE_LIMITED');
    }
  });

  it('composed and decomposed accents are one account: stored once, found by either, locked out together', async () => {
    const composed = `jo\u00e3o${Date.now()}@example.com`;
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    // Stored in the canonical form, whatever form sign-up was given.
    expect(await signUp(` ${decomposed.toUpperCase()} `)).toBe(composed);
    expect(gqlErrorCode(await gql(app, 'mutation($e:String!,$p:String!){ signUp(email:$e,password:$p){ id } }', { e: composed, p: PASSWORD }))).toBe('EMAIL_TAKEN');
    // Found by every form.
    for (const spelling of [composed, decomposed, ` ${composed.toUpperCase()}`]) {
      expect((await gql(app, LOG_IN, { e: spelling, p: PASSWORD })).data?.logIn.user.email).toBe(composed);
    }
    // Failures under one form lock out the others.
    await lockOut(decomposed);
    expect(gqlErrorCode(await gql(app, LOG_IN, { e: composed, p: PASSWORD }))).toBe('RATE_LIMITED');
  });

  it('the canonical form is stable: applying it twice changes nothing', () => {
    for (const raw of ['  A@B.CO ', 'ｍe@ＥＸＡＭＰＬＥ.com', 'ℌi@example.com', 'İstanbul@example.com', 'jo\u0061\u0303o@example.com', 'ﬁ@example.com']) {
      const once = canonicalEmail(raw);
      expect(canonicalEmail(once)).toBe(once);
    }
    expect(canonicalEmail('  ｍe@ＥＸＡＭＰＬＥ.com ')).toBe('me@example.com');
  });
});
