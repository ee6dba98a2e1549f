import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/domain/accounts/browser-session';
import { totpCode } from '../../src/infra/security/otplib-totp';
import { gql, onboardSeller, startTestApp, type TestApp } from '../support/app';
import { dashboardBrowser, ensureDashboardBuilt, launchChromium, screenshots, seriousViolations, textOf, visible } from './browser';

/**
 * Issue #29 defect 5 in the browser: with 2FA on, the password step leads to a code step,
 * and only the right code (or a recovery code) opens the dashboard. The session is an
 * HttpOnly cookie (finding 12 of #34): nothing of it in the page's storage or its scripts' reach.
 */
describe('two-step sign-in in the dashboard (Chromium)', { timeout: 240_000 }, () => {
  let app: TestApp;
  let browser: Browser;
  let seller: Awaited<ReturnType<typeof onboardSeller>> & { secret: string; recoveryCodes: string[] };

  beforeAll(async () => {
    await ensureDashboardBuilt();
    app = await startTestApp();
    const s = await onboardSeller(app);
    const enrol = (await gql(app, 'mutation{ enrolTwoFactor{ secret recoveryCodes } }', {}, s.session)).data!.enrolTwoFactor;
    await gql(app, 'mutation($c:String!){ confirmTwoFactor(code:$c){ twoFactorEnabled } }', { c: totpCode(enrol.secret, app.clock.now()) }, s.session);
    app.clock.advance(30_000);
    seller = { ...s, secret: enrol.secret, recoveryCodes: enrol.recoveryCodes };
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const signInForm = async (page: import('playwright-core').Page) => {
    await page.goto(`${app.url}/dashboard/`);
    await visible(page.getByRole('heading', { level: 1, name: 'Entrar' }));
    await page.getByLabel('E-mail').fill(seller.email);
    await page.getByLabel('Senha').fill(seller.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Verificação em duas etapas' }));
  };

  it('asks for the code after the password; a wrong code is refused; the right one opens the dashboard in an HttpOnly cookie', async () => {
    const { context, page, foreignRequests, pageErrors } = await dashboardBrowser(browser, app.url);
    await signInForm(page);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await screenshots(page, '2fa-01-code-step')).toEqual([]);
    // Nothing opened yet: the password alone gave no session cookie.
    expect((await context.cookies()).map((c) => c.name)).not.toContain(SESSION_COOKIE);

    const right = totpCode(seller.secret, app.clock.now());
    await page.getByLabel('Código do app ou de recuperação').fill(right === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await textOf(page.getByRole('alert')).toContain('Código 2FA incorreto');
    expect(await screenshots(page, '2fa-02-wrong-code')).toEqual([]);

    await page.getByLabel('Código do app ou de recuperação').fill(right);
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await visible(page.getByRole('button', { name: 'Sair' }));
    expect(await screenshots(page, '2fa-03-signed-in')).toEqual([]);

    const session = (await context.cookies()).find((c) => c.name === SESSION_COOKIE)!;
    expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict' });
    // The page's scripts see neither the session cookie nor a token in storage.
    expect(await page.evaluate('document.cookie')).not.toContain(SESSION_COOKIE);
    expect(await page.evaluate('JSON.stringify({ ...localStorage, ...sessionStorage })')).not.toContain(session.value);
    expect(await page.evaluate('JSON.stringify({ ...localStorage, ...sessionStorage })')).not.toMatch(/sess_/);
    // A reload keeps the session (the cookie), and logging out ends it.
    await page.reload();
    await visible(page.getByRole('button', { name: 'Sair' }));
    await page.getByRole('button', { name: 'Sair' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Entrar' }));
    expect((await context.cookies()).map((c) => c.name)).not.toContain(SESSION_COOKIE);
    expect(foreignRequests).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a recovery code works once in the code step', async () => {
    const { context, page } = await dashboardBrowser(browser, app.url);
    await signInForm(page);
    await page.getByLabel('Código do app ou de recuperação').fill(seller.recoveryCodes[0]!.toLowerCase());
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await visible(page.getByRole('button', { name: 'Sair' }));
    await page.getByRole('button', { name: 'Sair' }).click();
    await signInForm(page);
    await page.getByLabel('Código do app ou de recuperação').fill(seller.recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await textOf(page.getByRole('alert')).toContain('Código 2FA incorreto');
    await context.close();
  });
});
