import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, onboardSeller, startTestApp, type TestApp } from '../support/app';
import { rest } from '../support/rest';
import { createWithdrawal, drainJobs, fund } from '../withdrawals/support';
import { createCharge, operatorSession } from './support';
import { sqlOf } from '../support/platform';

let app: TestApp;
let dataDir: string;
let operator: string;
let a: Awaited<ReturnType<typeof onboardSeller>>;
let b: Awaited<ReturnType<typeof onboardSeller>>;

const CUSTOMER_A = { name: 'Maria Souza', email: 'maria.souza@example.com', document: '529.982.247-25', phone: '+5511987654321' };
const CUSTOMER_B = { name: 'Joao Lima', email: 'joao.lima@example.com', document: '111.444.777-35' };
const REQUEST_ERASURE = 'mutation($r:String){ requestErasure(reason:$r){ requestId status dueAt history { action actor } } }';
const EXECUTE = 'mutation($id:ID!){ executeErasure(requestId:$id){ requestId status closedBy retentionUntil history { action actor detail } } }';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'pixpay-dsr-'));
  app = await startTestApp({ DATA_DIR: dataDir, DATA_EXPORT_DIRECT_MAX_ROWS: '200', ROLE: 'api', WEBHOOK_ALLOW_HOSTS: 'hooks.example.com' });
  operator = await operatorSession(app);
  a = await onboardSeller(app);
  b = await onboardSeller(app);
  await createCharge(app, a.apiKey, CUSTOMER_A);
  const hook = await rest(app, 'POST', '/v1/webhooks', { key: a.apiKey, body: { eventType: 'ALL', url: 'https://hooks.example.com/pixpay', description: 'Maria\'s shop hook' } });
  expect(hook.status).toBe(201);
  await createCharge(app, b.apiKey, CUSTOMER_B);
  await fund(app, a.sellerId, 100_000);
  const wd = await createWithdrawal(app, a.apiKey, { amount: 1_000, method: 'PIX', pixKeyType: 'EMAIL', pixKey: 'beneficiario@example.com', description: 'aluguel da Maria' });
  expect(wd.status).toBe(201);
  await drainJobs(app);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('GET /data-subject/export (direct)', () => {
  it('answers the user\'s and its seller\'s data in sections, never another seller\'s', async () => {
    const res = await rest(app, 'GET', '/data-subject/export', { bearer: a.apiKey });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: true, message: expect.any(String) });
    const { sections, userId, sellerId, exportedAt } = res.body.data;
    expect(sellerId).toBe(a.sellerId);
    expect(typeof userId).toBe('string');
    expect(exportedAt).toMatch(/Z$/);
    expect(sections.user).toEqual([expect.objectContaining({ email: a.email, id: userId })]);
    expect(sections.user[0]).not.toHaveProperty('passwordHash');
    expect(sections.seller).toEqual([expect.objectContaining({ id: a.sellerId, documentNumber: expect.any(String) })]);
    expect(sections.apiKeys[0]).not.toHaveProperty('keyHash');
    expect(sections.charges).toHaveLength(1);
    expect(sections.charges[0]).toMatchObject({ amount: 1050, customer: { email: CUSTOMER_A.email }, createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) });
    expect(sections.withdrawals).toEqual([expect.objectContaining({ amount: 1_000, pixKey: 'beneficiario@example.com' })]);
    expect(sections.statement.length).toBeGreaterThan(0);
    expect(sections.wallet).toEqual([expect.objectContaining({ availablePix: expect.any(Number) })]);
    expect(JSON.stringify(res.body)).not.toContain(CUSTOMER_B.email);
    expect(JSON.stringify(res.body)).not.toContain(b.sellerId);
  });

  it('accepts a dashboard session too; refuses a missing credential', async () => {
    const res = await rest(app, 'GET', '/data-subject/export', { bearer: b.session });
    expect(res.status).toBe(200);
    expect(res.body.data.sections.charges[0].customer.email).toBe(CUSTOMER_B.email);
    expect((await rest(app, 'GET', '/data-subject/export')).body.erro).toBe('UNAUTHENTICATED');
  });

  it('answers the same through GraphQL exportMyData', async () => {
    const res = await gql(app, '{ exportMyData { queued requestId data } }', {}, a.session);
    expect(res.data!.exportMyData).toMatchObject({ queued: false, requestId: null });
    expect(res.data!.exportMyData.data.sections.charges[0].customer.email).toBe(CUSTOMER_A.email);
  });
});

describe('POST /data-subject/erasure-request', () => {
  it('validates the reason', async () => {
    expect((await rest(app, 'POST', '/data-subject/erasure-request', { bearer: b.apiKey, body: { reason: 42 } })).body).toMatchObject({ status: false, erro: 'INVALID_REASON' });
    expect((await rest(app, 'POST', '/data-subject/erasure-request', { bearer: b.apiKey, body: { reason: 'x\u0000' } })).body.erro).toBe('INVALID_TEXT');
    expect((await rest(app, 'POST', '/data-subject/erasure-request', { bearer: b.apiKey, body: { reason: 'x'.repeat(1_001) } })).body.erro).toBe('REASON_TOO_LONG');
    expect((await rest(app, 'POST', '/data-subject/erasure-request', { bearer: b.apiKey, body: [] })).status).toBe(400);
  });

  it('tracks the request; a second one answers the open one', async () => {
    const first = await rest(app, 'POST', '/data-subject/erasure-request', { bearer: b.apiKey, body: { reason: 'closing my shop' } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: true, data: { requestId: expect.any(String), requestedAt: expect.any(String) }, message: expect.stringContaining('15 business days') });
    const again = await rest(app, 'POST', '/data-subject/erasure-request', { bearer: b.session });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    const mine = await gql(app, '{ myDataRequests { requestId kind status reason history { action } } }', {}, b.session);
    expect(mine.data!.myDataRequests).toEqual([{ requestId: first.body.data.requestId, kind: 'ERASURE', status: 'OPEN', reason: 'closing my shop', history: [{ action: 'REQUESTED' }] }]);
  });

  it('has a due date of 15 business days that skips national holidays (Tiradentes, Labour Day)', async () => {
    const c = await onboardSeller(app);
    const now = app.clock.now();
    app.clock.set(new Date('2026-04-09T15:00:00Z'));
    try {
      const res = await gql(app, REQUEST_ERASURE, {}, c.session);
      expect(res.data!.requestErasure.dueAt).toBe('2026-05-05T02:59:59.999Z');
    } finally {
      app.clock.set(now);
    }
  });
});

describe('operators', () => {
  it('list requests overdue first, filter by status and due date; only operators', async () => {
    const d = await onboardSeller(app);
    const late = (await gql(app, REQUEST_ERASURE, { r: 'later one' }, d.session)).data!.requestErasure;
    app.clock.advance(40 * 86_400_000);
    try {
      const ops = await operatorSession(app);
      const e = await onboardSeller(app);
      const fresh = (await gql(app, REQUEST_ERASURE, {}, e.session)).data!.requestErasure;
      const list = await gql(app, '{ dataRequests(status: OPEN) { requestId overdue } }', {}, ops);
      const ids = list.data!.dataRequests.map((r: { requestId: string }) => r.requestId);
      expect(ids).toContain(fresh.requestId);
      expect(ids.indexOf(late.requestId)).toBeLessThan(ids.indexOf(fresh.requestId));
      const overdue = Object.fromEntries(list.data!.dataRequests.map((r: { requestId: string; overdue: boolean }) => [r.requestId, r.overdue]));
      expect(overdue[late.requestId]).toBe(true);
      expect(overdue[fresh.requestId]).toBe(false);
      const due = await gql(app, '{ dataRequests(status: OPEN, dueBefore: $d) { requestId } }'.replace('$d', JSON.stringify(late.dueAt)), {}, ops);
      const dueIds = due.data!.dataRequests.map((r: { requestId: string }) => r.requestId);
      expect(dueIds).toContain(late.requestId);
      expect(dueIds).not.toContain(fresh.requestId);
      expect((await gql(app, '{ dataRequests { requestId } }', {}, e.session)).errors![0].extensions!.code).toBe('OPERATOR_ONLY');
    } finally {
      app.clock.advance(-40 * 86_400_000);
    }
  });

  it('reject needs a reason and closes the request with its history', async () => {
    const f = await onboardSeller(app);
    const id = (await gql(app, REQUEST_ERASURE, {}, f.session)).data!.requestErasure.requestId;
    const REJECT = 'mutation($id:ID!,$r:String!){ rejectErasure(requestId:$id, reason:$r){ status rejectionReason history { action actor } } }';
    expect((await gql(app, REJECT, { id, r: '  ' }, operator)).errors![0].extensions!.code).toBe('REASON_REQUIRED');
    const res = await gql(app, REJECT, { id, r: 'pending chargeback investigation' }, operator);
    expect(res.data!.rejectErasure).toMatchObject({ status: 'REJECTED', rejectionReason: 'pending chargeback investigation' });
    expect(res.data!.rejectErasure.history.map((h: { action: string }) => h.action)).toEqual(['REQUESTED', 'REJECTED']);
    expect((await gql(app, EXECUTE, { id }, operator)).errors![0].extensions!.code).toBe('DATA_REQUEST_NOT_OPEN');
  });
});

describe('erasure executed', () => {
  it('anonymises what the inventory says, keeps financial records and balances, refuses login and keys; the retention job finishes', async () => {
    const sql = sqlOf(app);
    const balanceBefore = (await rest(app, 'GET', '/balance-statement', { bearer: a.apiKey })).body.data;
    const statementBefore = await sql.query('select count(*)::int as n, sum(amount)::bigint as s from ledger_statement_lines where seller_id = ?', [a.sellerId]);
    const id = (await gql(app, REQUEST_ERASURE, { r: 'please forget me' }, a.session)).data!.requestErasure.requestId;
    const executed = await gql(app, EXECUTE, { id }, operator);
    expect(executed.errors).toBeUndefined();
    const request = executed.data!.executeErasure;
    expect(request).toMatchObject({ status: 'EXECUTED', closedBy: expect.stringMatching(/^operator:/) });
    const step = request.history.find((h: { action: string }) => h.action === 'EXECUTED');
    expect(step.detail.revoked).toEqual({ apiKeys: 1, sessions: 1, webhooks: 1, pendingDeliveries: 0 });
    expect(step.detail.anonymised).toMatchObject({ 'users.email': 1, 'transactions.customer': 1 });

    // Login, the session and the API key are refused.
    expect((await gql(app, 'mutation($e:String!,$p:String!){ logIn(email:$e,password:$p){ token } }', { e: a.email, p: a.password })).errors![0].extensions!.code).toBe('INVALID_CREDENTIALS');
    expect((await rest(app, 'GET', '/balance-statement', { bearer: a.apiKey })).status).toBe(401);
    expect((await rest(app, 'GET', '/data-subject/export', { bearer: a.session })).status).toBe(401);

    // Personal fields without a legal duty are gone everywhere the inventory lists them.
    const [user] = await sql.query<{ email: string; password_hash: string }>('select email, password_hash from users where seller_id = ?', [a.sellerId]);
    expect(user.email).toMatch(/^erased\+.*@erased\.invalid$/);
    expect(user.password_hash).toMatch(/^erased:/);
    const [tx] = await sql.query<{ customer: Record<string, unknown>; description: null; metadata: null; amount: string }>('select customer, description, metadata, amount from transactions where seller_id = ?', [a.sellerId]);
    expect(tx.customer).toEqual({ name: CUSTOMER_A.name, document: expect.any(String) });
    expect(tx.description).toBeNull();
    expect(tx.metadata).toBeNull();
    expect(Number(tx.amount)).toBe(1050);
    const [wd] = await sql.query<{ pix_key: string; description: null; amount: string }>('select pix_key, description, amount from withdrawals where seller_id = ?', [a.sellerId]);
    expect(wd).toMatchObject({ pix_key: 'beneficiario@example.com', description: null });
    const copies = await sql.query<{ t: string }>(
      `select payload::text as t from outbox where seller_id = ? union all select payload::text from webhook_deliveries where seller_id = ?
       union all select coalesce(response_body::text, '') from idempotency_keys where seller_id = ?`,
      [a.sellerId, a.sellerId, a.sellerId],
    );
    expect(copies.length).toBeGreaterThan(0);
    for (const c of copies) {
      expect(c.t).not.toContain(CUSTOMER_A.email);
      expect(c.t).not.toContain('aluguel');
    }
    const [endpoint] = await sql.query<{ description: null; deleted_at: unknown }>('select description, deleted_at from webhook_endpoints where seller_id = ?', [a.sellerId]);
    expect(endpoint.description).toBeNull();
    expect(endpoint.deleted_at).not.toBeNull();
    // Financial records and balances are intact.
    expect(await sql.query('select count(*)::int as n, sum(amount)::bigint as s from ledger_statement_lines where seller_id = ?', [a.sellerId])).toEqual(statementBefore);
    const [wallet] = await sql.query<{ available_pix: string; blocked: string }>('select available_pix, blocked from ledger_wallets where seller_id = ?', [a.sellerId]);
    expect(Number(wallet.available_pix)).toBe(balanceBefore.available);
    expect(Number(wallet.blocked)).toBe(balanceBefore.blocked);
    // The other seller is untouched.
    const [other] = await sql.query<{ customer: { email: string } }>('select customer from transactions where seller_id = ?', [b.sellerId]);
    expect(other.customer.email).toBe(CUSTOMER_B.email);

    // Five years later the retention job anonymises what the legal duty kept.
    const saved = app.clock.now();
    app.clock.set(new Date(request.retentionUntil));
    app.clock.advance(1_000);
    try {
      await drainJobs(app);
    } finally {
      app.clock.set(saved);
    }
    const [seller] = await sql.query<{ name: string; document_number: string }>('select name, document_number from sellers where id = ?', [a.sellerId]);
    expect(seller).toEqual({ name: '[erased]', document_number: '[erased]' });
    const [txAfter] = await sql.query<{ customer: null; br_code: string }>('select customer, br_code from transactions where seller_id = ?', [a.sellerId]);
    expect(txAfter).toEqual({ customer: null, br_code: '[erased]' });
    const [wdAfter] = await sql.query<{ pix_key: string; amount: string }>('select pix_key, amount from withdrawals where seller_id = ?', [a.sellerId]);
    expect(wdAfter).toMatchObject({ pix_key: '[erased]', amount: '1000' });
    const history = await gql(app, '{ dataRequests(kind: ERASURE, status: EXECUTED) { requestId retentionDoneAt history { action actor } } }', {}, operator);
    const mine = history.data!.dataRequests.find((r: { requestId: string }) => r.requestId === id);
    expect(mine.history.map((h: { action: string }) => h.action)).toEqual(['REQUESTED', 'EXECUTED', 'RETENTION_ENDED']);
    expect(mine.retentionDoneAt).not.toBeNull();
  });
});
