import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/main/config';
import { institutionCallbackSecrets } from '../../src/main/wiring/institution-callback';
import { rest } from '../support/rest';
import { onboardSeller, startTestApp, type TestApp } from '../support/app';
import { reportAsInstitution, signedCallbackHeaders } from '../support/institution';

/** Issue #34, finding 1: the institution callback was forgeable with a bearer derived from the public sandbox APP_SECRET. */
const PUBLIC_SANDBOX_SECRET = 'sandbox-development-secret-change-me-0000';
const dataDir = mkdtempSync(join(tmpdir(), 'pixpay-finding-01-'));
let app: TestApp;
let apiKey: string;

beforeAll(async () => {
  app = await startTestApp({ DATA_DIR: dataDir });
  apiKey = (await onboardSeller(app)).apiKey;
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function newCharge(): Promise<string> {
  const res = await rest(app, 'POST', '/api/v1/cobranca/transactions', {
    key: apiKey,
    idempotencyKey: crypto.randomUUID(),
    body: { amount: 1_000, description: 'finding 1', customer: { name: 'Maria Souza', email: 'maria@example.com' } },
  });
  return res.body.data.id as string;
}
const statusOf = async (id: string) => (await rest(app, 'GET', `/api/v1/cobranca/transactions/${id}`, { key: apiKey })).body.data.status as string;
const paid = (id: string, n = 1) => ({ reportId: `forged-${id}-${n}`, transactionId: id, status: 'PAID', end2endId: 'E00000000202601011200abcdefghijk' });

describe('finding 1: the institution callback', () => {
  it('refuses the bearer derived from the public sandbox APP_SECRET; the charge stays unpaid', async () => {
    const id = await newCharge();
    const forged = await rest(app, 'POST', '/v1/institution/reports', { bearer: `${PUBLIC_SANDBOX_SECRET}:institution`, body: paid(id) });
    expect(forged.status).toBe(401);
    expect(await statusOf(id)).not.toBe('PAID');
  });

  it('refuses even the real secret as a bare bearer: only signed bodies are accepted', async () => {
    const id = await newCharge();
    const [secret] = app.services.institutionCallbackSecrets;
    expect((await rest(app, 'POST', '/v1/institution/reports', { bearer: secret, body: paid(id) })).status).toBe(401);
    expect(await statusOf(id)).not.toBe('PAID');
  });

  it('accepts a body signed with the callback secret, and refuses a changed body, an old timestamp and another secret', async () => {
    const id = await newCharge();
    const [secret] = app.services.institutionCallbackSecrets;
    const body = paid(id);
    const headers = signedCallbackHeaders(secret!, body, app.clock.now());
    expect((await rest(app, 'POST', '/v1/institution/reports', { body: { ...body, status: 'REFUSED' }, headers })).status).toBe(401);
    const stale = signedCallbackHeaders(secret!, body, new Date(app.clock.now().getTime() - 301_000));
    expect((await rest(app, 'POST', '/v1/institution/reports', { body, headers: stale })).status).toBe(401);
    const other = signedCallbackHeaders(`${PUBLIC_SANDBOX_SECRET}:institution`, body, app.clock.now());
    expect((await rest(app, 'POST', '/v1/institution/reports', { body, headers: other })).status).toBe(401);
    expect(await statusOf(id)).not.toBe('PAID');
    const ok = await reportAsInstitution(app, body);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ applied: true, transactionStatus: 'PAID' });
    // A replay inside the window is harmless: reports are idempotent by reportId.
    expect((await reportAsInstitution(app, body)).body.data).toMatchObject({ applied: false, duplicate: true });
  });

  it('the sandbox secret is random per data folder, contains no APP_SECRET, and stays the same across restarts', () => {
    const other = mkdtempSync(join(tmpdir(), 'pixpay-finding-01-other-'));
    try {
      const [here] = app.services.institutionCallbackSecrets;
      expect(here).not.toContain(PUBLIC_SANDBOX_SECRET);
      expect(here!.length).toBeGreaterThanOrEqual(40);
      expect(institutionCallbackSecrets(loadConfig({ DATA_DIR: dataDir }))).toEqual([here]);
      expect(institutionCallbackSecrets(loadConfig({ DATA_DIR: other }))[0]).not.toBe(here);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('production refuses to start without INSTITUTION_CALLBACK_SECRET, or with it equal to APP_SECRET', () => {
    const appSecret = 'a0f3c9e1b7d54e2a8c6f1b3d9e7a5c2f4b8d6e0a';
    expect(() => loadConfig({ MODE: 'production', APP_SECRET: appSecret })).toThrow(/^INSTITUTION_CALLBACK_SECRET is required in production mode/);
    expect(() => loadConfig({ MODE: 'production', APP_SECRET: appSecret, INSTITUTION_CALLBACK_SECRET: appSecret })).toThrow(/must differ from APP_SECRET/);
  });
});
