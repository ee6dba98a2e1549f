import { createLocalJWKSet, compactVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApplication, type RunningApp } from '../../src/main/start-application';
import { loadConfig } from '../../src/main/config';
import { runAdmin } from '../../src/cli/admin-commands';
import { createLogger } from '../../src/infra/log/logger';
import { totpCode } from '../../src/infra/security/otplib-totp';
import { parseBrCode } from '../../src/domain/pix/br-code';
import { contractFetch } from '../support/contract';
import { createMigratedTestDatabase } from '../support/database';
import { gql, onboardSeller } from '../support/app';
import { independentVerify, Receiver } from '../webhooks/support/receiver';
import { rest } from '../support/rest';
import { signedCallbackHeaders } from '../support/institution';
import { ManualClock } from '../../src/domain/shared/clock';
import { randomUUID } from 'node:crypto';

const OLD = 'rotation-test-old-secret-0123456789abcdef';
const NEW = 'rotation-test-new-secret-0123456789abcdef';
const OLD_CALLBACK = 'rotation-test-old-callback-0123456789abcdef';
const NEW_CALLBACK = 'rotation-test-new-callback-0123456789abcdef';

let db: Awaited<ReturnType<typeof createMigratedTestDatabase>>;
let receiver: Receiver;
const env = () => ({
  MODE: 'sandbox',
  PORT: '0',
  LOG_LEVEL: 'silent',
  DATABASE_URL: db.url,
  SHUTDOWN_DRAIN_DELAY_MS: '0',
  WEBHOOK_ALLOW_HOSTS: receiver.allowHosts,
  WEBHOOK_CA_FILE: receiver.caFile,
  WEBHOOK_POLL_MS: '200',
});
const clock = new ManualClock(new Date());
const start = (secrets: Record<string, string>): Promise<RunningApp> => startApplication(loadConfig({ ...env(), ...secrets }), { clock, logger: createLogger('silent') });

beforeAll(async () => {
  db = await createMigratedTestDatabase();
  receiver = await Receiver.start();
});
afterAll(async () => {
  await receiver?.stop();
  await db?.drop();
});

/** A TOTP code of the next step is accepted: proves the stored seed opens. */
async function codeAccepted(app: RunningApp, session: string, seed: string): Promise<boolean> {
  clock.advance(30_000);
  const res = await gql(app, 'mutation($c:String!){ disableTwoFactor(code:$c){ twoFactorEnabled } }', { c: totpCode(seed, clock.now()) }, session);
  return res.errors === undefined;
}

/** A test delivery to the receiver, checked with the secret given at registration. */
async function deliverySigned(app: RunningApp, apiKey: string, endpointId: string, secret: string, path: string): Promise<boolean> {
  const before = receiver.on(path).length;
  expect((await rest(app, 'POST', `/v1/webhooks/${endpointId}/test`, { key: apiKey })).status).toBeLessThan(300);
  await receiver.waitFor(() => receiver.on(path).length > before, 15_000, 'test delivery');
  const r = receiver.on(path).at(-1)!;
  return independentVerify(r.rawBody, String(r.headers['x-webhook-timestamp']), secret);
}

describe('rotating APP_SECRET', () => {
  it('keeps every sealed secret usable through the rotation, re-seals them, and needs no old secret afterwards', async () => {
    // Before: everything sealed with the old secret.
    let app = await start({ APP_SECRET: OLD });
    const seller = await onboardSeller(app);
    const { secret: seed } = (await gql(app, 'mutation{ enrolTwoFactor{ secret } }', {}, seller.session)).data!.enrolTwoFactor;
    expect((await gql(app, 'mutation($c:String!){ confirmTwoFactor(code:$c){ twoFactorEnabled } }', { c: totpCode(seed, clock.now()) }, seller.session)).errors).toBeUndefined();
    const reg = await rest(app, 'POST', '/v1/webhooks', { key: seller.apiKey, body: { eventType: 'ALL', url: receiver.url('/rotation') } });
    expect(reg.status).toBe(201);
    const { id: endpointId, secret: endpointSecret } = reg.body.data as { id: string; secret: string };
    const postback = (await rest(app, 'GET', '/v1/webhooks/postback-secret', { key: seller.apiKey })).body.data.secret as string;
    await app.stop();

    // A new secret alone cannot open them: this is what the rotation must avoid.
    app = await start({ APP_SECRET: NEW });
    expect((await rest(app, 'GET', '/v1/webhooks/postback-secret', { key: seller.apiKey })).status).toBe(500);
    await app.stop();

    // During the rotation: new secret, old one accepted. Everything works; the JWKS lists both keys.
    app = await start({ APP_SECRET: NEW, APP_SECRET_ACCEPTED: OLD });
    expect((await rest(app, 'GET', '/v1/webhooks/postback-secret', { key: seller.apiKey })).body.data.secret).toBe(postback);
    expect(await deliverySigned(app, seller.apiKey, endpointId, endpointSecret, '/rotation')).toBe(true);
    const jwks = (await (await contractFetch(`${app.url}/pix/jwks`)).json()) as JSONWebKeySet;
    expect(jwks.keys).toHaveLength(2);
    await app.stop();

    const rotating = { ...env(), APP_SECRET: NEW, APP_SECRET_ACCEPTED: OLD };
    const check = await runAdmin(['reseal-secrets', '--check'], rotating);
    expect(check).toMatchObject({ check: true, notCurrent: 3, unreadable: 0 });
    const done = await runAdmin(['reseal-secrets'], rotating);
    expect(done).toMatchObject({ runAgain: false, unreadable: 0 });
    expect((done.columns as { resealed: number }[]).reduce((n, c) => n + c.resealed, 0)).toBe(3);
    expect(await runAdmin(['reseal-secrets', '--check'], rotating)).toMatchObject({ notCurrent: 0 });

    // After: the new secret alone opens everything; the plain secrets did not change.
    app = await start({ APP_SECRET: NEW });
    try {
      expect((await rest(app, 'GET', '/v1/webhooks/postback-secret', { key: seller.apiKey })).body.data.secret).toBe(postback);
      expect(await deliverySigned(app, seller.apiKey, endpointId, endpointSecret, '/rotation')).toBe(true);
      expect(await codeAccepted(app, seller.session, seed)).toBe(true);
      const keys = (await (await contractFetch(`${app.url}/pix/jwks`)).json()) as JSONWebKeySet;
      expect(keys.keys).toHaveLength(1);
      expect(keys.keys[0]!.kid).not.toBe(jwks.keys[1]!.kid);
    } finally {
      await app.stop();
    }
  });

  it('during the rotation, locations signed with either secret verify; the institution signs with either callback secret of its own rotation', async () => {
    const before = await start({ APP_SECRET: OLD });
    const seller = await onboardSeller(before);
    const charge = await rest(before, 'POST', '/api/v1/cobranca/transactions', {
      key: seller.apiKey,
      idempotencyKey: randomUUID(),
      body: { amount: 1000, description: 'rotation', customer: { name: 'Maria Souza', email: 'maria@example.com' } },
    });
    expect(charge.status).toBe(201);
    const locationId = /pix\/qr\/([a-z0-9]+)/.exec(JSON.stringify(parseBrCode(charge.body.data.pix.copyPaste)))![1];
    const signedBefore = await (await contractFetch(`${before.url}/pix/qr/${locationId}`)).text();
    await before.stop();

    const during = await start({ APP_SECRET: NEW, APP_SECRET_ACCEPTED: OLD, INSTITUTION_CALLBACK_SECRET: NEW_CALLBACK, INSTITUTION_CALLBACK_SECRET_ACCEPTED: OLD_CALLBACK });
    try {
      const jwks = createLocalJWKSet((await (await contractFetch(`${during.url}/pix/jwks`)).json()) as JSONWebKeySet);
      await expect(compactVerify(signedBefore, jwks)).resolves.toBeTruthy();
      await expect(compactVerify(await (await contractFetch(`${during.url}/pix/qr/${locationId}`)).text(), jwks)).resolves.toBeTruthy();
      const report = (secret: string, n: number) => {
        const body = { reportId: `rotation-${n}`, transactionId: charge.body.data.id, status: 'CREATED' };
        return rest(during, 'POST', '/v1/institution/reports', { body, headers: signedCallbackHeaders(secret, body, clock.now()) }).then((r) => r.status);
      };
      expect(await report(OLD_CALLBACK, 1)).toBe(200);
      expect(await report(NEW_CALLBACK, 2)).toBe(200);
      expect(await report(`${NEW}:institution`, 3)).toBe(401);
      expect(await report('some-other-secret-0123456789abcdef', 4)).toBe(401);
    } finally {
      await during.stop();
    }
  });

  it('refuses an accepted secret equal to the current one', () => {
    expect(() => loadConfig({ APP_SECRET: NEW, APP_SECRET_ACCEPTED: NEW })).toThrow(/must differ/);
  });
});
