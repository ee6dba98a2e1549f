import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { requestFingerprint } from '../../src/domain/idempotency/fingerprint';
import type { IdempotentOperation } from '../../src/domain/idempotency/idempotency.types';
import { disputesOf, report } from '../disputes/support';
import { assertMatchesContract } from '../support/contract';
import { gql, type TestApp, startTestAppWithSeller, type Seller } from '../support/app';
import { rest } from '../support/rest';
import { fund, WD } from '../withdrawals/support';
import { sqlOf } from '../support/platform';

const TX = '/api/v1/cobranca/transactions';
const CREATE = 'mutation($input: CreateTransactionInput!, $key: String!){ createTransaction(input: $input, idempotencyKey: $key){ id amount description } }';
const REFUND = 'mutation($id: ID!, $amount: Cents, $key: String!){ refundTransaction(id: $id, amount: $amount, idempotencyKey: $key){ id refundedAmount } }';
const APPEAL = 'mutation($d: ID!, $r: String!, $k: String!, $f: [Upload!]){ appealDispute(disputeId: $d, appealReason: $r, idempotencyKey: $k, files: $f){ id status appealReason uploadedFiles message } }';
const WITHDRAW = 'mutation($input: CreateWithdrawalInput!, $key: String!){ createWithdrawal(input: $input, idempotencyKey: $key){ id amount feeAmount } }';

let app: TestApp;
let seller: Seller;

startTestAppWithSeller({ ROLE: 'api' }, async (started, onboarded) => {
  [app, seller] = [started, onboarded];
  await fund(app, seller.sellerId, 10_000_000);
});

const restCreate = (body: unknown, key: string) => rest(app, 'POST', TX, { key: seller.apiKey, body, idempotencyKey: key });
const gqlCreate = async (input: unknown, key: string) => (await gql(app, CREATE, { input, key }, seller.apiKey)).data!.createTransaction;

async function paidCharge(amount: number): Promise<string> {
  const id = (await restCreate({ amount }, randomUUID())).body.data.id as string;
  await app.services.transactionReports.apply({ reportId: `paid-${id}`, transactionId: id, status: 'PAID' });
  return id;
}

const PDF = Buffer.from('%PDF-1.4\nminimal\n%%EOF\n');
type Evidence = { name: string; content: Buffer };

async function openDispute(): Promise<string> {
  const id = await paidCharge(2_000);
  await report(app, id, 'DISPUTE');
  return (await disputesOf(app, id))[0]!.id;
}

/** POST /v1/disputes/appeal as a multipart form, its answer checked against the document. */
async function restAppeal(disputeId: string, appealReason: string, files: Evidence[], key: string) {
  const form = new FormData();
  form.append('disputeId', disputeId);
  form.append('appealReason', appealReason);
  for (const f of files) form.append('files', new Blob([f.content], { type: 'application/pdf' }), f.name);
  const res = await fetch(`${app.url}/v1/disputes/appeal`, { method: 'POST', headers: { 'x-api-key': seller.apiKey, 'idempotency-key': key }, body: form });
  const body = (await res.json()) as any;
  assertMatchesContract({ method: 'POST', url: '/v1/disputes/appeal', status: res.status, headers: res.headers, body });
  return { status: res.status, headers: res.headers, body };
}

/** The appealDispute mutation through the GraphQL multipart request spec. */
async function gqlAppeal(disputeId: string, appealReason: string, files: Evidence[], key: string) {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query: APPEAL, variables: { d: disputeId, r: appealReason, k: key, f: files.map(() => null) } }));
  form.append('map', JSON.stringify(Object.fromEntries(files.map((_, i) => [String(i), [`variables.f.${i}`]]))));
  files.forEach((f, i) => form.append(String(i), new Blob([f.content]), f.name));
  const res = await fetch(`${app.url}/graphql`, { method: 'POST', headers: { authorization: `Bearer ${seller.apiKey}`, 'apollo-require-preflight': 'true' }, body: form });
  return (await res.json()) as { data?: any; errors?: any[] };
}

describe('one idempotency key across the two doors', () => {
  it('create charge: REST then GraphQL, and GraphQL then REST, answer the same charge', async () => {
    const input = { amount: 1_234, description: 'both doors' };
    const key = randomUUID();
    const first = await restCreate(input, key);
    expect(first.status).toBe(201);
    expect(await gqlCreate(input, key)).toEqual({ id: first.body.data.id, amount: 1_234, description: 'both doors' });

    const other = randomUUID();
    const viaGql = await gqlCreate(input, other);
    const again = await restCreate(input, other);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.id).toBe(viaGql.id);
    expect(again.body.data.id).not.toBe(first.body.data.id);
  });

  it('create charge: the same key with another body is a conflict whichever door comes second', async () => {
    const key = randomUUID();
    await restCreate({ amount: 100 }, key);
    const res = await gql(app, CREATE, { input: { amount: 101 }, key }, seller.apiKey);
    expect(res.errors?.[0]?.extensions?.code).toBe('IDEMPOTENCY_KEY_CONFLICT');
  });

  it('refund: one refund whichever door retries it', async () => {
    const id = await paidCharge(5_000);
    const key = randomUUID();
    const first = await rest(app, 'POST', `${TX}/${id}/refund`, { key: seller.apiKey, body: { amount: 500 }, idempotencyKey: key });
    expect(first.status).toBe(200);
    const viaGql = await gql(app, REFUND, { id, amount: 500, key }, seller.apiKey);
    expect(viaGql.data!.refundTransaction).toEqual({ id, refundedAmount: 500 });

    const other = randomUUID();
    expect((await gql(app, REFUND, { id, amount: 700, key: other }, seller.apiKey)).data!.refundTransaction.refundedAmount).toBe(1_200);
    const again = await rest(app, 'POST', `${TX}/${id}/refund`, { key: seller.apiKey, body: { amount: 700 }, idempotencyKey: other });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.refundedAmount).toBe(1_200);
  });

  it('create withdrawal: one payout whichever door retries it; REST answers the SPEC fields, GraphQL the detail', async () => {
    const input = { amount: 2_000, method: 'PIX', pixKeyType: 'CPF', pixKey: '529.982.247-25' };
    const key = randomUUID();
    const first = await rest(app, 'POST', WD, { key: seller.apiKey, body: input, idempotencyKey: key });
    expect(first.status).toBe(201);
    expect(first.body.data).not.toHaveProperty('feeAmount');
    const viaGql = await gql(app, WITHDRAW, { input, key }, seller.apiKey);
    expect(viaGql.data!.createWithdrawal).toEqual({ id: first.body.data.id, amount: 2_000, feeAmount: 100 });

    const other = randomUUID();
    const gqlFirst = (await gql(app, WITHDRAW, { input, key: other }, seller.apiKey)).data!.createWithdrawal;
    const again = await rest(app, 'POST', WD, { key: seller.apiKey, body: input, idempotencyKey: other });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.id).toBe(gqlFirst.id);
    expect(Object.keys(again.body.data)).toEqual(Object.keys(first.body.data));
  });
});

describe('the dispute appeal across the two doors', () => {
  const files = [{ name: 'receipt.pdf', content: PDF }];

  it('REST then GraphQL answer the same appeal; GraphQL then REST too; another reason is a conflict', async () => {
    const disputeId = await openDispute();
    const key = randomUUID();
    const first = await restAppeal(disputeId, 'signed receipt', files, key);
    expect(first.status).toBe(200);
    const viaGql = await gqlAppeal(disputeId, 'signed receipt', files, key);
    expect(viaGql.data!.appealDispute).toEqual({ ...first.body.data, uploadedFiles: 1, message: first.body.message });
    expect((await gqlAppeal(disputeId, 'another reason', files, key)).errors?.[0]?.extensions?.code).toBe('IDEMPOTENCY_KEY_CONFLICT');

    const other = await openDispute();
    const otherKey = randomUUID();
    const gqlFirst = (await gqlAppeal(other, 'photos', files, otherKey)).data!.appealDispute;
    const again = await restAppeal(other, 'photos', files, otherKey);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual({ status: true, data: { id: other, status: 'UNDER_REVIEW', appealReason: 'photos' }, uploadedFiles: 1, message: gqlFirst.message });
  });
});

/** A finished record as the doors stored it before the commands: their own fingerprint and answer shape. */
async function storeLegacy(operation: IdempotentOperation, key: string, identity: unknown, status: number, body: unknown, resourceId: string) {
  const now = new Date();
  await sqlOf(app).query(
    `insert into idempotency_keys (id, seller_id, operation, key, fingerprint, owner, resource_id, response_status, response_body, locked_until, created_at, expires_at)
     values (?, ?, ?, ?, ?, 'legacy', ?, ?, ?::jsonb, ?, ?, ?)`,
    [randomUUID(), seller.sellerId, operation, key, requestFingerprint(operation, identity), resourceId, status, JSON.stringify(body), now, now, new Date(now.getTime() + 3_600_000)],
  );
}

describe('keys stored before the commands still replay', () => {
  it('a REST create stored as { status: true, data } with the path in its fingerprint', async () => {
    const input = { amount: 4_321, description: 'stored earlier' };
    const view = (await restCreate({ amount: 999 }, randomUUID())).body.data;
    const key = randomUUID();
    await storeLegacy('transactions.create', key, { path: TX, body: input }, 201, { status: true, data: { ...view, description: 'stored earlier' } }, view.id);
    const replay = await restCreate(input, key);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual({ status: true, data: { ...view, description: 'stored earlier' } });
    expect((await gqlCreate(input, key)).id).toBe(view.id);
  });

  it('a GraphQL create stored as the bare view with the mutation name in its fingerprint', async () => {
    const input = { amount: 4_322 };
    const view = (await restCreate({ amount: 998 }, randomUUID())).body.data;
    const key = randomUUID();
    await storeLegacy('transactions.create', key, { graphql: 'createTransaction', body: input }, 201, view, view.id);
    expect(await gqlCreate(input, key)).toEqual({ id: view.id, amount: 998, description: null });
  });

  it('a REST refund and a REST withdrawal stored in the envelope', async () => {
    const id = await paidCharge(3_000);
    const refunded = (await rest(app, 'POST', `${TX}/${id}/refund`, { key: seller.apiKey, body: { amount: 100 }, idempotencyKey: randomUUID() })).body.data;
    const refundKey = randomUUID();
    await storeLegacy('transactions.refund', refundKey, { path: `${TX}/${id}/refund`, body: { amount: 100 } }, 200, { status: true, data: refunded }, 'legacy-refund');
    const replayed = await rest(app, 'POST', `${TX}/${id}/refund`, { key: seller.apiKey, body: { amount: 100 }, idempotencyKey: refundKey });
    expect(replayed.status).toBe(200);
    expect(replayed.body.data).toEqual(refunded);

    const input = { amount: 1_500, method: 'PIX', pixKeyType: 'CPF', pixKey: '529.982.247-25' };
    const w = (await rest(app, 'POST', WD, { key: seller.apiKey, body: input, idempotencyKey: randomUUID() })).body.data;
    const wKey = randomUUID();
    await storeLegacy('withdrawals.create', wKey, { path: WD, body: input }, 201, { status: true, data: w }, w.id);
    const again = await rest(app, 'POST', WD, { key: seller.apiKey, body: input, idempotencyKey: wKey });
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ status: true, data: w });
  });
});

describe('appeals stored before the command still replay', () => {
  const files = [{ name: 'receipt.pdf', content: PDF }];
  const digests = [{ name: 'receipt.pdf', size: PDF.length, sha256: createHash('sha256').update(PDF).digest('hex') }];
  const answer = (id: string, appealReason: string) => ({
    status: true,
    data: { id, status: 'UNDER_REVIEW', appealReason },
    uploadedFiles: 1,
    message: 'Appeal received with 1 file; the dispute is under review',
  });

  it('a REST appeal stored with the path and the form fields in its fingerprint replays on both doors', async () => {
    const disputeId = await openDispute();
    const key = randomUUID();
    const fields = { disputeId, appealReason: 'stored earlier' };
    await storeLegacy('disputes.appeal', key, { path: '/v1/disputes/appeal', fields, files: digests }, 200, answer(disputeId, 'stored earlier'), disputeId);
    const replay = await restAppeal(disputeId, 'stored earlier', files, key);
    expect([replay.status, replay.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    expect(replay.body).toEqual(answer(disputeId, 'stored earlier'));
    expect((await gqlAppeal(disputeId, 'stored earlier', files, key)).data!.appealDispute).toEqual({ ...answer(disputeId, 'stored earlier').data, uploadedFiles: 1, message: answer(disputeId, '').message });
  });

  it('a GraphQL appeal stored with the mutation name in its fingerprint replays', async () => {
    const disputeId = await openDispute();
    const key = randomUUID();
    await storeLegacy('disputes.appeal', key, { graphql: 'appealDispute', fields: { disputeId, appealReason: 'by graphql' }, files: digests }, 200, answer(disputeId, 'by graphql'), disputeId);
    expect((await gqlAppeal(disputeId, 'by graphql', files, key)).data!.appealDispute).toMatchObject({ id: disputeId, appealReason: 'by graphql', uploadedFiles: 1 });
    // Nothing ran: the dispute is still open.
    expect((await rest(app, 'GET', `/v1/disputes/${disputeId}`, { key: seller.apiKey })).body.data.status).toBe('OPEN');
  });
});
