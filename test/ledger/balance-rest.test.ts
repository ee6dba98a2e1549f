import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  block,
  pixCredit,
  withdrawalDebit,
  withdrawalRefund,
} from '../../src/domain/ledger/ledger-entries';
import type { JournalEntryDraft } from '../../src/domain/ledger/ledger.types';
import { gql, onboardSeller, startTestApp, type TestApp } from '../support/app';
import { rest } from '../support/rest';
import { inTransaction } from '../support/platform';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const post = (d: JournalEntryDraft) => inTransaction(app, (tx) => app.services.ledger.postEntry(tx, d));
const at = (iso: string) => app.clock.set(new Date(iso));
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function expectStandardError(res: { status: number; body: any }, status: number, code: string, path: string) {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ status: false, erro: code, mensagem: expect.any(String), requestId: expect.any(String), path });
  expect(res.body.timestamp).toMatch(ISO);
}

describe('wallet and balance (REST)', () => {
  it('a new seller has zero balances in every envelope', async () => {
    const s = await onboardSeller(app);
    const wallet = await rest(app, 'GET', '/seller-wallet/gestao', { bearer: s.apiKey });
    expect(wallet.status).toBe(200);
    expect(wallet.body).toEqual({
      status: true,
      data: {
        balancePix: 0,
        balanceBoleto: 0,
        balanceCard: 0,
        balanceTotal: 0,
        balanceBlocked: 0,
        balanceDebt: 0,
        currency: 'BRL',
        updatedAt: expect.stringMatching(ISO),
        recentMovements: [],
      },
    });
    expect(await rest(app, 'GET', '/balance-statement', { bearer: s.apiKey })).toMatchObject({
      status: 200,
      body: { status: true, data: { available: 0, blocked: 0, total: 0, debt: 0, currency: 'BRL' } },
    });
    const statement = await rest(app, 'GET', '/balance-statement/statements', { bearer: s.apiKey });
    expect(statement.body).toEqual({ status: true, data: [], count: 0 });
    const summary = await rest(app, 'GET', '/balance-statement/summary', { bearer: s.apiKey });
    expect(summary.body).toEqual({
      status: true,
      data: { totalCredits: 0, totalDebits: 0, totalFees: 0, netBalance: 0, period: { startDate: expect.any(String), endDate: expect.any(String) } },
    });
  });

  it('wallet, balance and statement entries reflect postings, with fees as separate DEBIT entries', async () => {
    const s = await onboardSeller(app);
    at('2026-04-01T10:00:00.000Z');
    await post(pixCredit({ sellerId: s.sellerId, transactionId: 'tx-a', amount: 10_000, fee: 99 }));
    at('2026-04-01T11:00:00.000Z');
    await post(withdrawalDebit({ sellerId: s.sellerId, withdrawalId: 'wd-a', amount: 2_000, fee: 100 }));
    at('2026-04-01T12:00:00.000Z');
    await post(block({ sellerId: s.sellerId, disputeId: 'dp-a', transactionId: 'tx-a', amount: 1_000 }));

    const wallet = await rest(app, 'GET', '/seller-wallet/gestao', { bearer: s.apiKey });
    expect(wallet.body.data).toMatchObject({
      balancePix: 6_801,
      balanceBoleto: 0,
      balanceCard: 0,
      balanceTotal: 6_801,
      balanceBlocked: 1_000,
      balanceDebt: 0,
      currency: 'BRL',
      updatedAt: '2026-04-01T12:00:00.000Z',
    });
    expect(wallet.body.data.recentMovements.map((m: any) => [m.type, m.amount])).toEqual([
      ['RETAINED', 1_000],
      ['DEBIT', 100],
      ['DEBIT', 2_000],
      ['DEBIT', 99],
      ['CREDIT', 10_000],
    ]);
    expect(await rest(app, 'GET', '/balance-statement', { bearer: s.apiKey })).toMatchObject({
      body: { status: true, data: { available: 6_801, blocked: 1_000, total: 7_801, debt: 0, currency: 'BRL' } },
    });

    const statement = await rest(app, 'GET', '/balance-statement/statements', { bearer: s.apiKey });
    expect(statement.body.status).toBe(true);
    expect(statement.body.count).toBe(5);
    const [retained, fee, withdrawal, pixFee, credit] = statement.body.data;
    expect(credit).toEqual({ id: expect.any(String), amount: 10_000, type: 'CREDIT', description: 'PIX received', createdAt: '2026-04-01T10:00:00.000Z', transactionId: 'tx-a' });
    expect(pixFee).toMatchObject({ amount: 99, type: 'DEBIT', description: 'PIX cash-in fee', transactionId: 'tx-a' });
    expect(withdrawal).toEqual({ id: expect.any(String), amount: 2_000, type: 'DEBIT', description: 'Withdrawal', createdAt: '2026-04-01T11:00:00.000Z', withdrawalId: 'wd-a' });
    expect(fee).toMatchObject({ amount: 100, type: 'DEBIT', withdrawalId: 'wd-a' });
    expect(retained).toMatchObject({ amount: 1_000, type: 'RETAINED', transactionId: 'tx-a' });
    expect(withdrawal).not.toHaveProperty('transactionId');
  });

  it('401 in the standard format for a wrong key; 403 for a session user without a seller', async () => {
    for (const path of ['/seller-wallet/gestao', '/balance-statement', '/balance-statement/statements', '/balance-statement/summary']) {
      expectStandardError(await rest(app, 'GET', path, { bearer: 'sk_test_wrong' }), 401, 'UNAUTHENTICATED', path);
      expectStandardError(await rest(app, 'GET', path), 401, 'UNAUTHENTICATED', path);
    }
    const email = `noseller${Date.now()}@example.com`;
    await gql(app, 'mutation($e:String!){ signUp(email:$e,password:"long enough pw"){ id } }', { e: email });
    const login = await gql(app, 'mutation($e:String!){ logIn(email:$e,password:"long enough pw"){ token } }', { e: email });
    const session = login.data!.logIn.token as string;
    for (const path of ['/seller-wallet/gestao', '/balance-statement', '/balance-statement/statements', '/balance-statement/summary']) {
      expectStandardError(await rest(app, 'GET', path, { bearer: session }), 403, 'SELLER_REQUIRED', path);
    }
  });

  it('a dashboard session of a seller user reads the same balance as its API key', async () => {
    const s = await onboardSeller(app);
    await post(pixCredit({ sellerId: s.sellerId, transactionId: 'tx-sess', amount: 500, fee: 5 }));
    const viaSession = await rest(app, 'GET', '/balance-statement', { bearer: s.session });
    expect(viaSession.body.data).toEqual({ available: 495, blocked: 0, total: 495, debt: 0, currency: 'BRL' });
  });
});

describe('statement filters and pagination (REST)', () => {
  let seller: Awaited<ReturnType<typeof onboardSeller>>;
  const allIds: string[] = [];

  beforeAll(async () => {
    seller = await onboardSeller(app);
    // 3 days of movements; several entries share a timestamp (ties are ordered by id).
    const days = ['2026-03-01', '2026-03-02', '2026-03-03'];
    let n = 0;
    for (const day of days) {
      for (let h = 0; h < 4; h++) {
        at(`${day}T${String(h * 6).padStart(2, '0')}:00:00.000Z`);
        await post(pixCredit({ sellerId: seller.sellerId, transactionId: `p-${n++}`, amount: 1_000 + n, fee: 10 }));
        if (h % 2 === 0) await post(block({ sellerId: seller.sellerId, disputeId: `d-${n}`, amount: 50 }));
      }
    }
    at('2026-03-02T23:59:59.999Z');
    await post(pixCredit({ sellerId: seller.sellerId, transactionId: 'edge-late', amount: 777, fee: 0 }));
    at('2026-03-03T00:00:00.000Z');
    await post(pixCredit({ sellerId: seller.sellerId, transactionId: 'edge-early', amount: 888, fee: 0 }));
    const all = await rest(app, 'GET', '/balance-statement/statements?take=100', { bearer: seller.apiKey });
    allIds.push(...all.body.data.map((e: any) => e.id));
  });

  it('orders newest first (createdAt desc, then id desc) and count is the total', async () => {
    const all = await rest(app, 'GET', '/balance-statement/statements?take=100', { bearer: seller.apiKey });
    // 12 credits with fee (24 lines) + 6 blocks + 2 edge credits
    expect(all.body.count).toBe(32);
    expect(all.body.data).toHaveLength(32);
    const keys = all.body.data.map((e: any) => [e.createdAt, BigInt(e.id)]);
    const sorted = [...keys].sort((a: any, b: any) => (a[0] === b[0] ? (a[1] > b[1] ? -1 : 1) : a[0] > b[0] ? -1 : 1));
    expect(keys).toEqual(sorted);
  });

  it('walks every page with the cursor: no duplicates, no gaps, same order as one big page', async () => {
    for (const take of [1, 3, 7, 10]) {
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 100; page++) {
        const q = `take=${take}${cursor ? `&cursor=${cursor}` : ''}`;
        const res = await rest(app, 'GET', `/balance-statement/statements?${q}`, { bearer: seller.apiKey });
        expect(res.status).toBe(200);
        expect(res.body.count).toBe(32);
        if (res.body.data.length === 0) break;
        expect(res.body.data.length).toBeLessThanOrEqual(take);
        seen.push(...res.body.data.map((e: any) => e.id));
        cursor = res.body.data[res.body.data.length - 1].id;
      }
      expect(seen).toEqual(allIds);
    }
  });

  it('the cursor combines with operationType and dates; skip applies after the cursor', async () => {
    const retained = await rest(app, 'GET', '/balance-statement/statements?operationType=RETAINED&take=100', { bearer: seller.apiKey });
    expect(retained.body.count).toBe(6);
    expect(retained.body.data.every((e: any) => e.type === 'RETAINED' && e.amount === 50)).toBe(true);
    const first = await rest(app, 'GET', '/balance-statement/statements?operationType=RETAINED&take=2', { bearer: seller.apiKey });
    const next = await rest(app, 'GET', `/balance-statement/statements?operationType=RETAINED&take=2&cursor=${first.body.data[1].id}`, { bearer: seller.apiKey });
    expect([...first.body.data, ...next.body.data].map((e: any) => e.id)).toEqual(retained.body.data.slice(0, 4).map((e: any) => e.id));
    const skipped = await rest(app, 'GET', `/balance-statement/statements?take=2&skip=1&cursor=${allIds[0]}`, { bearer: seller.apiKey });
    expect(skipped.body.data.map((e: any) => e.id)).toEqual(allIds.slice(2, 4));
    const offset = await rest(app, 'GET', '/balance-statement/statements?take=5&skip=5', { bearer: seller.apiKey });
    expect(offset.body.data.map((e: any) => e.id)).toEqual(allIds.slice(5, 10));
  });

  it('startDate / endDate are inclusive UTC days', async () => {
    const day2 = await rest(app, 'GET', '/balance-statement/statements?startDate=2026-03-02&endDate=2026-03-02&take=100', { bearer: seller.apiKey });
    // 4 credits with fee + 2 blocks + the 23:59:59.999 credit; not the 00:00 of the 3rd
    expect(day2.body.count).toBe(11);
    expect(day2.body.data).toHaveLength(11);
    expect(day2.body.data.every((e: any) => e.createdAt.startsWith('2026-03-02'))).toBe(true);
    expect(day2.body.data.map((e: any) => e.amount)).toContain(777);
    expect(day2.body.data.map((e: any) => e.amount)).not.toContain(888);
    const from3 = await rest(app, 'GET', '/balance-statement/statements?startDate=2026-03-03&take=100', { bearer: seller.apiKey });
    expect(from3.body.data.map((e: any) => e.amount)).toContain(888);
    expect(from3.body.count).toBe(11);
    const until1 = await rest(app, 'GET', '/balance-statement/statements?endDate=2026-03-01&take=100', { bearer: seller.apiKey });
    expect(until1.body.count).toBe(10);
  });

  it.each([
    ['startDate=2026-02-30', 'INVALID_DATE'],
    ['endDate=03/01/2026', 'INVALID_DATE'],
    ['startDate=2026-03-02&endDate=2026-03-01', 'INVALID_DATE_RANGE'],
    ['skip=-1', 'INVALID_SKIP'],
    ['take=0', 'INVALID_TAKE'],
    ['take=101', 'INVALID_TAKE'],
    ['take=abc', 'INVALID_TAKE'],
    ['take=1&take=2', 'INVALID_TAKE'],
    ['operationType=REFUND', 'INVALID_OPERATION_TYPE'],
    ['cursor=not-an-id', 'INVALID_CURSOR'],
    ['cursor=999999999', 'CURSOR_NOT_FOUND'],
  ])('statements?%s -> 400 %s in the standard format', async (q, code) => {
    expectStandardError(await rest(app, 'GET', `/balance-statement/statements?${q}`, { bearer: seller.apiKey }), 400, code, '/balance-statement/statements');
  });

  it("another seller's entry id is not a valid cursor", async () => {
    const other = await onboardSeller(app);
    const res = await rest(app, 'GET', `/balance-statement/statements?cursor=${allIds[0]}`, { bearer: other.apiKey });
    expectStandardError(res, 400, 'CURSOR_NOT_FOUND', '/balance-statement/statements');
  });

  it.each([
    ['startDate=2026-3-1', 'INVALID_DATE'],
    ['endDate=2026-03-32', 'INVALID_DATE'],
    ['startDate=2026-03-05&endDate=2026-03-01', 'INVALID_DATE_RANGE'],
  ])('summary?%s -> 400 %s', async (q, code) => {
    expectStandardError(await rest(app, 'GET', `/balance-statement/summary?${q}`, { bearer: seller.apiKey }), 400, code, '/balance-statement/summary');
  });
});

describe('statement summary (REST)', () => {
  it('netBalance = totalCredits - totalDebits; fees are debits; returned fees reduce totalFees', async () => {
    const s = await onboardSeller(app);
    at('2026-05-10T09:00:00.000Z');
    await post(pixCredit({ sellerId: s.sellerId, transactionId: 'sum-1', amount: 10_000, fee: 99 }));
    at('2026-05-11T09:00:00.000Z');
    await post(withdrawalDebit({ sellerId: s.sellerId, withdrawalId: 'sum-w', amount: 2_000, fee: 100 }));
    await post(block({ sellerId: s.sellerId, disputeId: 'sum-d', amount: 300 }));
    at('2026-05-12T09:00:00.000Z');
    await post(withdrawalRefund({ sellerId: s.sellerId, withdrawalId: 'sum-w', amount: 2_000, fee: 100 }));

    const all = await rest(app, 'GET', '/balance-statement/summary', { bearer: s.apiKey });
    expect(all.body).toEqual({
      status: true,
      data: {
        totalCredits: 12_100,
        totalDebits: 2_199,
        totalFees: 99,
        netBalance: 9_901,
        period: { startDate: '2026-05-10', endDate: '2026-05-12' },
      },
    });
    // netBalance equals the change of available + blocked
    const balance = await rest(app, 'GET', '/balance-statement', { bearer: s.apiKey });
    expect(balance.body.data.total).toBe(all.body.data.netBalance);

    const day11 = await rest(app, 'GET', '/balance-statement/summary?startDate=2026-05-11&endDate=2026-05-11', { bearer: s.apiKey });
    expect(day11.body.data).toEqual({
      totalCredits: 0,
      totalDebits: 2_100,
      totalFees: 100,
      netBalance: -2_100,
      period: { startDate: '2026-05-11', endDate: '2026-05-11' },
    });
    const since11 = await rest(app, 'GET', '/balance-statement/summary?startDate=2026-05-11', { bearer: s.apiKey });
    expect(since11.body.data).toMatchObject({ totalCredits: 2_100, totalDebits: 2_100, totalFees: 0, netBalance: 0, period: { startDate: '2026-05-11', endDate: '2026-05-12' } });
  });
});
