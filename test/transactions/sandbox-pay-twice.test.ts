import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { capturedLogger, gql, type Seller, startTestAppWithSeller, type TestApp } from '../support/app';
import { rest } from '../support/rest';

let app: TestApp;
let seller: Seller;
const { logger, lines } = capturedLogger('info');

startTestAppWithSeller(
  { ROLE: 'api' },
  (a, s) => {
    app = a;
    seller = s;
  },
  logger,
);

const PAID_LINE = 'sandbox payer paid the charge';
const paidLines = (transactionId: string) => lines.filter((l) => l.msg === PAID_LINE && l.transactionId === transactionId);

async function newCharge(): Promise<string> {
  const res = await rest(app, 'POST', '/api/v1/cobranca/transactions', { key: seller.apiKey, body: { amount: 1500 }, idempotencyKey: randomUUID() });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

describe('the sandbox pay route on a charge already PAID', () => {
  it('is a no-op: the same answer, one payment in the log, one end-to-end id', async () => {
    const id = await newCharge();
    const first = await rest(app, 'POST', `/v1/sandbox/transactions/${id}/pay`, { key: seller.apiKey });
    expect(first.status).toBe(200);
    expect(first.body.data.status).toBe('PAID');
    app.clock.advance(5_000);
    const second = await rest(app, 'POST', `/v1/sandbox/transactions/${id}/pay`, { key: seller.apiKey });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const viaGraphql = await gql(app, 'mutation($id: ID!) { sandboxPayTransaction(id: $id) { status end2endId } }', { id }, seller.apiKey);
    expect(viaGraphql.data!.sandboxPayTransaction).toEqual({ status: 'PAID', end2endId: first.body.data.end2endId });
    expect(paidLines(id)).toHaveLength(1);
    expect(paidLines(id)[0]!.end2endId).toBe(first.body.data.end2endId);
  });

  it('the automatic payment of a charge paid through the route logs nothing either', async () => {
    const id = await newCharge();
    await rest(app, 'POST', `/v1/sandbox/transactions/${id}/pay`, { key: seller.apiKey });
    await app.services.sandboxInstitution.pay(id, app.clock.now(), `sandbox-autopay:${id}`);
    expect(paidLines(id)).toHaveLength(1);
  });
});
