import { describe, expect, it } from 'vitest';
import { gql, type TestApp, startTestAppWithSeller, type Seller } from '../support/app';
import { disputesOf, paidCharge } from './support';
import { sqlOf } from '../support/platform';

let app: TestApp;
let seller: Seller;

startTestAppWithSeller({ ROLE: 'api' }, (started, onboarded) => {
  [app, seller] = [started, onboarded];
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
    const [event] = await sqlOf(app).query<{ payload: { disputeId?: string } }>('select payload from outbox where aggregate_id = ? and event_type = ?', [id, eventType]);
    expect(event!.payload.disputeId).toBe(dispute!.id);
  });
});
