import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../src/cli/admin-commands';
import { callbackPathToken } from '../../src/infra/apipix/apipix-callbacks';
import type { RunningSimulator } from '../../tools/psp-simulator/simulator';
import { onboardSeller, type Seller, startTestApp, type TestApp } from '../support/app';
import { outboxEventTypes, runDueJobs } from '../support/platform';
import { rest } from '../support/rest';
import { apiPixConformance, control, until, PIX_KEY, startPsp } from './psp';

const TX = '/api/v1/cobranca/transactions';
const CALLBACK_SECRET = 'c'.repeat(8) + randomBytes(24).toString('hex');
let sim: RunningSimulator;
let app: TestApp;
let seller: Seller;
let env: Record<string, string>;

/** Every call to the PSP and its answer, checked against the Central Bank's API Pix. */
const conformance = apiPixConformance();
afterEach(() => expect(conformance.problems).toEqual([]));

beforeAll(async () => {
  const psp = await startPsp();
  sim = psp.sim;
  env = { ...psp.env, INSTITUTION_CALLBACK_SECRET: CALLBACK_SECRET };
  app = await startTestApp({ ROLE: 'api', ...env }, undefined, undefined, { apiPixObserve: conformance.observe });
  seller = await onboardSeller(app);
  // The operator's step: the PSP learns where to send its callbacks.
  const registered = await runAdmin(['apipix', 'register-webhook'], { ...env, PUBLIC_BASE_URL: app.url, LOG_LEVEL: 'silent' });
  expect(registered).toMatchObject({ registered: true, chave: PIX_KEY });
  expect(JSON.stringify(registered)).not.toContain(callbackPathToken(CALLBACK_SECRET));
});
afterAll(async () => {
  await app?.close();
  await sim?.close();
});

const callbackUrl = (token = callbackPathToken(CALLBACK_SECRET)) => `/v1/institution/apipix/${token}/pix`;
const create = (amount: number) => rest(app, 'POST', TX, { key: seller.apiKey, body: { amount }, idempotencyKey: randomUUID() });
const get = async (id: string) => (await rest(app, 'GET', `${TX}/${id}`, { key: seller.apiKey })).body.data;
const available = async () => (await rest(app, 'GET', '/balance-statement', { bearer: seller.apiKey })).body.data.available as number;


describe('API Pix callbacks: a hint, confirmed with the PSP, applied once', () => {
  it('registers the callback URL with the PSP under the platform key', () => {
    const webhook = sim.psp.webhooks.get(PIX_KEY);
    expect(webhook?.webhookUrl).toBe(`${app.url}/v1/institution/apipix/${callbackPathToken(CALLBACK_SECRET)}`);
  });

  it('the payer pays at the PSP: its callback, read back, makes the charge PAID and credits the wallet once', async () => {
    const t = (await create(10_000)).body.data;
    await runDueJobs(app);
    const before = await available();
    await control(sim, 'PUT', '/_control/callbacks', { duplicate: true });
    const paid = await control(sim, 'POST', `/_control/cob/${t.providerReference}/pay`, {});
    expect(paid.status).toBe(201);
    await until(async () => (await get(t.id)).status === 'PAID', 'the charge to be paid');
    await until(async () => (await control(sim, 'GET', '/_control/callbacks')).body.idle === true, 'the callbacks to be delivered');
    const after = await get(t.id);
    expect(after.end2endId).toBe(paid.body.endToEndId);
    expect(await available()).toBe(before + after.netAmount);
    expect(await outboxEventTypes(app, t.id)).toEqual(['TRANSACTION_CREATED', 'TRANSACTION_WAITING_PAYMENT', 'TRANSACTION_PAID']);
    // The same callback again (a PSP retry, days later) changes nothing.
    const again = await rest(app, 'POST', callbackUrl(), { body: { pix: [paid.body] } });
    expect(again.body.data).toEqual({ confirmed: 1, applied: 0, ignored: 0 });
    expect(await available()).toBe(before + after.netAmount);
    await control(sim, 'PUT', '/_control/callbacks', { duplicate: false });
  });

  it('a forged callback credits nothing: a Pix the PSP does not have is ignored', async () => {
    const t = (await create(5_000)).body.data;
    const before = await available();
    const forged = { endToEndId: `E00000000${'2026'}11251200${randomBytes(6).toString('hex').slice(0, 11)}`, txid: t.providerReference, valor: '50.00', horario: new Date().toISOString() };
    const res = await rest(app, 'POST', callbackUrl(), { body: { pix: [forged] } });
    expect([res.status, res.body.data]).toEqual([200, { confirmed: 0, applied: 0, ignored: 1 }]);
    expect((await get(t.id)).status).not.toBe('PAID');
    expect(await available()).toBe(before);
  });

  it('a callback with a wrong secret in its URL is an unknown route', async () => {
    const t = (await create(6_000)).body.data;
    const paid = await control(sim, 'POST', `/_control/cob/${t.providerReference}/pay`, {});
    await until(async () => (await get(t.id)).status === 'PAID', 'the genuine callback');
    const res = await rest(app, 'POST', callbackUrl('not-the-secret'), { body: { pix: [paid.body] } });
    expect([res.status, res.body.erro]).toEqual([404, 'ROUTE_NOT_FOUND']);
  });
});
