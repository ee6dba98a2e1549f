import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, onboardSeller } from '../support/app';
import { emitEvent, paidTransaction, startWebhookApp, type WebhookTestApp } from './support/app';
import { eventually, independentVerify, Receiver } from './support/receiver';
import { contractFetch } from '../support/contract';
import { rest } from '../support/rest';

let receiver: Receiver;
let app: WebhookTestApp; // PostgreSQL, no AMQP_URL: the in-process PostgreSQL-backed queue
let strict: WebhookTestApp; // no allow-list: the SSRF guard as in production
let seller: Awaited<ReturnType<typeof onboardSeller>>;
let other: Awaited<ReturnType<typeof onboardSeller>>;

beforeAll(async () => {
  receiver = await Receiver.start();
  [app, strict] = await Promise.all([
    startWebhookApp(receiver, { amqp: false, name: 'mgmt' }),
    startWebhookApp(receiver, { amqp: false, name: 'strict', env: { WEBHOOK_ALLOW_HOSTS: '' } }),
  ]);
  seller = await onboardSeller(app);
  other = await onboardSeller(app);
});
afterAll(async () => {
  await Promise.all([app?.close(), strict?.close()]);
  await receiver?.stop();
});

const standardError = (body: any, code: string, path: string) =>
  expect(body).toEqual(expect.objectContaining({ status: false, erro: code, mensagem: expect.any(String), requestId: expect.any(String), timestamp: expect.any(String), path }));

describe('registration: validation and SSRF', () => {
  it.each([
    [{ eventType: 'ALL', url: 'http://example.com/hook' }, 'WEBHOOK_URL_NOT_HTTPS'],
    [{ eventType: 'ALL' }, 'WEBHOOK_URL_REQUIRED'],
    [{ eventType: 'ALL', url: 'not a url' }, 'INVALID_WEBHOOK_URL'],
    [{ eventType: 'ALL', url: 'https://user:pw@example.com/' }, 'INVALID_WEBHOOK_URL'],
    [{ eventType: 'ALL', url: `https://example.com/${'x'.repeat(2_100)}` }, 'WEBHOOK_URL_TOO_LONG'],
    [{ eventType: 'PAYMENTS', url: 'https://example.com/hook' }, 'INVALID_WEBHOOK_EVENT_TYPE'],
    [{ url: 'https://example.com/hook' }, 'INVALID_WEBHOOK_EVENT_TYPE'],
  ])('%j -> 400 %s in the standard error format', async (body, code) => {
    const res = await rest(app, 'POST', '/v1/webhooks', { key: seller.apiKey, body });
    expect(res.status).toBe(400);
    standardError(res.body, code, '/v1/webhooks');
  });

  it.each([
    'https://127.0.0.1/hook',
    'https://localhost/hook',
    'https://10.1.2.3/hook',
    'https://172.16.5.4/hook',
    'https://192.168.0.10/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/hook',
    'https://0.0.0.0/hook',
    'https://[::1]/hook',
    'https://[fd00::1]/hook',
    'https://[fe80::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
  ])('refuses %s without the allow-list (WEBHOOK_URL_FORBIDDEN)', async (url) => {
    const s = await onboardSeller(strict);
    const res = await rest(strict, 'POST', '/v1/webhooks', { key: s.apiKey, body: { eventType: 'ALL', url } });
    expect(res.status).toBe(400);
    standardError(res.body, 'WEBHOOK_URL_FORBIDDEN', '/v1/webhooks');
  });

  it('requires a credential (x-api-key or Bearer)', async () => {
    const res = await contractFetch(`${app.url}/v1/webhooks`);
    expect(res.status).toBe(401);
    standardError(await res.json(), 'UNAUTHENTICATED', '/v1/webhooks');
    const bearer = await contractFetch(`${app.url}/v1/webhooks`, { headers: { authorization: `Bearer ${seller.apiKey}` } });
    expect(bearer.status).toBe(200);
  });
});

describe('management', () => {
  it('register (201, secret once), list, get, update, rotate, test event, delete', async () => {
    const created = await rest(app, 'POST', '/v1/webhooks', { key: seller.apiKey, body: { eventType: 'TRANSACTION', url: receiver.url('/mgmt'), description: 'orders' } });
    expect(created.status).toBe(201);
    const hook = created.body.data;
    expect(hook).toMatchObject({ id: expect.stringMatching(/^wh_/), eventType: 'TRANSACTION', url: receiver.url('/mgmt'), description: 'orders' });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(hook.secretLast4).toBe(hook.secret.slice(-4));

    const list = await rest(app, 'GET', '/v1/webhooks', { key: seller.apiKey });
    expect(list.body.data).toEqual([expect.objectContaining({ id: hook.id })]);
    expect(list.body.data[0].secret).toBeUndefined();
    const got = await rest(app, 'GET', `/v1/webhooks/${hook.id}`, { key: seller.apiKey });
    expect(got.body.data.secret).toBeUndefined();
    // Another seller cannot see or touch it.
    expect((await rest(app, 'GET', `/v1/webhooks/${hook.id}`, { key: other.apiKey })).status).toBe(404);
    expect((await rest(app, 'DELETE', `/v1/webhooks/${hook.id}`, { key: other.apiKey })).body.erro).toBe('WEBHOOK_NOT_FOUND');

    const updated = await rest(app, 'PATCH', `/v1/webhooks/${hook.id}`, { key: seller.apiKey, body: { eventType: 'ALL' } });
    expect(updated.body.data).toMatchObject({ eventType: 'ALL', url: receiver.url('/mgmt') });
    const badUpdate = await rest(app, 'PATCH', `/v1/webhooks/${hook.id}`, { key: seller.apiKey, body: { url: 'http://insecure.example.com' } });
    expect(badUpdate.body.erro).toBe('WEBHOOK_URL_NOT_HTTPS');

    const rotated = await rest(app, 'POST', `/v1/webhooks/${hook.id}/rotate-secret`, { key: seller.apiKey });
    expect(rotated.body.data.secret).not.toBe(hook.secret);

    const test = await rest(app, 'POST', `/v1/webhooks/${hook.id}/test`, { key: seller.apiKey });
    expect(test.status).toBe(202);
    expect(test.body.data).toMatchObject({ eventType: 'WEBHOOK_TEST', trigger: 'TEST', webhookId: hook.id });
    await receiver.waitFor(() => receiver.on('/mgmt').length === 1);
    const [req] = receiver.on('/mgmt');
    expect(req!.headers['x-webhook-id']).toBe(test.body.data.eventId);
    expect(independentVerify(req!.rawBody, String(req!.headers['x-webhook-timestamp']), rotated.body.data.secret)).toBe(true);
    expect(independentVerify(req!.rawBody, String(req!.headers['x-webhook-timestamp']), hook.secret)).toBe(false);

    const attempts = await rest(app, 'GET', `/v1/webhooks/${hook.id}/attempts`, { key: seller.apiKey });
    await eventually(() => rest(app, 'GET', `/v1/webhooks/${hook.id}/attempts`, { key: seller.apiKey }), (r) => r.body.data.total === 1, 5_000, 'attempt log');
    expect(attempts.status).toBe(200);

    const deleted = await rest(app, 'DELETE', `/v1/webhooks/${hook.id}`, { key: seller.apiKey });
    expect(deleted.body).toEqual({ status: true, data: { id: hook.id, deleted: true } });
    expect((await rest(app, 'GET', `/v1/webhooks/${hook.id}`, { key: seller.apiKey })).status).toBe(404);
  });

  it('routes by category: WITHDRAWAL registrations get WITHDRAWAL_*, DISPUTE gets MED_* too, ALL gets everything', async () => {
    const s = await onboardSeller(app);
    for (const [cat, path] of [['WITHDRAWAL', '/cat-w'], ['DISPUTE', '/cat-d'], ['ALL', '/cat-all'], ['TRANSACTION', '/cat-t']] as const) {
      expect((await rest(app, 'POST', '/v1/webhooks', { key: s.apiKey, body: { eventType: cat, url: receiver.url(path) } })).status).toBe(201);
    }
    await emitEvent(app, { sellerId: s.sellerId, eventType: 'WITHDRAWAL_PAID', aggregateType: 'WITHDRAWAL', payload: { id: 'wd_1', amount: 600, pixKey: 'ana@example.com', pixKeyType: 'EMAIL' } });
    await emitEvent(app, { sellerId: s.sellerId, eventType: 'MED_DISPUTE_CREATED', aggregateType: 'DISPUTE', payload: { id: 'dp_1', status: 'OPEN' } });
    await receiver.waitFor(() => receiver.on('/cat-all').length === 2);
    await receiver.waitFor(() => receiver.on('/cat-w').length === 1 && receiver.on('/cat-d').length === 1);
    expect(JSON.parse(receiver.on('/cat-w')[0]!.rawBody)).toMatchObject({ eventType: 'WITHDRAWAL_PAID', pixKey: 'a***@example.com', pixKeyType: 'EMAIL' });
    expect(JSON.parse(receiver.on('/cat-d')[0]!.rawBody).eventType).toBe('MED_DISPUTE_CREATED');
    expect(receiver.on('/cat-t')).toHaveLength(0);
  });

  it("a transaction's postbackUrl gets its events, signed with the seller's postback secret", async () => {
    const s = await onboardSeller(app);
    const eventId = await emitEvent(app, { sellerId: s.sellerId, payload: paidTransaction('tx_pb', { postbackUrl: receiver.url('/postback') }) });
    await receiver.waitFor(() => receiver.on('/postback').length === 1);
    const secret = await rest(app, 'GET', '/v1/webhooks/postback-secret', { key: s.apiKey });
    expect(secret.body.data.secret).toMatch(/^whsec_/);
    const [req] = receiver.on('/postback');
    expect(req!.headers['x-webhook-id']).toBe(eventId);
    expect(independentVerify(req!.rawBody, String(req!.headers['x-webhook-timestamp']), secret.body.data.secret)).toBe(true);
    const rotated = await rest(app, 'POST', '/v1/webhooks/postback-secret/rotate', { key: s.apiKey });
    expect(rotated.body.data.secret).not.toBe(secret.body.data.secret);
    expect((await rest(app, 'GET', '/v1/webhooks/postback-secret', { key: s.apiKey })).body.data.secret).toBe(rotated.body.data.secret);
    // An http:// postbackUrl is never called: its delivery is FAILED at once, visible in the log.
    const bad = await emitEvent(app, { sellerId: s.sellerId, payload: paidTransaction('tx_pb_http', { postbackUrl: 'http://example.com/pb' }) });
    const ds = await eventually(() => rest(app, 'GET', `/v1/webhooks/deliveries?eventId=${bad}`, { key: s.apiKey }), (r) => r.body.data.items.length === 1, 15_000, 'failed postback');
    expect(ds.body.data.items[0]).toMatchObject({ target: 'POSTBACK', status: 'FAILED', lastError: 'WEBHOOK_URL_NOT_HTTPS' });
  });

  it('resend-transaction-event and resend-withdrawal-event resend the latest event of each id, same X-Webhook-Id', async () => {
    const s = await onboardSeller(app);
    await rest(app, 'POST', '/v1/webhooks', { key: s.apiKey, body: { eventType: 'ALL', url: receiver.url('/resend') } });
    await emitEvent(app, { sellerId: s.sellerId, eventType: 'TRANSACTION_WAITING_PAYMENT', payload: paidTransaction('tx_rs', { status: 'WAITING_PAYMENT' }) });
    const latest = await emitEvent(app, { sellerId: s.sellerId, payload: paidTransaction('tx_rs') });
    const wd = await emitEvent(app, { sellerId: s.sellerId, eventType: 'WITHDRAWAL_PAID', aggregateType: 'WITHDRAWAL', payload: { id: 'wd_rs', amount: 900 } });
    await receiver.waitFor(() => receiver.on('/resend').length === 3);
    const tx = await rest(app, 'POST', '/v1/webhooks/resend-transaction-event', { key: s.apiKey, body: { transactionIds: ['tx_rs', 'tx_unknown'] } });
    expect(tx.body).toEqual({
      status: true,
      data: { results: [{ id: 'tx_rs', eventId: latest, eventType: 'TRANSACTION_PAID', deliveries: 1 }, { id: 'tx_unknown', eventId: null, eventType: null, deliveries: 0 }] },
    });
    const w = await rest(app, 'POST', '/v1/webhooks/resend-withdrawal-event', { key: s.apiKey, body: { withdrawalIds: ['wd_rs'] } });
    expect(w.body.data.results[0]).toMatchObject({ eventId: wd, deliveries: 1 });
    await receiver.waitFor(() => receiver.on('/resend').length === 5);
    const resent = receiver.on('/resend').slice(3).map((r) => r.headers['x-webhook-id']);
    expect(resent.sort()).toEqual([latest, wd].sort());
    // Another seller's ids are not found.
    const foreign = await rest(app, 'POST', '/v1/webhooks/resend-transaction-event', { key: other.apiKey, body: { transactionIds: ['tx_rs'] } });
    expect(foreign.body.data.results[0].eventId).toBeNull();
    const invalid = await rest(app, 'POST', '/v1/webhooks/resend-withdrawal-event', { key: s.apiKey, body: { withdrawalIds: [] } });
    expect(invalid.status).toBe(400);
    standardError(invalid.body, 'INVALID_RESEND_IDS', '/v1/webhooks/resend-withdrawal-event');
  });

  it('replays every expired delivery of a time range, to the registration as it is now', async () => {
    const s = await onboardSeller(app);
    const hook = (await rest(app, 'POST', '/v1/webhooks', { key: s.apiKey, body: { eventType: 'ALL', url: receiver.url('/replay-old') } })).body.data;
    receiver.script('/replay-old', () => ({ status: 500 }));
    const eventId = await emitEvent(app, { sellerId: s.sellerId, payload: paidTransaction('tx_replay') });
    await receiver.waitFor(() => receiver.on('/replay-old').length === 1);
    const from = new Date(app.clock.now().getTime() - 60_000).toISOString();
    // 24 h later the delivery has expired.
    app.clock.advance(24 * 3_600_000 + 1_000);
    await app.services.webhookRuntime.sweeper.sweep();
    const expired = await eventually(() => rest(app, 'GET', `/v1/webhooks/deliveries?eventId=${eventId}`, { key: s.apiKey }), (r) => r.body.data.items[0]?.status === 'EXPIRED', 5_000, 'expired');
    expect(expired.body.data.items[0].status).toBe('EXPIRED');
    // A page past the end is empty and still counts what there is (page and total read together).
    const past = await rest(app, 'GET', `/v1/webhooks/deliveries?eventId=${eventId}&skip=5`, { key: s.apiKey });
    expect(past.body.data).toMatchObject({ items: [], total: 1, skip: 5 });
    const attempts = await rest(app, 'GET', `/v1/webhooks/events/${eventId}/attempts?skip=50`, { key: s.apiKey });
    expect(attempts.body.data.items).toEqual([]);
    expect(attempts.body.data.total).toBeGreaterThanOrEqual(1);
    // The seller fixes the URL, then replays the range.
    await rest(app, 'PATCH', `/v1/webhooks/${hook.id}`, { key: s.apiKey, body: { url: receiver.url('/replay-new') } });
    const replay = await rest(app, 'POST', '/v1/webhooks/replay-failed', { key: s.apiKey, body: { from, to: app.clock.now().toISOString() } });
    expect(replay.body).toEqual({ status: true, data: { replayed: 1 } });
    await receiver.waitFor(() => receiver.on('/replay-new').length === 1);
    expect(receiver.on('/replay-new')[0]!.headers['x-webhook-id']).toBe(eventId);
    expect((await rest(app, 'POST', '/v1/webhooks/replay-failed', { key: s.apiKey, body: { from } })).body.data.replayed).toBe(0); // once only
    const bad = await rest(app, 'POST', '/v1/webhooks/replay-failed', { key: s.apiKey, body: { from: 'yesterday' } });
    expect(bad.body.erro).toBe('INVALID_DATE');
  });
});

describe('GraphQL', () => {
  it('create, list, update, rotate, test, deliveries and attempts, delete', async () => {
    const s = await onboardSeller(app);
    const created = await gql(app, 'mutation($u:String!){ createWebhook(eventType: ALL, url: $u){ secret webhook { id eventType url secretLast4 } } }', { u: receiver.url('/gql') }, s.apiKey);
    expect(created.errors).toBeUndefined();
    const id = created.data!.createWebhook.webhook.id as string;
    expect(created.data!.createWebhook.secret).toMatch(/^whsec_/);
    const refused = await gql(app, 'mutation{ createWebhook(eventType: ALL, url: "http://example.com"){ secret } }', {}, s.apiKey);
    expect(refused.errors?.[0]?.extensions?.code).toBe('WEBHOOK_URL_NOT_HTTPS');
    const list = await gql(app, '{ webhooks { id } }', {}, s.apiKey);
    expect(list.data!.webhooks).toEqual([{ id }]);
    const upd = await gql(app, 'mutation($id:ID!){ updateWebhook(id:$id, eventType: TRANSACTION){ eventType } }', { id }, s.apiKey);
    expect(upd.data!.updateWebhook.eventType).toBe('TRANSACTION');
    const rot = await gql(app, 'mutation($id:ID!){ rotateWebhookSecret(id:$id){ secret } }', { id }, s.apiKey);
    const test = await gql(app, 'mutation($id:ID!){ sendWebhookTestEvent(id:$id){ id eventId status } }', { id }, s.apiKey);
    expect(test.errors).toBeUndefined();
    await receiver.waitFor(() => receiver.on('/gql').length === 1);
    const req = receiver.on('/gql')[0]!;
    expect(independentVerify(req.rawBody, String(req.headers['x-webhook-timestamp']), rot.data!.rotateWebhookSecret.secret)).toBe(true);
    const deliveryId = test.data!.sendWebhookTestEvent.id;
    const one = await eventually(
      () => gql(app, 'query($id:ID!){ webhookDelivery(id:$id){ status attempts attemptLog { number success statusCode latencyMs } } }', { id: deliveryId }, s.apiKey),
      (r) => r.data?.webhookDelivery?.status === 'DELIVERED',
      5_000,
      'delivered',
    );
    expect(one.data!.webhookDelivery.attemptLog).toEqual([expect.objectContaining({ number: 1, success: true, statusCode: 200 })]);
    const byHook = await gql(app, 'query($id:ID!){ webhookDeliveries(webhookId:$id){ total items { id } } webhookAttempts(webhookId:$id){ total } }', { id }, s.apiKey);
    expect(byHook.data!.webhookDeliveries.total).toBe(1);
    expect(byHook.data!.webhookAttempts.total).toBe(1);
    const byEvent = await gql(app, 'query($e:String!){ webhookAttempts(eventId:$e){ items { eventId } } }', { e: test.data!.sendWebhookTestEvent.eventId }, s.apiKey);
    expect(byEvent.data!.webhookAttempts.items).toHaveLength(1);
    const pb = await gql(app, '{ postbackSecret { secret } }', {}, s.apiKey);
    expect(pb.data!.postbackSecret.secret).toMatch(/^whsec_/);
    const resend = await gql(app, 'mutation{ resendTransactionEvents(transactionIds: ["nope"]){ id eventId deliveries } }', {}, s.apiKey);
    expect(resend.data!.resendTransactionEvents).toEqual([{ id: 'nope', eventId: null, deliveries: 0 }]);
    const del = await gql(app, 'mutation($id:ID!){ deleteWebhook(id:$id) }', { id }, s.apiKey);
    expect(del.data!.deleteWebhook).toBe(true);
    const gone = await gql(app, 'query($id:ID!){ webhook(id:$id){ id } }', { id }, s.apiKey);
    expect(gone.errors?.[0]?.extensions?.code).toBe('WEBHOOK_NOT_FOUND');
  });
});

describe('across the doors', () => {
  const WEBHOOK_FIELDS = 'id eventType url description secretLast4 createdAt updatedAt secretRotatedAt';
  const sameInstant = (a: string | null, b: string | null) => expect(a === null ? null : new Date(a).toISOString()).toBe(b === null ? null : new Date(b).toISOString());

  it('a webhook registered through REST is updated and rotated through GraphQL, and the REST door sees it', async () => {
    const s = await onboardSeller(app);
    const hook = (await rest(app, 'POST', '/v1/webhooks', { key: s.apiKey, body: { eventType: 'TRANSACTION', url: receiver.url('/doors-rest'), description: 'from REST' } })).body.data;
    const upd = await gql(app, `mutation($id:ID!, $u:String!){ updateWebhook(id:$id, eventType: ALL, url:$u){ ${WEBHOOK_FIELDS} } }`, { id: hook.id, u: receiver.url('/doors-gql') }, s.apiKey);
    expect(upd.errors).toBeUndefined();
    expect(upd.data!.updateWebhook).toMatchObject({ id: hook.id, eventType: 'ALL', url: receiver.url('/doors-gql'), description: 'from REST', secretLast4: hook.secretLast4 });
    const rot = await gql(app, `mutation($id:ID!){ rotateWebhookSecret(id:$id){ secret webhook { ${WEBHOOK_FIELDS} } } }`, { id: hook.id }, s.apiKey);
    expect(rot.data!.rotateWebhookSecret.secret).not.toBe(hook.secret);

    const got = (await rest(app, 'GET', `/v1/webhooks/${hook.id}`, { key: s.apiKey })).body.data;
    const viaGql = rot.data!.rotateWebhookSecret.webhook;
    expect(got).toMatchObject({ id: hook.id, eventType: 'ALL', url: receiver.url('/doors-gql'), description: 'from REST', secretLast4: rot.data!.rotateWebhookSecret.secret.slice(-4) });
    for (const field of ['createdAt', 'updatedAt', 'secretRotatedAt']) sameInstant(viaGql[field], got[field]);

    // The same wrong input gives the same code through either door.
    const restRefused = await rest(app, 'PATCH', `/v1/webhooks/${hook.id}`, { key: s.apiKey, body: { url: 'http://example.com/h' } });
    const gqlRefused = await gql(app, 'mutation($id:ID!){ updateWebhook(id:$id, url: "http://example.com/h"){ id } }', { id: hook.id }, s.apiKey);
    expect([restRefused.body.erro, gqlRefused.errors?.[0]?.extensions?.code]).toEqual(['WEBHOOK_URL_NOT_HTTPS', 'WEBHOOK_URL_NOT_HTTPS']);
  });

  it('a webhook registered through GraphQL is updated, rotated and tested through REST; its delivery is signed with the REST-rotated secret', async () => {
    const s = await onboardSeller(app);
    const created = await gql(app, `mutation($u:String!){ createWebhook(eventType: WITHDRAWAL, url: $u, description: "from GraphQL"){ secret webhook { ${WEBHOOK_FIELDS} } } }`, { u: receiver.url('/doors-x') }, s.apiKey);
    const id = created.data!.createWebhook.webhook.id as string;
    const upd = await rest(app, 'PATCH', `/v1/webhooks/${id}`, { key: s.apiKey, body: { url: receiver.url('/doors-y'), description: null } });
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({ id, eventType: 'WITHDRAWAL', url: receiver.url('/doors-y'), description: null });
    const rotated = await rest(app, 'POST', `/v1/webhooks/${id}/rotate-secret`, { key: s.apiKey });
    expect(rotated.body.data.secret).not.toBe(created.data!.createWebhook.secret);
    const test = await rest(app, 'POST', `/v1/webhooks/${id}/test`, { key: s.apiKey });
    expect(test.status).toBe(202);
    await receiver.waitFor(() => receiver.on('/doors-y').length === 1);
    const req = receiver.on('/doors-y')[0]!;
    expect(independentVerify(req.rawBody, String(req.headers['x-webhook-timestamp']), rotated.body.data.secret)).toBe(true);

    const seen = await gql(app, `query($id:ID!){ webhook(id:$id){ ${WEBHOOK_FIELDS} } }`, { id }, s.apiKey);
    expect(seen.data!.webhook).toMatchObject({ url: receiver.url('/doors-y'), description: null, secretLast4: rotated.body.data.secretLast4 });
    sameInstant(seen.data!.webhook.secretRotatedAt, rotated.body.data.secretRotatedAt);
    expect((await gql(app, 'mutation($id:ID!){ deleteWebhook(id:$id) }', { id }, s.apiKey)).data!.deleteWebhook).toBe(true);
    expect((await rest(app, 'DELETE', `/v1/webhooks/${id}`, { key: s.apiKey })).body.erro).toBe('WEBHOOK_NOT_FOUND');
  });
});
