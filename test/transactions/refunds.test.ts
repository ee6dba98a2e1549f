import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { onboardSeller, type TestApp, startTestAppWithSeller, type Seller } from '../support/app';
import { rest } from '../support/rest';
import { sqlOf } from '../support/platform';

let app: TestApp;
let seller: Seller;
const TX = '/api/v1/cobranca/transactions';

startTestAppWithSeller({ ROLE: 'api' }, (started, onboarded) => {
  [app, seller] = [started, onboarded];
});

async function paidCharge(amount: number, apiKey = seller.apiKey) {
  const t = (await rest(app, 'POST', TX, { key: apiKey, body: { amount }, idempotencyKey: randomUUID() })).body.data;
  await app.services.transactionReports.apply({ reportId: `paid-${t.id}`, transactionId: t.id, status: 'PAID' });
  return t.id as string;
}
const refund = (id: string, body: unknown, key = randomUUID(), apiKey = seller.apiKey) => rest(app, 'POST', `${TX}/${id}/refund`, { key: apiKey, body, idempotencyKey: key });
const available = async (apiKey = seller.apiKey) => (await rest(app, 'GET', '/balance-statement', { bearer: apiKey })).body.data.available as number;

describe('refunds', () => {
  it('partial then the rest: PARTIALLY_REFUNDED, then REFUNDED; never more than paid', async () => {
    await paidCharge(10_000); // balance to cover the fee that is not returned
    const id = await paidCharge(10_000);
    const before = await available();
    const partial = await refund(id, { amount: 3_000 });
    expect(partial.status).toBe(200);
    expect(partial.body.data).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedAmount: 3_000, refundType: 'PARTIAL' });
    expect(before - (await available())).toBe(3_000);

    const tooMuch = await refund(id, { amount: 7_001 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.code).toBe('REFUND_EXCEEDS_REMAINING');

    const rest_ = await refund(id, {});
    expect(rest_.body.data).toMatchObject({ status: 'REFUNDED', refundedAmount: 10_000, refundType: 'FULL' });
    expect(before - (await available())).toBe(10_000);

    const again = await refund(id, {});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('INVALID_TRANSACTION_TRANSITION');
    const events = await sqlOf(app).query<{ event_type: string }>(`select event_type from outbox where aggregate_id = ? and event_type like '%REFUND%' order by id`, [id]);
    expect(events.map((e) => e.event_type)).toEqual(['TRANSACTION_PARTIALLY_REFUNDED', 'TRANSACTION_REFUNDED']);
  });

  it('a late PAID report cannot undo a refund', async () => {
    const id = await paidCharge(2_000);
    await refund(id, {});
    const late = await app.services.transactionReports.apply({ reportId: `late-${id}`, transactionId: id, status: 'PAID' });
    expect(late.applied).toBe(false);
    expect((await rest(app, 'GET', `${TX}/${id}`, { key: seller.apiKey })).body.data.status).toBe('REFUNDED');
  });

  it('needs the available balance (the fee is not returned)', async () => {
    const s = await onboardSeller(app);
    const id = await paidCharge(1_000, s.apiKey); // credit 1000 - 10 fee = 990
    const res = await refund(id, {}, randomUUID(), s.apiKey);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('INSUFFICIENT_BALANCE');
    expect(await available(s.apiKey)).toBe(990);
    expect((await refund(id, { amount: 990 }, randomUUID(), s.apiKey)).body.data.status).toBe('PARTIALLY_REFUNDED');
  });

  it('is idempotent: the same key refunds once', async () => {
    const id = await paidCharge(5_000);
    const key = randomUUID();
    const before = await available();
    const a = await refund(id, { amount: 1_000 }, key);
    const b = await refund(id, { amount: 1_000 }, key);
    expect(b.body).toEqual(a.body);
    expect(before - (await available())).toBe(1_000);
    // The same key on another transaction is a conflict, not a replay.
    const other = await paidCharge(5_000);
    expect((await refund(other, { amount: 1_000 }, key)).status).toBe(422);
  });

  it('validates the amount and refuses unpaid or foreign charges', async () => {
    const id = await paidCharge(3_000);
    for (const body of [{ amount: 0 }, { amount: -5 }, { amount: 1.5 }, { amount: '10' }]) {
      const res = await refund(id, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('INVALID_REFUND_AMOUNT');
    }
    const pending = (await rest(app, 'POST', TX, { key: seller.apiKey, body: { amount: 100 }, idempotencyKey: randomUUID() })).body.data;
    expect((await refund(pending.id, {})).status).toBe(409);
    const other = await onboardSeller(app);
    expect((await refund(id, {}, randomUUID(), other.apiKey)).status).toBe(404);
  });

  it('concurrent refunds never refund more than paid', async () => {
    const id = await paidCharge(10_000);
    const results = await Promise.all(Array.from({ length: 8 }, () => refund(id, { amount: 3_000 })));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(3);
    const t = (await rest(app, 'GET', `${TX}/${id}`, { key: seller.apiKey })).body.data;
    expect(t.refundedAmount).toBe(9_000);
  });
});
