import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, onboardSeller, type Seller, startTestAppWithSeller, type TestApp, gqlErrorCode } from '../support/app';
import { rest } from '../support/rest';

const CREATE = 'mutation($k:String!){ createTransaction(idempotencyKey:$k, input:{ amount: 10000 }){ id status } }';
const PAY = 'mutation($id:ID!){ sandboxPayTransaction(id:$id){ id status paidAt end2endId } }';
const REPORT = 'mutation($id:ID!,$s:String!,$r:String){ sandboxReportTransaction(id:$id, status:$s, refusedReason:$r){ id status refusedReason } }';
const BALANCE = '{ balance { available } }';

/** The GraphQL door's sandbox simulations: the same actions as POST /v1/sandbox/transactions/:id/{pay,report}. */
describe('sandbox mutations', () => {
  let app: TestApp;
  let seller: Seller;
  startTestAppWithSeller({}, (a, s) => {
    app = a;
    seller = s;
  });

  const newCharge = async () => (await gql(app, CREATE, { k: randomUUID() }, seller.session)).data!.createTransaction.id as string;

  it('pays a charge once, however many times the payer is simulated', async () => {
    const id = await newCharge();
    const paid = await gql(app, PAY, { id }, seller.session);
    expect(paid.data!.sandboxPayTransaction).toMatchObject({ id, status: 'PAID', paidAt: expect.any(String), end2endId: expect.stringMatching(/^E/) });
    const after = (await gql(app, BALANCE, {}, seller.session)).data!.balance.available;
    expect(after).toBe(10000 - 99);
    expect((await gql(app, PAY, { id }, seller.session)).data!.sandboxPayTransaction.status).toBe('PAID');
    expect((await gql(app, BALANCE, {}, seller.session)).data!.balance.available).toBe(after);
  });

  it('forces a report, validates the status as the REST path does, and only for the caller\'s charges', async () => {
    const id = await newCharge();
    expect(gqlErrorCode(await gql(app, REPORT, { id, s: '' }, seller.session))).toBe('INVALID_FIELD');
    const refused = await gql(app, REPORT, { id, s: 'REFUSED', r: 'limite' }, seller.session);
    expect(refused.data!.sandboxReportTransaction).toMatchObject({ id, status: 'REFUSED', refusedReason: 'limite' });

    const other = await onboardSeller(app);
    expect(gqlErrorCode(await gql(app, PAY, { id }, other.session))).toBe('TRANSACTION_NOT_FOUND');
    expect(gqlErrorCode(await gql(app, REPORT, { id, s: 'PAID' }, other.session))).toBe('TRANSACTION_NOT_FOUND');
    expect(gqlErrorCode(await gql(app, PAY, { id }))).toBe('UNAUTHENTICATED');
  });

  it('lists the test CPFs whose KYC the sandbox decides at once, as registration really decides it', async () => {
    const info = await gql(app, '{ sandbox { kycDocuments { document kycStatus } } }', {}, seller.session);
    const documents = info.data!.sandbox.kycDocuments as { document: string; kycStatus: string }[];
    expect(documents.map((d) => d.kycStatus).sort()).toEqual(['APPROVED', 'PENDING_REVIEW', 'REJECTED']);
    for (const { document, kycStatus } of documents) {
      const email = `kyc-${document}@example.com`;
      await gql(app, 'mutation($e:String!){ signUp(email:$e, password:"correct horse battery"){ id } }', { e: email });
      const session = (await gql(app, 'mutation($e:String!){ logIn(email:$e, password:"correct horse battery"){ token } }', { e: email })).data!.logIn.token as string;
      const registered = await gql(app, 'mutation($d:String!){ registerSeller(name:"Loja KYC", document:$d){ kycStatus } }', { d: document }, session);
      expect(registered.data!.registerSeller.kycStatus).toBe(kycStatus);
    }
    expect(gqlErrorCode(await gql(app, '{ sandbox { kycDocuments { document } } }'))).toBe('UNAUTHENTICATED');
  });

  it('share their actions with the REST sandbox paths', async () => {
    const id = await newCharge();
    const bad = await rest(app, 'POST', `/v1/sandbox/transactions/${id}/report`, { key: seller.apiKey, body: { status: '' } });
    expect(bad.status).toBe(400);
    const expired = await rest(app, 'POST', `/v1/sandbox/transactions/${id}/report`, { key: seller.apiKey, body: { status: 'EXPIRED' } });
    expect(expired.body.data).toMatchObject({ applied: true, transaction: { id, status: 'EXPIRED' } });
    // A payment after expiry is still recorded (PAID outranks EXPIRED), through either door.
    const paid = await rest(app, 'POST', `/v1/sandbox/transactions/${id}/pay`, { key: seller.apiKey });
    expect(paid.body.data).toMatchObject({ id, status: 'PAID' });
    const unknown = await rest(app, 'POST', '/v1/sandbox/transactions/nope/pay', { key: seller.apiKey });
    expect(unknown.status).toBe(404);
  });
});
