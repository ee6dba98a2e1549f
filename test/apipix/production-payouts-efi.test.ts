import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../src/cli/admin-commands';
import { totpCode } from '../../src/infra/security/otplib-totp';
import type { RunningSimulator } from '../../tools/psp-simulator/simulator';
import { PRODUCTION_TEST_SECRETS, startTestApp, type TestApp } from '../support/app';
import { outboxEventTypes, runDueJobs } from '../support/platform';
import { rest } from '../support/rest';
import { createWithdrawal, fund, WD } from '../withdrawals/support';
import { onboardLiveSeller } from './apipix-app';
import { apiPixConformance, control, startPsp, until } from './psp';

let sim: RunningSimulator;
let app: TestApp;
let liveKey: string;
let sellerId: string;
let totpSecret: string;
const conformance = apiPixConformance();
afterEach(() => expect(conformance.problems).toEqual([]));

beforeAll(async () => {
  const psp = await startPsp();
  sim = psp.sim;
  const env = { MODE: 'production', ...PRODUCTION_TEST_SECRETS, ...psp.env, APIPIX_PROFILE: 'efi', PAYOUT_PROVIDER: 'efi' };
  app = await startTestApp({ ...env, ROLE: 'api' }, undefined, undefined, { apiPixObserve: conformance.observe });
  ({ liveKey, sellerId, totpSecret } = await onboardLiveSeller(app));
  // The withdrawal's code is a later one than the code that confirmed 2FA.
  app.clock.advance(30_000);
  await runAdmin(['apipix', 'register-webhook'], { ...env, PUBLIC_BASE_URL: app.url, LOG_LEVEL: 'silent' });
});
afterAll(async () => {
  await app?.close();
  await sim?.close();
});

describe('production mode: a withdrawal paid out through Efí', () => {
  it('a live key with 2FA creates a withdrawal, Efí sends it, REALIZADO makes it PAID and WITHDRAWAL_PAID is in the outbox', async () => {
    expect(liveKey).toMatch(/^sk_live_/);
    await control(sim, 'PUT', '/_control/payouts', { mode: 'manual' });
    await fund(app, sellerId, 5_100);
    const created = await createWithdrawal(app, liveKey, { amount: 5_000, method: 'PIX', pixKeyType: 'EMAIL', pixKey: 'fornecedor@example.com' }, { code: totpCode(totpSecret, app.clock.now()) });
    expect(created.status).toBe(201);
    const w = created.body.data;
    await runDueJobs(app);
    const payout = sim.psp.payouts.get(`W${w.id}`);
    expect(payout).toMatchObject({ valor: '50.00', status: 'EM_PROCESSAMENTO', favorecido: { chave: 'fornecedor@example.com' } });
    expect((await control(sim, 'POST', `/_control/payouts/W${w.id}/settle`, { status: 'REALIZADO' })).status).toBe(200);
    await until(async () => (await rest(app, 'GET', `${WD}/${w.id}`, { key: liveKey })).body.data.status === 'PAID', 'the withdrawal to be PAID');
    expect((await rest(app, 'GET', `${WD}/${w.id}`, { key: liveKey })).body.data.end2end).toBe(payout!.endToEndId);
    expect(await outboxEventTypes(app, w.id)).toContain('WITHDRAWAL_PAID');
  });
});
