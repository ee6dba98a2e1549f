import { randomUUID } from 'node:crypto';
import { compactVerify, createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { describe, expect, it } from 'vitest';
import { parseBrCode, verifyBrCode } from '../../src/domain/pix/br-code';
import { gql, onboardSeller, type TestApp, startTestAppWithSeller, type Seller } from '../support/app';
import { contractFetch } from '../support/contract';
import { rest } from '../support/rest';
import { drainJobs, sqlOf, runDueJobs } from '../support/platform';
import { reportAsInstitution } from '../support/institution';
import { ON_APIPIX } from '../support/test-institution';

let app: TestApp;
let seller: Seller;
const TX = '/api/v1/cobranca/transactions';

startTestAppWithSeller({ ROLE: 'api', PUBLIC_BASE_URL: 'https://pix.example.com' }, (started, onboarded) => {
  // api role: no background job loop, so the test decides when due jobs run.
  [app, seller] = [started, onboarded];
});

const runJobs = () => runDueJobs(app);
const create = (body: Record<string, unknown>, key: string = randomUUID(), apiKey = seller.apiKey) => rest(app, 'POST', TX, { key: apiKey, body, idempotencyKey: key });
const get = (id: string, apiKey = seller.apiKey) => rest(app, 'GET', `${TX}/${id}`, { key: apiKey });
const balance = async () => (await rest(app, 'GET', '/balance-statement', { bearer: seller.apiKey })).body.data;

describe('creating a PIX charge', () => {
  // On API Pix the BR Code is the PSP's (its location, no amount in the payload), not PixPay's own encoding.
  it.skipIf(ON_APIPIX)('answers 201 with a PENDING transaction carrying a valid dynamic BR Code and QR image', async () => {
    const res = await create({ amount: 1050, description: 'Pedido 42', merchantOrderId: 'order-42', metadata: { cart: 'abc' } });
    expect(res.status).toBe(201);
    const t = res.body.data;
    expect(res.body.status).toBe(true);
    expect(t).toMatchObject({ amount: 1050, paymentMethod: 'PIX', status: 'PENDING', description: 'Pedido 42', merchantOrderId: 'order-42', metadata: { cart: 'abc' } });
    for (const absent of ['paidAt', 'end2endId', 'feeAmount', 'netAmount', 'refundedAmount', 'refundType', 'customer', 'postbackUrl', 'refusedReason']) {
      expect(t).not.toHaveProperty(absent);
    }
    expect(typeof t.providerReference).toBe('string');
    expect(verifyBrCode(t.pix.copyPaste)).toBe(true);
    const code = parseBrCode(t.pix.copyPaste);
    expect(code).toMatchObject({ amountCents: 1050 });
    expect(JSON.stringify(code)).toContain('pix.example.com/pix/qr/');
    expect(t.pix.copyPaste).toMatch(/6304[0-9A-F]{4}$/);
    expect(t.pix.qrCode).toMatch(/^https:\/\/pix\.example\.com\/pix\/qr\/[a-z0-9]+\.png$/);
    expect(JSON.stringify(code)).toContain(`pix.example.com/pix/qr/${/qr\/([a-z0-9]+)\.png$/.exec(t.pix.qrCode)![1]}`);
    expect(new Date(t.pix.expiresAt).getTime() - new Date(t.createdAt).getTime()).toBe(3_600_000);
  });

  it('is confirmed by the institution (WAITING_PAYMENT), then paid automatically 30 s later with the fee taken', async () => {
    await runJobs();
    app.clock.advance(3_600_000); // settle what earlier tests left scheduled
    await runJobs();
    const before = await balance();
    const t = (await create({ amount: 10_000 })).body.data;
    await runJobs();
    expect((await get(t.id)).body.data.status).toBe('WAITING_PAYMENT');
    app.clock.advance(29_000);
    await runJobs();
    expect((await get(t.id)).body.data.status).toBe('WAITING_PAYMENT');
    app.clock.advance(1_000);
    await runJobs();
    const paid = (await get(t.id)).body.data;
    expect(paid).toMatchObject({ status: 'PAID', feeAmount: 99, netAmount: 9_901 });
    expect(paid.end2endId).toMatch(/^E[0-9]{8}[0-9]{12}[A-Za-z0-9]{11}$/);
    expect(paid.paidAt).toBeDefined();
    expect((await balance()).available - before.available).toBe(9_901);
    const events = await sqlOf(app).query<{ event_type: string }>('select event_type from outbox where aggregate_id = ? order by id', [t.id]);
    expect(events.map((e) => e.event_type)).toEqual(['TRANSACTION_CREATED', 'TRANSACTION_WAITING_PAYMENT', 'TRANSACTION_PAID']);
  });

  it('credits exactly once when the paid report arrives many times at once', async () => {
    const t = (await create({ amount: 2_000 })).body.data;
    const before = await balance();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => app.services.transactionReports.apply({ reportId: `dup-${t.id}-${i % 3}`, transactionId: t.id, status: 'PAID' })),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect((await balance()).available - before.available).toBe(2_000 - 20);
  });

  it('validates the body with specific codes in the cobranca format', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'AMOUNT_REQUIRED'],
      [{ amount: 10.5 }, 'INVALID_AMOUNT'],
      [{ amount: '100' }, 'INVALID_AMOUNT'],
      [{ amount: 0 }, 'AMOUNT_TOO_LOW'],
      [{ amount: 100_000_001 }, 'AMOUNT_TOO_HIGH'],
      [{ amount: 100, paymentMethod: 'CASH' }, 'UNSUPPORTED_PAYMENT_METHOD'],
      [{ amount: 100, expiration: 30 }, 'INVALID_EXPIRATION'],
      [{ amount: 100, expiration: 604_801 }, 'INVALID_EXPIRATION'],
      [{ amount: 100, customer: { document: '123' } }, 'INVALID_CUSTOMER_DOCUMENT'],
      [{ amount: 100, customer: { email: 'x@' } }, 'INVALID_CUSTOMER_EMAIL'],
      [{ amount: 100, customer: { ssn: '1' } }, 'UNKNOWN_FIELD'],
      [{ amount: 100, metadata: [1, 2] }, 'INVALID_METADATA'],
      [{ amount: 100, metadata: { big: 'x'.repeat(5000) } }, 'INVALID_METADATA'],
      [{ amount: 100, postbackUrl: 'http://example.com/hook' }, 'POSTBACK_URL_NOT_HTTPS'],
      [{ amount: 100, postbackUrl: 'https://127.0.0.1/hook' }, 'WEBHOOK_URL_FORBIDDEN'],
      [{ amount: 100, postbackUrl: 'https://10.1.2.3/hook' }, 'WEBHOOK_URL_FORBIDDEN'],
      [{ amount: 100, description: 'x'.repeat(501) }, 'FIELD_TOO_LONG'],
    ];
    for (const [body, code] of cases) {
      const res = await create(body);
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status: 400, code });
      expect(res.body.correlationID).toBe(res.headers.get('x-request-id'));
    }
  });

  it('keeps customer data, normalised', async () => {
    const res = await create({ amount: 500, customer: { name: 'Maria Souza', email: 'Maria@Example.com', document: '529.982.247-25', phone: '(11) 98765-4321' } });
    expect(res.body.data.customer).toEqual({ name: 'Maria Souza', email: 'maria@example.com', document: '52998224725', documentType: 'CPF', phone: '+5511987654321' });
  });
});

describe('idempotency of creation', () => {
  it('replays the same answer for the same key and body, without a second charge', async () => {
    const key = randomUUID();
    const first = await create({ amount: 777 }, key);
    const again = await create({ amount: 777 }, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const list = await rest(app, 'GET', `${TX}?limit=500`, { key: seller.apiKey });
    expect(list.body.data.items.filter((t: { amount: number }) => t.amount === 777)).toHaveLength(1);
  });

  it('422 IDEMPOTENCY_KEY_CONFLICT for another body; 400 for a missing or too long key', async () => {
    const key = randomUUID();
    await create({ amount: 101 }, key);
    const conflict = await create({ amount: 102 }, key);
    expect(conflict.status).toBe(422);
    expect(conflict.body.code).toBe('IDEMPOTENCY_KEY_CONFLICT');
    const missing = await rest(app, 'POST', TX, { key: seller.apiKey, body: { amount: 100 } });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect((await create({ amount: 100 }, 'k'.repeat(129))).body.code).toBe('IDEMPOTENCY_KEY_TOO_LONG');
  });

  it('a key is scoped to its seller', async () => {
    const other = await onboardSeller(app);
    const key = randomUUID();
    const a = await create({ amount: 300 }, key);
    const b = await create({ amount: 300 }, key, other.apiKey);
    expect(b.status).toBe(201);
    expect(b.body.data.id).not.toBe(a.body.data.id);
  });
});

describe('reading and listing', () => {
  it("another seller's transaction is not found, in the cobranca format", async () => {
    const other = await onboardSeller(app);
    const mine = (await create({ amount: 400 })).body.data;
    const res = await get(mine.id, other.apiKey);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'TRANSACTION_NOT_FOUND', message: expect.any(String), correlationID: expect.any(String) });
    expect((await get('no-such-id')).status).toBe(404);
  });

  it('401 in the standard format without a key', async () => {
    const res = await rest(app, 'GET', TX);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status: false, erro: 'UNAUTHENTICATED', path: TX });
  });

  it('lists newest first with limit/offset, status and date filters', async () => {
    const s = await onboardSeller(app);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await create({ amount: 100 + i }, randomUUID(), s.apiKey)).body.data.id);
      app.clock.advance(1_000);
    }
    const page1 = await rest(app, 'GET', `${TX}?limit=2`, { key: s.apiKey });
    expect(page1.body.data).toMatchObject({ total: 5, limit: 2, offset: 0 });
    expect(page1.body.data.items.map((t: { id: string }) => t.id)).toEqual([ids[4], ids[3]]);
    const page3 = await rest(app, 'GET', `${TX}?limit=2&offset=4`, { key: s.apiKey });
    expect(page3.body.data.items.map((t: { id: string }) => t.id)).toEqual([ids[0]]);
    const pending = await rest(app, 'GET', `${TX}?status=PENDING&paymentMethod=PIX`, { key: s.apiKey });
    expect(pending.body.data.total).toBe(5);
    expect((await rest(app, 'GET', `${TX}?status=PAID`, { key: s.apiKey })).body.data.total).toBe(0);
    const second = (await get(ids[1]!, s.apiKey)).body.data.createdAt;
    const fourth = (await get(ids[3]!, s.apiKey)).body.data.createdAt;
    const ranged = await rest(app, 'GET', `${TX}?createdFrom=${encodeURIComponent(second)}&createdUntil=${encodeURIComponent(fourth)}`, { key: s.apiKey });
    expect(ranged.body.data.items.map((t: { id: string }) => t.id)).toEqual([ids[3], ids[2], ids[1]]);
  });

  it('searches the id, description and merchant order id, case-insensitive, through both doors', async () => {
    const s = await onboardSeller(app);
    const shoes = (await create({ amount: 1000, description: 'Tênis de corrida', merchantOrderId: 'loja-77' }, randomUUID(), s.apiKey)).body.data.id as string;
    const percent = (await create({ amount: 1000, description: 'Desconto de 100%' }, randomUUID(), s.apiKey)).body.data.id as string;
    await create({ amount: 1000, description: 'Camiseta' }, randomUUID(), s.apiKey);
    const found = async (term: string) =>
      (await rest(app, 'GET', `${TX}?search=${encodeURIComponent(term)}`, { key: s.apiKey })).body.data.items.map((t: { id: string }) => t.id);
    expect(await found('TÊNIS')).toEqual([shoes]);
    expect(await found('LOJA-7')).toEqual([shoes]);
    expect(await found(shoes.slice(2, 12))).toEqual([shoes]);
    // LIKE wildcards in the term are plain characters.
    expect(await found('100%')).toEqual([percent]);
    expect(await found('%')).toEqual([percent]);
    const graphql = await gql(app, 'query($q: String) { transactions(search: $q) { total items { id } } }', { q: 'tênis' }, s.session);
    expect(graphql.data!.transactions).toEqual({ total: 1, items: [{ id: shoes }] });
  });

  it.each([['limit=0'], ['limit=501'], ['offset=-1'], ['status=NOPE'], ['paymentMethod=CASH'], ['createdFrom=yesterday'], ['limit=abc'], [`search=${'x'.repeat(201)}`]])('400 for %s', async (q) => {
    const res = await rest(app, 'GET', `${TX}?${q}`, { key: seller.apiKey });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_QUERY_PARAMETER');
  });
});

describe('status reports', () => {
  it('late lower reports never undo a higher status; unknown words become FAILED', async () => {
    const t = (await create({ amount: 900 })).body.data;
    await app.services.transactionReports.apply({ reportId: `r1-${t.id}`, transactionId: t.id, status: 'PAID' });
    const late = await app.services.transactionReports.apply({ reportId: `r2-${t.id}`, transactionId: t.id, status: 'WAITING_PAYMENT' });
    expect(late.applied).toBe(false);
    expect((await get(t.id)).body.data.status).toBe('PAID');

    const u = (await create({ amount: 901 })).body.data;
    await app.services.transactionReports.apply({ reportId: `r3-${u.id}`, transactionId: u.id, status: 'SOMETHING_NEW' });
    expect((await get(u.id)).body.data.status).toBe('FAILED');
  });

  it('a paid charge keeps no work for later: paid before its registration it is not registered; paid after, the automatic payment reports nothing; neither keeps its expiry job', async () => {
    const jobKeys = async (id: string) =>
      (await sqlOf(app).query<{ key: string }>('select key from jobs where key in (?, ?, ?) order by key', [`register:${id}`, `expire:${id}`, `sandbox-autopay:${id}`])).map((j) => j.key);
    const reportsOf = async (id: string) => (await sqlOf(app).query<{ report_id: string }>('select report_id from institution_reports where transaction_id = ? order by report_id', [id])).map((r) => r.report_id);
    const eventsOf = async (id: string) => (await sqlOf(app).query<{ event_type: string }>('select event_type from outbox where aggregate_id = ? order by id', [id])).map((e) => e.event_type);

    const early = (await create({ amount: 905 })).body.data;
    expect(await jobKeys(early.id)).toEqual([`expire:${early.id}`, `register:${early.id}`]);
    await app.services.transactionReports.apply({ reportId: `early-${early.id}`, transactionId: early.id, status: 'PAID' });
    expect(await jobKeys(early.id)).toEqual([`register:${early.id}`]);
    await drainJobs(app);
    expect([await jobKeys(early.id), await reportsOf(early.id), await eventsOf(early.id)]).toEqual([[], [`early-${early.id}`], ['TRANSACTION_PAID']]);

    const later = (await create({ amount: 906 })).body.data;
    await drainJobs(app);
    expect((await get(later.id)).body.data.status).toBe('WAITING_PAYMENT');
    await app.services.transactionReports.apply({ reportId: `later-${later.id}`, transactionId: later.id, status: 'PAID' });
    app.clock.advance(30_000);
    await drainJobs(app);
    expect(await jobKeys(later.id)).toEqual([]);
    expect(await reportsOf(later.id)).not.toContain(`sandbox-autopay:${later.id}`);
    expect((await get(later.id)).body.data.status).toBe('PAID');
  });

  // On API Pix the QR location is the PSP's, not PixPay's /pix/qr payload.
  it.skipIf(ON_APIPIX)('an unpaid charge expires at its expiration; the QR location then says REMOVIDA_PELO_PSP', async () => {
    const t = (await create({ amount: 950, expiration: 60 })).body.data;
    await app.services.transactionReports.apply({ reportId: `c-${t.id}`, transactionId: t.id, status: 'CREATED' });
    await sqlOf(app).query('delete from jobs where key = ?', [`sandbox-autopay:${t.id}`]);
    app.clock.advance(60_000);
    await runJobs();
    const expired = (await get(t.id)).body.data;
    expect(expired.status).toBe('EXPIRED');
    const locationId = /pix\/qr\/([a-z0-9]+)/.exec(JSON.stringify(parseBrCode(t.pix.copyPaste)))![1];
    const res = await contractFetch(`${app.url}/pix/qr/${locationId}`);
    expect(res.headers.get('content-type')).toMatch(/^application\/jose/);
    const jwks = createLocalJWKSet(await (await contractFetch(`${app.url}/pix/jwks`)).json() as JSONWebKeySet);
    const { payload } = await compactVerify(await res.text(), jwks);
    expect(JSON.parse(new TextDecoder().decode(payload))).toMatchObject({ txid: expect.any(String), status: 'REMOVIDA_PELO_PSP', valor: { original: '9.50' }, calendario: { expiracao: 60 } });
    expect((await contractFetch(`${app.url}/pix/qr/unknown`)).status).toBe(404);
  });

  it('the institution callback path needs a signed body and is idempotent by reportId', async () => {
    const t = (await create({ amount: 1_234 })).body.data;
    const path = '/v1/institution/reports';
    const body = { reportId: `cb-${t.id}`, transactionId: t.id, status: 'PAID', end2endId: 'E00000000202601011200abcdefghijk' };
    expect((await rest(app, 'POST', path, { bearer: 'wrong', body })).status).toBe(401);
    const first = await reportAsInstitution(app, body);
    expect(first.body.data).toEqual({ applied: true, duplicate: false, transactionStatus: 'PAID' });
    const again = await reportAsInstitution(app, body);
    expect(again.body.data).toEqual({ applied: false, duplicate: true, transactionStatus: 'PAID' });
    expect((await get(t.id)).body.data.end2endId).toBe(body.end2endId);
    expect((await reportAsInstitution(app, { reportId: 'x' })).status).toBe(400);
  });
});
