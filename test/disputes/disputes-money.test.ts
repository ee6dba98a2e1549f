import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardSeller, startTestApp, type TestApp } from '../support/app';
import { rest } from '../support/rest';
import { balance, disputesOf, drainJobs, eventsOf, paidCharge, report, transactionStatus } from './support';
import { sqlOf } from '../support/platform';

let app: TestApp;
type Seller = Awaited<ReturnType<typeof onboardSeller>>;

beforeAll(async () => {
  app = await startTestApp({ ROLE: 'api' });
});
afterAll(async () => {
  await app?.close();
});

const net = async (s: Seller, id: string) => {
  const t = (await rest(app, 'GET', `/api/v1/cobranca/transactions/${id}`, { key: s.apiKey })).body.data;
  return (t.amount - t.feeAmount) as number;
};

const withdraw = (s: Seller, amount: number) =>
  rest(app, 'POST', '/api/v1/cobranca/withdrawals', { key: s.apiKey, idempotencyKey: randomUUID(), body: { amount, method: 'PIX', pixKeyType: 'EVP', pixKey: randomUUID() } });

describe('contestation (DISPUTE report)', () => {
  it('blocks the disputed amount, and a decision for the seller releases it to the cent', async () => {
    const s = await onboardSeller(app);
    await paidCharge(app, s.apiKey, 5_000); // covers the fee of the disputed charge
    const id = await paidCharge(app, s.apiKey, 10_000);
    const before = await balance(app, s.apiKey);

    const opened = await report(app, id, 'DISPUTE');
    expect(opened.applied).toBe(true);
    const during = await balance(app, s.apiKey);
    expect(during).toMatchObject({ available: before.available - 10_000, blocked: 10_000, total: before.total, debt: 0 });
    const [dispute] = await disputesOf(app, id);
    expect(dispute).toMatchObject({ origin: 'CONTESTATION', status: 'OPEN', amount: 10_000, blockedAmount: 10_000 });
    expect(await transactionStatus(app, s.apiKey, id)).toBe('DISPUTE');
    expect(await eventsOf(app, id)).toContain('TRANSACTION_DISPUTE');
    expect(await eventsOf(app, dispute!.id)).toEqual(['DISPUTE_CREATED']);
    const lines = (await rest(app, 'GET', '/balance-statement/statements?operationType=RETAINED', { bearer: s.apiKey })).body.data;
    expect(lines[0]).toMatchObject({ type: 'RETAINED', amount: 10_000, transactionId: id });

    const decided = await report(app, id, 'DISPUTE_WON');
    expect(decided.applied).toBe(true);
    expect(await balance(app, s.apiKey)).toEqual({ ...before, debt: 0 });
    expect(await transactionStatus(app, s.apiKey, id)).toBe('PAID');
    expect((await disputesOf(app, id))[0]).toMatchObject({ status: 'WON', decidedBy: 'INSTITUTION' });
    expect(await eventsOf(app, dispute!.id)).toEqual(['DISPUTE_CREATED', 'DISPUTE_RESOLVED']);
    // A repeated decision changes nothing.
    expect((await report(app, id, 'DISPUTE_WON')).applied).toBe(false);
  });

  it('a decision for the buyer (operator) debits the blocked amount for good; the transaction is CHARGEDBACK', async () => {
    const s = await onboardSeller(app);
    const id = await paidCharge(app, s.apiKey, 4_000);
    await paidCharge(app, s.apiKey, 6_000);
    const before = await balance(app, s.apiKey);
    await report(app, id, 'DISPUTE');
    const [dispute] = await disputesOf(app, id);
    await app.services.disputeDecisions.decideByOperator({ disputeId: dispute!.id, outcome: 'LOST', operatorId: 'op-1' });
    expect(await balance(app, s.apiKey)).toEqual({ available: before.available - 4_000, blocked: 0, total: before.total - 4_000, debt: 0, currency: 'BRL' });
    expect(await transactionStatus(app, s.apiKey, id)).toBe('CHARGEDBACK');
    expect(await eventsOf(app, dispute!.id)).toEqual(['DISPUTE_CREATED', 'DISPUTE_REJECTED']);
    await expect(app.services.disputeDecisions.decideByOperator({ disputeId: dispute!.id, outcome: 'WON', operatorId: 'op-1' })).rejects.toMatchObject({
      code: 'INVALID_DISPUTE_TRANSITION',
    });
  });

  it('a partially refunded charge disputes only what is left; a CHARGEDBACK report then is the buyer\'s win', async () => {
    const s = await onboardSeller(app);
    await paidCharge(app, s.apiKey, 5_000);
    const id = await paidCharge(app, s.apiKey, 3_000);
    await rest(app, 'POST', `/api/v1/cobranca/transactions/${id}/refund`, { key: s.apiKey, body: { amount: 1_000 }, idempotencyKey: randomUUID() });
    const before = await balance(app, s.apiKey);
    await report(app, id, 'DISPUTE');
    expect(await balance(app, s.apiKey)).toMatchObject({ available: before.available - 2_000, blocked: 2_000 });
    await report(app, id, 'CHARGEDBACK');
    expect(await balance(app, s.apiKey)).toMatchObject({ available: before.available - 2_000, blocked: 0, debt: 0 });
    expect(await transactionStatus(app, s.apiKey, id)).toBe('CHARGEDBACK');
    expect((await disputesOf(app, id)).map((d) => d!.status)).toEqual(['LOST']);
  });

  it('a report about a charge that was never paid is refused and writes nothing', async () => {
    const s = await onboardSeller(app);
    const t = (await rest(app, 'POST', '/api/v1/cobranca/transactions', { key: s.apiKey, body: { amount: 1_000 }, idempotencyKey: randomUUID() })).body.data;
    await expect(report(app, t.id, 'CHARGEDBACK')).rejects.toMatchObject({ code: 'NOTHING_TO_DISPUTE' });
    expect(await disputesOf(app, t.id)).toEqual([]);
    expect(await transactionStatus(app, s.apiKey, t.id)).toBe('PENDING');
  });
});

describe('MED return (CHARGEDBACK report)', () => {
  it('20 concurrent reports, same and different ids: one debit, one dispute, one set of events', async () => {
    const s = await onboardSeller(app);
    await paidCharge(app, s.apiKey, 20_000);
    const id = await paidCharge(app, s.apiKey, 7_000);
    const before = await balance(app, s.apiKey);
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => report(app, id, 'CHARGEDBACK', i % 2 === 0 ? `med-same-${id}` : `med-${i}-${id}`)));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(results.filter((r) => r.status === 'fulfilled' && r.value.applied)).toHaveLength(1);
    expect(await balance(app, s.apiKey)).toEqual({ available: before.available - 7_000, blocked: 0, total: before.total - 7_000, debt: 0, currency: 'BRL' });
    const debits = await sqlOf(app).query("select 1 from ledger_entries where transaction_id = ? and kind = 'CHARGEBACK_DEBIT'", [id]);
    expect(debits).toHaveLength(1);
    const disputes = await disputesOf(app, id);
    expect(disputes.map((d) => [d!.origin, d!.status, d!.amount])).toEqual([['MED', 'OPEN', 7_000]]);
    expect(await eventsOf(app, disputes[0]!.id)).toEqual(['DISPUTE_CREATED', 'MED_DISPUTE_CREATED']);
    expect((await eventsOf(app, id)).filter((e) => e === 'TRANSACTION_CHARGEDBACK')).toHaveLength(1);
    // A late report, after everything, changes nothing either.
    expect((await report(app, id, 'CHARGEDBACK')).applied).toBe(false);
  });

  it('larger than the available balance: the rest is a debt; withdrawals are refused; the next credit pays it first', async () => {
    const s = await onboardSeller(app);
    const id = await paidCharge(app, s.apiKey, 10_000); // 10_000 credited, fee debited
    const afterPay = await balance(app, s.apiKey);
    expect((await withdraw(s, afterPay.available - 100 - 500)).status).toBe(201); // keeps 500 (the withdrawal fee is 100)
    expect((await balance(app, s.apiKey)).available).toBe(500);

    await report(app, id, 'CHARGEDBACK');
    expect(await balance(app, s.apiKey)).toEqual({ available: 0, blocked: 0, total: 0, debt: 9_500, currency: 'BRL' });
    const [dispute] = await disputesOf(app, id);
    expect(dispute).toMatchObject({ origin: 'MED', owedAmount: 9_500 });
    const wallet = (await rest(app, 'GET', '/seller-wallet/gestao', { bearer: s.apiKey })).body.data;
    expect(wallet).toMatchObject({ balancePix: 0, balanceTotal: 0, balanceDebt: 9_500 });
    expect(wallet.recentMovements[0]).toMatchObject({ type: 'DEBIT', amount: 10_000, transactionId: id });

    const refused = await withdraw(s, 500);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('SELLER_DEBT_OUTSTANDING');

    const small = await paidCharge(app, s.apiKey, 5_000); // net of its fee, all of it pays the debt
    const partly = await balance(app, s.apiKey);
    expect(partly).toMatchObject({ available: 0, debt: 9_500 - (await net(s, small)) });
    const large = await paidCharge(app, s.apiKey, 10_000);
    const paidOff = await balance(app, s.apiKey);
    expect(paidOff.debt).toBe(0);
    expect(paidOff.available).toBe((await net(s, large)) - partly.debt);
    expect((await withdraw(s, 500)).status).toBe(201);
    // Postings still sum to zero per entry, and the debt account equals the debt shown.
    expect(await sqlOf(app).query('select entry_id from ledger_postings group by entry_id having sum(amount) <> 0')).toEqual([]);
  });

  it('decided for the seller: the debit is reversed, the debt paid from it first, the transaction PAID', async () => {
    const s = await onboardSeller(app);
    const id = await paidCharge(app, s.apiKey, 8_000);
    const paid = await balance(app, s.apiKey);
    expect((await withdraw(s, paid.available - 100 - 3_000)).status).toBe(201); // keeps 3_000
    await report(app, id, 'CHARGEDBACK');
    expect(await balance(app, s.apiKey)).toMatchObject({ available: 0, debt: 5_000 });
    await report(app, id, 'DISPUTE_WON');
    expect(await balance(app, s.apiKey)).toEqual({ available: 3_000, blocked: 0, total: 3_000, debt: 0, currency: 'BRL' });
    expect(await transactionStatus(app, s.apiKey, id)).toBe('PAID');
    const [dispute] = await disputesOf(app, id);
    expect(await eventsOf(app, dispute!.id)).toEqual(['DISPUTE_CREATED', 'MED_DISPUTE_CREATED', 'DISPUTE_RESOLVED']);
  });

  it('not appealed within the window: the durable job decides it for the buyer', async () => {
    const s = await onboardSeller(app);
    const id = await paidCharge(app, s.apiKey, 2_000);
    await report(app, id, 'CHARGEDBACK');
    const [dispute] = await disputesOf(app, id);
    app.clock.advance(7 * 24 * 3_600_000 - 60_000);
    await drainJobs(app);
    expect((await disputesOf(app, id))[0]!.status).toBe('OPEN');
    app.clock.advance(60_000);
    await drainJobs(app);
    expect((await disputesOf(app, id))[0]).toMatchObject({ status: 'LOST', decidedBy: 'APPEAL_WINDOW' });
    expect(await eventsOf(app, dispute!.id)).toEqual(['DISPUTE_CREATED', 'MED_DISPUTE_CREATED', 'DISPUTE_REJECTED', 'MED_DISPUTE_REFUND_COMPLETED']);
    expect(await transactionStatus(app, s.apiKey, id)).toBe('CHARGEDBACK');
  });
});

describe('PENDING_REVIEW and BLOCKED', () => {
  it('hold the payment until the review concludes, then release it; an escalation takes over the hold', async () => {
    const s = await onboardSeller(app);
    await paidCharge(app, s.apiKey, 1_000);
    const id = await paidCharge(app, s.apiKey, 3_000);
    const before = await balance(app, s.apiKey);
    await report(app, id, 'PENDING_REVIEW');
    expect(await balance(app, s.apiKey)).toMatchObject({ available: before.available - 3_000, blocked: 3_000, total: before.total });
    await report(app, id, 'BLOCKED');
    expect(await balance(app, s.apiKey)).toMatchObject({ blocked: 3_000 });
    expect(await transactionStatus(app, s.apiKey, id)).toBe('BLOCKED');
    await report(app, id, 'REVIEW_CLEARED');
    expect(await balance(app, s.apiKey)).toEqual({ ...before, debt: 0 });
    expect(await transactionStatus(app, s.apiKey, id)).toBe('PAID');
    expect((await eventsOf(app, id)).slice(-3)).toEqual(['TRANSACTION_PENDING_REVIEW', 'TRANSACTION_BLOCKED', 'TRANSACTION_PAID']);

    await report(app, id, 'PENDING_REVIEW');
    await report(app, id, 'DISPUTE');
    expect(await balance(app, s.apiKey)).toMatchObject({ available: before.available - 3_000, blocked: 3_000, total: before.total });
    expect((await disputesOf(app, id))[0]).toMatchObject({ status: 'OPEN', blockedAmount: 3_000 });
  });
});
