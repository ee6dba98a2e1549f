import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gql, onboardSeller, startTestApp, type TestApp } from '../support/app';
import { collect, wsClient } from '../support/subscriptions';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ ROLE: 'api' });
});
afterAll(async () => {
  await app?.close();
});

const CREATE = `mutation($input: CreateTransactionInput!, $key: String!) {
  createTransaction(input: $input, idempotencyKey: $key) { id amount status pix { copyPaste expiresAt } feeAmount }
}`;

describe('transactions over GraphQL', () => {
  it('creates idempotently, reads, lists and refunds with the same rules as REST', async () => {
    const s = await onboardSeller(app);
    const key = randomUUID();
    const a = await gql(app, CREATE, { input: { amount: 2_500, description: 'gql' }, key }, s.apiKey);
    const b = await gql(app, CREATE, { input: { amount: 2_500, description: 'gql' }, key }, s.apiKey);
    expect(a.errors).toBeUndefined();
    expect(b.data).toEqual(a.data);
    const id = a.data!.createTransaction.id;
    expect(a.data!.createTransaction).toMatchObject({ amount: 2_500, status: 'PENDING', feeAmount: null });

    const bad = await gql(app, CREATE, { input: { amount: 0 }, key: randomUUID() }, s.apiKey);
    expect(bad.errors?.[0]?.extensions?.code).toBe('AMOUNT_TOO_LOW');
    const conflict = await gql(app, CREATE, { input: { amount: 2_501 }, key }, s.apiKey);
    expect(conflict.errors?.[0]?.extensions?.code).toBe('IDEMPOTENCY_KEY_CONFLICT');

    await app.services.transactionReports.apply({ reportId: `p-${id}`, transactionId: id, status: 'PAID' });
    const one = await gql(app, 'query($id: ID!){ transaction(id: $id){ status netAmount } }', { id }, s.session);
    expect(one.data!.transaction).toEqual({ status: 'PAID', netAmount: 2_475 });
    const page = await gql(app, '{ transactions(status: PAID, limit: 10){ total take skip hasNextPage items { id } } }', {}, s.apiKey);
    expect(page.data!.transactions).toEqual({ total: 1, take: 10, skip: 0, hasNextPage: false, items: [{ id }] });

    const refunded = await gql(app, 'mutation($id: ID!, $k: String!){ refundTransaction(id: $id, amount: 500, idempotencyKey: $k){ status refundedAmount refundType } }', { id, k: randomUUID() }, s.apiKey);
    expect(refunded.data!.refundTransaction).toEqual({ status: 'PARTIALLY_REFUNDED', refundedAmount: 500, refundType: 'PARTIAL' });

    const other = await onboardSeller(app);
    const foreign = await gql(app, 'query($id: ID!){ transaction(id: $id){ id } }', { id }, other.apiKey);
    expect(foreign.errors?.[0]?.extensions?.code).toBe('TRANSACTION_NOT_FOUND');
  });

  it("a page's refunds are read together: each transaction gets its own, oldest first, in one read", async () => {
    const s = await onboardSeller(app);
    const ids: string[] = [];
    for (const amount of [3_000, 3_001, 3_002]) {
      const id = (await gql(app, CREATE, { input: { amount }, key: randomUUID() }, s.apiKey)).data!.createTransaction.id;
      await app.services.transactionReports.apply({ reportId: `p-${id}`, transactionId: id, status: 'PAID' });
      ids.push(id);
    }
    const refund = (id: string, amount: number) =>
      gql(app, 'mutation($id: ID!, $a: Cents!, $k: String!){ refundTransaction(id: $id, amount: $a, idempotencyKey: $k){ status } }', { id, a: amount, k: randomUUID() }, s.apiKey);
    // The test clock stands still: it moves between refunds so that "oldest first" has an order to keep.
    for (const [i, amount] of [[0, 100], [0, 200], [2, 300]] as const) {
      expect((await refund(ids[i]!, amount)).errors).toBeUndefined();
      app.clock.advance(1_000);
    }

    const read = vi.spyOn(app.services.transactions, 'refundsOf');
    try {
      const page = await gql(app, '{ transactions(limit: 10){ items { id refunds { amount } } } }', {}, s.apiKey);
      expect(page.errors).toBeUndefined();
      const refundsOf = new Map(page.data!.transactions.items.map((t: { id: string; refunds: { amount: number }[] }) => [t.id, t.refunds.map((r) => r.amount)]));
      expect(refundsOf).toEqual(new Map([[ids[0], [100, 200]], [ids[1], []], [ids[2], [300]]]));
      expect(read).toHaveBeenCalledTimes(1);
      expect([...read.mock.calls[0]![1]].sort()).toEqual([...ids].sort());
    } finally {
      read.mockRestore();
    }

    // Two refunds in one operation: the second's answer has both (nothing read by the first is reused).
    const both = await gql(
      app,
      `mutation($id: ID!, $k1: String!, $k2: String!){
        a: refundTransaction(id: $id, amount: 10, idempotencyKey: $k1){ refunds { amount } }
        b: refundTransaction(id: $id, amount: 20, idempotencyKey: $k2){ refunds { amount } }
      }`,
      { id: ids[1], k1: randomUUID(), k2: randomUUID() },
      s.apiKey,
    );
    expect(both.errors).toBeUndefined();
    expect(both.data!.a.refunds).toEqual([{ amount: 10 }]);
    // Made at the same instant of the test clock: their order is not the point here.
    expect(both.data!.b.refunds.map((r: { amount: number }) => r.amount).sort((x: number, y: number) => x - y)).toEqual([10, 20]);
  });

  it('transactionUpdated pushes status changes to the owning seller only, optionally one transaction', async () => {
    const s = await onboardSeller(app);
    const other = await onboardSeller(app);
    const mine = wsClient(app, s.apiKey);
    const theirs = wsClient(app, other.apiKey);
    try {
      const t1 = (await gql(app, CREATE, { input: { amount: 700 }, key: randomUUID() }, s.apiKey)).data!.createTransaction.id;
      const t2 = (await gql(app, CREATE, { input: { amount: 701 }, key: randomUUID() }, s.apiKey)).data!.createTransaction.id;
      const probe = (await gql(app, CREATE, { input: { amount: 702 }, key: randomUUID() }, s.apiKey)).data!.createTransaction.id;
      const only2 = collect(mine, 'subscription($id: ID){ transactionUpdated(id: $id) { id status } }', { id: t2 });
      const all = collect(mine, 'subscription { transactionUpdated { id status } }');
      const spy = collect(theirs, 'subscription { transactionUpdated { id status } }');
      await Promise.all([mine.connected, theirs.connected]);
      // Subscriptions on one socket register in order: once the later one sees the probe, both listen.
      await app.services.transactionReports.apply({ reportId: `probe-${probe}`, transactionId: probe, status: 'CREATED' });
      await all.next((v) => v.transactionUpdated.id === probe);
      await app.services.transactionReports.apply({ reportId: `a-${t1}`, transactionId: t1, status: 'PAID' });
      await app.services.transactionReports.apply({ reportId: `a-${t2}`, transactionId: t2, status: 'PAID' });
      await all.next((v) => v.transactionUpdated.id === t1 && v.transactionUpdated.status === 'PAID');
      await all.next((v) => v.transactionUpdated.id === t2 && v.transactionUpdated.status === 'PAID');
      await only2.next((v) => v.transactionUpdated.id === t2);
      expect(only2.received.every((v) => v.transactionUpdated.id === t2)).toBe(true);
      expect(spy.received).toEqual([]);
    } finally {
      await mine.dispose();
      await theirs.dispose();
    }
  });

  it('subscriptions need a credential', async () => {
    const anonymous = wsClient(app);
    const sub = collect(anonymous, 'subscription { transactionUpdated { id } }');
    await expect(sub.next(() => true, 1_000)).rejects.toThrow();
    expect(sub.failure).toBeDefined();
    await anonymous.dispose();
  });
});
