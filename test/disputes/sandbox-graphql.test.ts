import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, onboardSeller, startTestApp, type TestApp } from '../support/app';
import { disputesOf, paidCharge } from './support';

let app: TestApp;
let seller: Awaited<ReturnType<typeof onboardSeller>>;

beforeAll(async () => {
  app = await startTestApp({ ROLE: 'api' });
  seller = await onboardSeller(app);
});
afterAll(async () => {
  await app?.close();
});

const REPORT = `mutation($id:ID!,$s:String!){ sandboxReportTransaction(id:$id, status:$s){ id status disputeId } }`;

describe('a dispute opened through the GraphQL sandbox report', () => {
  it.each([
    ['DISPUTE', 'DISPUTE', 'TRANSACTION_DISPUTE'],
    ['CHARGEDBACK', 'CHARGEDBACK', 'TRANSACTION_CHARGEDBACK'],
  ])('%s: the answer and the transaction event name the new dispute', async (word, status, eventType) => {
    const id = await paidCharge(app, seller.apiKey, 1_500);
    const answer = await gql(app, REPORT, { id, s: word }, seller.session);
    const [dispute] = await disputesOf(app, id);
    expect(answer.data!.sandboxReportTransaction).toEqual({ id, status, disputeId: dispute!.id });
    const [event] = await app.services.platform.sql.query<{ payload: { disputeId?: string } }>('select payload from outbox where aggregate_id = ? and event_type = ?', [id, eventType]);
    expect(event!.payload.disputeId).toBe(dispute!.id);
  });
});
