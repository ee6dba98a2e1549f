import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pixCredit } from '../../src/domain/ledger/ledger-entries';
import { totpCode } from '../../src/infra/security/otplib-totp';
import { gql, onboardSeller, startTestApp, type TestApp } from '../support/app';
import { collect, wsClient } from '../support/subscriptions';
import { inTransaction, promoteToOperator } from '../support/platform';

let app: TestApp;
let operator: string;
let operatorSecret: string;
let lastCodeAt = 0;
/**
 * A fresh code of the operator's 2FA (manual corrections are a step-up; each code is
 * accepted once, and only after the last one's step): the clock moves 30 s past the last
 * code, even when a test set it back in time.
 */
const stepUp = () => {
  lastCodeAt = Math.max(lastCodeAt, app.clock.now().getTime()) + 30_000;
  app.clock.set(new Date(lastCodeAt));
  return totpCode(operatorSecret, app.clock.now());
};

beforeAll(async () => {
  app = await startTestApp();
  const email = `operator${Date.now()}@example.com`;
  await gql(app, 'mutation($e:String!){ signUp(email:$e,password:"long enough pw"){ id } }', { e: email });
  await promoteToOperator(app, email);
  const login = await gql(app, 'mutation($e:String!){ logIn(email:$e,password:"long enough pw"){ token } }', { e: email });
  operator = login.data!.logIn.token as string;
  operatorSecret = (await gql(app, 'mutation{ enrolTwoFactor{ secret } }', {}, operator)).data!.enrolTwoFactor.secret as string;
  lastCodeAt = app.clock.now().getTime();
  await gql(app, 'mutation($c:String!){ confirmTwoFactor(code:$c){ id } }', { c: totpCode(operatorSecret, app.clock.now()) }, operator);
});
afterAll(async () => {
  await app?.close();
});

const WALLET = '{ wallet { balancePix balanceBoleto balanceCard balanceTotal balanceBlocked currency updatedAt recentMovements { id amount type description createdAt transactionId withdrawalId } } }';
const STATEMENT = `query($take:Int,$cursor:String,$type:StatementEntryType,$start:String,$end:String){
  statement(take:$take, cursor:$cursor, operationType:$type, startDate:$start, endDate:$end) {
    total take skip hasNextPage endCursor items { id amount type description createdAt transactionId withdrawalId }
  } }`;
const CREDIT = `mutation($s:ID!,$a:Cents!,$r:String!,$k:String,$c:String){ creditSellerManually(sellerId:$s, amount:$a, reason:$r, idempotencyKey:$k, twoFactorCode:$c){ id reference kind created balance { available blocked total currency } } }`;
const DEBIT = `mutation($s:ID!,$a:Cents!,$r:String!,$c:String){ debitSellerManually(sellerId:$s, amount:$a, reason:$r, twoFactorCode:$c){ id kind balance { available } } }`;

describe('wallet queries (GraphQL)', () => {
  it('wallet, balance, statement and summary for an API key and for the seller user session', async () => {
    const s = await onboardSeller(app);
    app.clock.set(new Date('2026-07-01T12:00:00.000Z'));
    await inTransaction(app, (tx) => app.services.ledger.postEntry(tx, pixCredit({ sellerId: s.sellerId, transactionId: 'g-1', amount: 3_000, fee: 30 })));
    for (const token of [s.apiKey, s.session]) {
      const w = await gql(app, WALLET, {}, token);
      expect(w.errors).toBeUndefined();
      expect(w.data!.wallet).toMatchObject({ balancePix: 2_970, balanceTotal: 2_970, balanceBlocked: 0, currency: 'BRL', updatedAt: '2026-07-01T12:00:00.000Z' });
      expect(w.data!.wallet.recentMovements).toHaveLength(2);
      const b = await gql(app, '{ balance { available blocked total currency } }', {}, token);
      expect(b.data!.balance).toEqual({ available: 2_970, blocked: 0, total: 2_970, currency: 'BRL' });
      const sum = await gql(app, '{ statementSummary { totalCredits totalDebits totalFees netBalance period { startDate endDate } } }', {}, token);
      expect(sum.data!.statementSummary).toEqual({
        totalCredits: 3_000,
        totalDebits: 30,
        totalFees: 30,
        netBalance: 2_970,
        period: { startDate: '2026-07-01', endDate: '2026-07-01' },
      });
    }
  });

  it('the statement connection walks with its cursor', async () => {
    const s = await onboardSeller(app);
    for (let i = 0; i < 7; i++) {
      app.clock.advance(1_000);
      await inTransaction(app, (tx) => app.services.ledger.postEntry(tx, pixCredit({ sellerId: s.sellerId, transactionId: `gc-${i}`, amount: 100 + i, fee: 1 })));
    }
    const ids: string[] = [];
    let cursor: string | null = null;
    for (;;) {
      const r: any = await gql(app, STATEMENT, { take: 4, cursor }, s.apiKey);
      expect(r.errors).toBeUndefined();
      expect(r.data.statement).toMatchObject({ total: 14, take: 4, skip: 0 });
      ids.push(...r.data.statement.items.map((e: any) => e.id));
      expect(r.data.statement.endCursor).toBe(ids[ids.length - 1]);
      if (!r.data.statement.hasNextPage) break;
      cursor = r.data.statement.endCursor;
    }
    expect(ids).toHaveLength(14);
    expect(new Set(ids).size).toBe(14);
    const bad = await gql(app, STATEMENT, { take: 500 }, s.apiKey);
    expect(bad.errors![0]!.extensions!.code).toBe('INVALID_TAKE');
    const badDate = await gql(app, STATEMENT, { start: '2026-02-30' }, s.apiKey);
    expect(badDate.errors![0]!.extensions!.code).toBe('INVALID_DATE');
    const credits = await gql(app, STATEMENT, { type: 'CREDIT', take: 100 }, s.apiKey);
    expect(credits.data!.statement.total).toBe(7);
  });

  it('needs a seller: UNAUTHENTICATED without credential, SELLER_REQUIRED for a user without seller', async () => {
    expect((await gql(app, '{ balance { available } }')).errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
    expect((await gql(app, '{ balance { available } }', {}, operator)).errors![0]!.extensions!.code).toBe('SELLER_REQUIRED');
  });
});

describe('operator corrections (GraphQL)', () => {
  it('credit and debit with a reason are journal entries; non-operators get OPERATOR_ONLY', async () => {
    // Past the operator's last code first (an earlier test set the clock back), so the sessions made next do not expire on the way.
    stepUp();
    const s = await onboardSeller(app);
    const credit = await gql(app, CREDIT, { s: s.sellerId, a: 5_000, r: 'compensation for incident 42', k: 'inc-42', c: stepUp() }, operator);
    expect(credit.errors).toBeUndefined();
    expect(credit.data!.creditSellerManually).toMatchObject({
      reference: `adjustment:${s.sellerId}.inc-42`,
      kind: 'OPERATOR_CREDIT',
      created: true,
      balance: { available: 5_000, blocked: 0, total: 5_000, currency: 'BRL' },
    });
    const again = await gql(app, CREDIT, { s: s.sellerId, a: 5_000, r: 'compensation for incident 42', k: 'inc-42', c: stepUp() }, operator);
    expect(again.data!.creditSellerManually).toMatchObject({ id: credit.data!.creditSellerManually.id, created: false, balance: { available: 5_000 } });

    const debit = await gql(app, DEBIT, { s: s.sellerId, a: 1_200, r: 'duplicate credit reversed', c: stepUp() }, operator);
    expect(debit.data!.debitSellerManually).toMatchObject({ kind: 'OPERATOR_DEBIT', balance: { available: 3_800 } });
    const statement = await gql(app, STATEMENT, { take: 10 }, s.apiKey);
    expect(statement.data!.statement.items.map((e: any) => [e.type, e.amount, e.description])).toEqual([
      ['DEBIT', 1_200, 'Correction: duplicate credit reversed'],
      ['CREDIT', 5_000, 'Correction: compensation for incident 42'],
    ]);

    const over = await gql(app, DEBIT, { s: s.sellerId, a: 3_801, r: 'too much', c: stepUp() }, operator);
    expect(over.errors![0]!.extensions!.code).toBe('INSUFFICIENT_BALANCE');
    expect((await gql(app, DEBIT, { s: s.sellerId, a: 1, r: '  ', c: stepUp() }, operator)).errors![0]!.extensions!.code).toBe('INVALID_REASON');
    expect((await gql(app, DEBIT, { s: s.sellerId, a: 1, r: 'x'.repeat(501), c: stepUp() }, operator)).errors![0]!.extensions!.code).toBe('INVALID_REASON');
    expect((await gql(app, CREDIT, { s: s.sellerId, a: 0, r: 'zero', c: stepUp() }, operator)).errors![0]!.extensions!.code).toBe('INVALID_AMOUNT');
    expect((await gql(app, CREDIT, { s: 'no-such-seller', a: 1, r: 'r', c: stepUp() }, operator)).errors![0]!.extensions!.code).toBe('SELLER_NOT_FOUND');

    expect((await gql(app, CREDIT, { s: s.sellerId, a: 1, r: 'self service' }, s.session)).errors![0]!.extensions!.code).toBe('OPERATOR_ONLY');
    expect((await gql(app, DEBIT, { s: s.sellerId, a: 1, r: 'self service' }, s.session)).errors![0]!.extensions!.code).toBe('OPERATOR_ONLY');
    expect((await gql(app, CREDIT, { s: s.sellerId, a: 1, r: 'by key' }, s.apiKey)).errors![0]!.extensions!.code).toBe('SESSION_REQUIRED');
    expect((await gql(app, '{ balance { available } }', {}, s.apiKey)).data!.balance.available).toBe(3_800);

    const platform = await gql(app, '{ platformAccountBalances { account balance } }', {}, operator);
    expect(platform.data!.platformAccountBalances).toContainEqual({ account: 'platform:adjustments', balance: expect.any(Number) });
    expect((await gql(app, '{ platformAccountBalances { account } }', {}, s.session)).errors![0]!.extensions!.code).toBe('OPERATOR_ONLY');
  });
});

/** Posts 1-cent probes for the seller until the subscription receives one (each wait bounded). */
async function listening(sub: ReturnType<typeof collect>, sellerId: string): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const probe = await gql(app, CREDIT, { s: sellerId, a: 1, r: `probe ${attempt}`, c: stepUp() }, operator);
    const id = probe.data!.creditSellerManually.id;
    if (await sub.next((v: any) => v.walletUpdated.entryId === id, 1_000).then(() => true, () => false)) return;
  }
  throw new Error('the subscription never received a probe');
}

describe('walletUpdated subscription (graphql-ws)', () => {
  it("delivers the new balances to the seller's subscribers after an operator credit, and only to them", async () => {
    const s = await onboardSeller(app);
    const other = await onboardSeller(app);
    const mine = wsClient(app, s.apiKey);
    const theirs = wsClient(app, other.apiKey);
    try {
      await Promise.all([mine.connected, theirs.connected]);
      const query = 'subscription { walletUpdated { entryId kind balancePix balanceTotal balanceBlocked currency updatedAt } }';
      const sub = collect(mine, query);
      const otherSub = collect(theirs, query);
      // A subscription listens once the server has processed its subscribe message:
      // probe each socket with a posting for its seller until the probe arrives.
      await listening(sub, s.sellerId);
      await listening(otherSub, other.sellerId);
      const before = sub.received.length;

      const credit = await gql(app, CREDIT, { s: s.sellerId, a: 2_500, r: 'welcome bonus', c: stepUp() }, operator);
      const event: any = await sub.next((v: any) => v.walletUpdated.entryId === credit.data!.creditSellerManually.id);
      const after = credit.data!.creditSellerManually.balance.available as number; // 2,500 + the 1-cent probes
      expect(after - 2_500).toBeGreaterThanOrEqual(1);
      expect(event.walletUpdated).toMatchObject({ kind: 'OPERATOR_CREDIT', balancePix: after, balanceTotal: after, balanceBlocked: 0, currency: 'BRL' });
      expect(sub.received.slice(before)).toHaveLength(1);
      expect(otherSub.received.every((v: any) => v.walletUpdated.entryId !== credit.data!.creditSellerManually.id)).toBe(true);
      expect(sub.failure).toBeUndefined();
      sub.unsubscribe();
      otherSub.unsubscribe();
    } finally {
      await Promise.all([mine.dispose(), theirs.dispose()]);
    }
  });
});
