import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { disputesOf, report } from '../disputes/support';
import { assertMatchesContract } from '../support/contract';
import { gql, type TestApp, startTestAppWithSeller, type Seller } from '../support/app';
import { rest } from '../support/rest';
import { fund, WD } from '../withdrawals/support';

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
