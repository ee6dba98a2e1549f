import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, onboardSeller, type Seller, startTestApp, type TestApp } from '../support/app';
import { rest } from '../support/rest';
import { sqlOf } from '../support/platform';
import { createWithdrawal } from '../withdrawals/support';
import { connect } from './support';

let app: TestApp;
const TX = '/api/v1/cobranca/transactions';

beforeAll(async () => {
  app = await startTestApp({ ROLE: 'api', RATE_LIMIT_CREATES: '100000' });
});
afterAll(async () => {
  await app?.close();
});

const balances = async (sellerId: string) => {
  const [w] = await sqlOf(app).query<{ available_pix: string }>('select available_pix from ledger_wallets where seller_id = ?', [sellerId]);
  const [d] = await sqlOf(app).query<{ owed: string }>(`select coalesce(-sum(amount), 0) as owed from ledger_postings where account = ?`, [`debt:${sellerId}`]);
  return { available: Number(w?.available_pix ?? 0), debt: Number(d?.owed ?? 0) };
};

describe('split charges under concurrency', () => {
  it('50 split charges paid, then refunded, while the recipients withdraw: no balance below zero, every cent accounted for', async () => {
    const market = await onboardSeller(app);
    const recipients = [await onboardSeller(app), await onboardSeller(app)];
    for (const r of recipients) await connect(app, market, r);
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      const body = { amount: 2_000 + i, splits: { recipients: [{ recipientId: recipients[0]!.sellerId, amount: 700 }, { recipientId: recipients[1]!.sellerId, basisPoints: 3_000 }] } };
      ids.push((await rest(app, 'POST', TX, { key: market.apiKey, body, idempotencyKey: randomUUID() })).body.data.id);
    }

    // Each recipient keeps withdrawing 500 (+ the 100 fee) while the work runs; refusals are expected.
    const withdrawn = new Map<string, number>(recipients.map((r) => [r.sellerId, 0]));
    let running = true;
    const withdrawing = recipients.map(async (r) => {
      while (running) {
        const res = await createWithdrawal(app, r.apiKey, { amount: 500, method: 'PIX', pixKeyType: 'CPF', pixKey: '529.982.247-25' });
        expect([201, 422]).toContain(res.status);
        if (res.status === 201) withdrawn.set(r.sellerId, withdrawn.get(r.sellerId)! + 600);
      }
    });
    const paid = await Promise.all(ids.map((id) => app.services.transactionReports.apply({ reportId: `paid-${id}`, transactionId: id, status: 'PAID' })));
    expect(paid.every((p) => p.applied)).toBe(true);
    const refunds = await Promise.all(ids.map((id) => rest(app, 'POST', `${TX}/${id}/refund`, { key: market.apiKey, body: {}, idempotencyKey: randomUUID() })));
    running = false;
    await Promise.all(withdrawing);
    // The marketplace bears its fee and may be refused a refund its own balance cannot cover; a recipient never blocks one.
    expect(refunds.every((r) => r.status === 200 || r.body.code === 'INSUFFICIENT_BALANCE')).toBe(true);

    const parts = await sqlOf(app).query<{ seller_id: string; gross: string; returned: string }>(
      `select seller_id, sum(gross) as gross, sum(returned) as returned from transaction_split_parties where transaction_id = any(?::text[]) group by seller_id`,
      [ids],
    );
    for (const r of recipients) {
      const p = parts.find((x) => x.seller_id === r.sellerId)!;
      const b = await balances(r.sellerId);
      expect(b.available).toBeGreaterThanOrEqual(0);
      // A debt exists only while nothing is available (the debt rule).
      if (b.debt > 0) expect(b.available).toBe(0);
      expect(b.available - b.debt + withdrawn.get(r.sellerId)!).toBe(Number(p.gross) - Number(p.returned));
      expect(withdrawn.get(r.sellerId)).toBeGreaterThan(0);
    }
    const [sum] = await sqlOf(app).query<{ total: string }>('select coalesce(sum(amount), 0) as total from ledger_postings');
    expect(Number(sum!.total)).toBe(0);
  });
});
