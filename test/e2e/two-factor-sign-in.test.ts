import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/infra/security/otplib-totp';
import { gql, gqlErrorCode, onboardSeller, startTestApp, type TestApp } from '../support/app';

/** Issue #29, defect 5: with 2FA on, a password alone never opens a session. */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const LOG_IN = 'mutation($e:String!,$p:String!,$c:String){ logIn(email:$e,password:$p,twoFactorCode:$c){ token user { twoFactorEnabled } } }';

/** A seller whose user turned 2FA on; the clock then moves past the confirming code's step. */
async function sellerWithTwoFactor() {
  const s = await onboardSeller(app);
  const enrol = await gql(app, 'mutation{ enrolTwoFactor{ secret recoveryCodes } }', {}, s.session);
  const { secret, recoveryCodes } = enrol.data!.enrolTwoFactor as { secret: string; recoveryCodes: string[] };
  const confirmed = await gql(app, 'mutation($c:String!){ confirmTwoFactor(code:$c){ twoFactorEnabled } }', { c: totpCode(secret, app.clock.now()) }, s.session);
  expect(confirmed.data?.confirmTwoFactor.twoFactorEnabled).toBe(true);
  app.clock.advance(30_000);
  return { ...s, secret, recoveryCodes };
}

const logIn = (s: { email: string; password: string }, code?: string | null, password = s.password) => gql(app, LOG_IN, { e: s.email, p: password, c: code ?? null });

describe('two-factor sign-in (GraphQL logIn)', { timeout: 120_000 }, () => {
  it('without 2FA the password is enough, as before', async () => {
    const s = await onboardSeller(app);
    expect((await logIn(s)).data?.logIn.token).toMatch(/^sess_/);
  });

  it('with 2FA: no code is MFA_REQUIRED, a wrong code INVALID_MFA_CODE, the current code opens the session once', async () => {
    const s = await sellerWithTwoFactor();
    const bare = await logIn(s);
    expect(gqlErrorCode(bare)).toBe('MFA_REQUIRED');
    expect(bare.data?.logIn ?? null).toBeNull();
    expect(JSON.stringify(bare)).not.toContain('sess_');
    const right = totpCode(s.secret, app.clock.now());
    expect(gqlErrorCode(await logIn(s, right === '000000' ? '111111' : '000000'))).toBe('INVALID_MFA_CODE');
    expect(gqlErrorCode(await logIn(s, '12ab'))).toBe('INVALID_MFA_CODE_FORMAT');
    // A wrong password with a right code is still a wrong password, and spends no code.
    expect(gqlErrorCode(await logIn(s, right, 'not the password'))).toBe('INVALID_CREDENTIALS');
    const session = await logIn(s, right);
    expect(session.data?.logIn.token).toMatch(/^sess_/);
    expect(session.data?.logIn.user.twoFactorEnabled).toBe(true);
    expect((await gql(app, '{ me { credential } }', {}, session.data!.logIn.token)).data?.me.credential).toBe('session');
    // The same code cannot be replayed within its window.
    expect(gqlErrorCode(await logIn(s, right))).toBe('INVALID_MFA_CODE');
  });

  it('recovery codes: ten shown at enrolment, stored only as digests, each accepted once, in any case and spacing', async () => {
    const s = await sellerWithTwoFactor();
    expect(s.recoveryCodes).toHaveLength(10);
    expect(new Set(s.recoveryCodes).size).toBe(10);
    for (const c of s.recoveryCodes) expect(c).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
    try {
      const stored = (await db.query('select totp_recovery_digests::text d from users where email = $1', [s.email])).rows[0].d as string;
      for (const c of s.recoveryCodes) {
        expect(stored).not.toContain(c);
        expect(stored).not.toContain(c.replace(/-/g, ''));
      }
    } finally {
      await db.end();
    }
    const [first, second] = s.recoveryCodes as [string, string];
    expect((await logIn(s, first)).data?.logIn.token).toMatch(/^sess_/);
    expect(gqlErrorCode(await logIn(s, first))).toBe('INVALID_MFA_CODE');
    expect((await logIn(s, ` ${second.replace(/-/g, '').toLowerCase()} `)).data?.logIn.token).toMatch(/^sess_/);
    expect(gqlErrorCode(await logIn(s, second))).toBe('INVALID_MFA_CODE');
    // Not for money: a withdrawal's step-up takes a current code only.
  });

  it('a lost phone: a recovery code signs in and turns 2FA off; the other codes die with it', async () => {
    const s = await sellerWithTwoFactor();
    const [a, b, c] = s.recoveryCodes as [string, string, string];
    const session = (await logIn(s, a)).data!.logIn.token as string;
    const off = await gql(app, 'mutation($c:String!){ disableTwoFactor(code:$c){ twoFactorEnabled } }', { c: b }, session);
    expect(off.data?.disableTwoFactor.twoFactorEnabled).toBe(false);
    expect((await logIn(s)).data?.logIn.token).toMatch(/^sess_/);
    // Enrolling again makes new codes; the old ones are gone.
    const again = await gql(app, 'mutation{ enrolTwoFactor{ secret recoveryCodes } }', {}, session);
    const { secret } = again.data!.enrolTwoFactor as { secret: string };
    await gql(app, 'mutation($c:String!){ confirmTwoFactor(code:$c){ twoFactorEnabled } }', { c: totpCode(secret, app.clock.now()) }, session);
    app.clock.advance(30_000);
    expect(gqlErrorCode(await logIn(s, c))).toBe('INVALID_MFA_CODE');
  });

  it('the brute-force guard covers the code step: after 5 wrong codes even the right one is refused', async () => {
    const s = await sellerWithTwoFactor();
    const right = totpCode(s.secret, app.clock.now());
    const wrong = (i: number) => String((Number(right) + 100_000 + i * 7_919) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) expect(gqlErrorCode(await logIn(s, wrong(i)))).toBe('INVALID_MFA_CODE');
    expect(gqlErrorCode(await logIn(s, right))).toBe('RATE_LIMITED');
    expect(gqlErrorCode(await logIn(s, s.recoveryCodes[0]))).toBe('RATE_LIMITED');
    // The password step is not what is locked: another user from the same address signs in.
    const other = await onboardSeller(app);
    expect((await logIn(other)).data?.logIn.token).toMatch(/^sess_/);
  });
});
