import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/infra/security/otplib-totp';
import { gql, onboardSeller, startTestApp, type TestApp, gqlErrorCode } from '../support/app';
import { collect, wsClient } from '../support/subscriptions';
import { available, drainJobs, enableTwoFactor, fund, runFor } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ ROLE: 'api' });
});
afterAll(async () => {
  await app?.close();
});

const CREATE = `mutation($input: CreateWithdrawalInput!, $key: String!, $code: String) {
  createWithdrawal(input: $input, idempotencyKey: $key, totpCode: $code) { id amount feeAmount totalAmount status pixKey pixKeyType end2end approvedAt metadata }
}`;
const input = (amount = 1_000) => ({ amount, method: 'PIX', pixKeyType: 'EMAIL', pixKey: 'Ana@Example.com' });

describe('withdrawals over GraphQL', () => {
  it('creates idempotently with the same rules as REST, reads and lists', async () => {
    const s = await onboardSeller(app);
    await fund(app, s.sellerId, 50_000);
    const key = randomUUID();
    const a = await gql(app, CREATE, { input: { ...input(), metadata: { order: 'G-1' } }, key }, s.apiKey);
    const b = await gql(app, CREATE, { input: { ...input(), metadata: { order: 'G-1' } }, key }, s.apiKey);
    expect(a.errors).toBeUndefined();
    expect(b.data).toEqual(a.data);
    expect(a.data!.createWithdrawal).toMatchObject({ amount: 1_000, feeAmount: 100, totalAmount: 1_100, status: 'PENDING', pixKey: 'ana@example.com', pixKeyType: 'EMAIL', end2end: null, approvedAt: null, metadata: { order: 'G-1' } });
    expect(await available(app, s.apiKey)).toBe(48_900);

    expect(gqlErrorCode(await gql(app, CREATE, { input: input(499), key: randomUUID() }, s.apiKey))).toBe('AMOUNT_TOO_LOW');
    expect(gqlErrorCode(await gql(app, CREATE, { input: { ...input(), pixKeyType: 'CPF', pixKey: '123' }, key: randomUUID() }, s.apiKey))).toBe('INVALID_PIX_KEY_CPF');
    expect(gqlErrorCode(await gql(app, CREATE, { input: input(600_000), key: randomUUID() }, s.apiKey))).toBe('BENEFICIARY_NAME_REQUIRED');
    expect(gqlErrorCode(await gql(app, CREATE, { input: input(1_001), key }, s.apiKey))).toBe('IDEMPOTENCY_KEY_CONFLICT');
    expect(gqlErrorCode(await gql(app, CREATE, { input: input(100_000), key: randomUUID() }, s.apiKey))).toBe('INSUFFICIENT_BALANCE');

    const id = a.data!.createWithdrawal.id;
    await runFor(app, 4_000);
    const one = await gql(app, 'query($id: ID!){ withdrawal(id: $id){ status end2end processedAt feeAmount } }', { id }, s.session);
    expect(one.data!.withdrawal).toMatchObject({ status: 'PAID', feeAmount: 100 });
    expect(one.data!.withdrawal.end2end).toMatch(/^E/);
    const page = await gql(app, '{ withdrawals(status: PAID, take: 5, metadataKey: "order", metadataValue: "g-"){ total take skip hasNextPage items { id } } }', {}, s.apiKey);
    expect(page.data!.withdrawals).toEqual({ total: 1, take: 5, skip: 0, hasNextPage: false, items: [{ id }] });
    expect(gqlErrorCode(await gql(app, '{ withdrawals(take: 500){ total } }', {}, s.apiKey))).toBe('INVALID_TAKE');

    const other = await onboardSeller(app);
    expect(gqlErrorCode(await gql(app, 'query($id: ID!){ withdrawal(id: $id){ id } }', { id }, other.apiKey))).toBe('WITHDRAWAL_NOT_FOUND');
  });

  it('totpCode: required with 2FA active, wrong and replayed codes refused, a fresh one accepted', async () => {
    const s = await onboardSeller(app);
    await fund(app, s.sellerId, 50_000);
    const secret = await enableTwoFactor(app, s.session);
    expect(gqlErrorCode(await gql(app, CREATE, { input: input(), key: randomUUID() }, s.session))).toBe('MFA_REQUIRED');
    const code = totpCode(secret, app.clock.now());
    expect(gqlErrorCode(await gql(app, CREATE, { input: input(), key: randomUUID(), code: code === '000000' ? '111111' : '000000' }, s.apiKey))).toBe('INVALID_MFA_CODE');
    const ok = await gql(app, CREATE, { input: input(), key: randomUUID(), code }, s.session);
    expect(ok.errors).toBeUndefined();
    expect(gqlErrorCode(await gql(app, CREATE, { input: input(), key: randomUUID(), code }, s.apiKey))).toBe('INVALID_MFA_CODE');
    expect(await available(app, s.apiKey)).toBe(48_900);
  });

  it("withdrawalUpdated pushes every change of the owning seller's withdrawals only, optionally one", async () => {
    const s = await onboardSeller(app);
    const other = await onboardSeller(app);
    await fund(app, s.sellerId, 50_000);
    await fund(app, other.sellerId, 50_000);
    const mine = wsClient(app, s.apiKey);
    const theirs = wsClient(app, other.apiKey);
    try {
      const w1 = (await gql(app, CREATE, { input: input(1_000), key: randomUUID() }, s.apiKey)).data!.createWithdrawal.id;
      const w2 = (await gql(app, CREATE, { input: input(1_002), key: randomUUID() }, s.apiKey)).data!.createWithdrawal.id; // fails in the sandbox
      const only2 = collect(mine, 'subscription($id: ID){ withdrawalUpdated(id: $id) { id status } }', { id: w2 });
      const all = collect(mine, 'subscription { withdrawalUpdated { id status feeAmount } }');
      const spy = collect(theirs, 'subscription { withdrawalUpdated { id status } }');
      await Promise.all([mine.connected, theirs.connected]);
      // Subscriptions on one socket register in order: once the later one sees a probe, both listen.
      const probe = (await gql(app, CREATE, { input: input(700), key: randomUUID() }, s.apiKey)).data!.createWithdrawal.id;
      await all.next((v) => v.withdrawalUpdated.id === probe);
      await drainJobs(app);
      await runFor(app, 4_000);
      await all.next((v) => v.withdrawalUpdated.id === w1 && v.withdrawalUpdated.status === 'PAID');
      await all.next((v) => v.withdrawalUpdated.id === w2 && v.withdrawalUpdated.status === 'FAILED');
      await only2.next((v) => v.withdrawalUpdated.status === 'FAILED');
      expect(only2.received.map((v) => v.withdrawalUpdated.status)).toEqual(['APPROVED', 'PROCESSING', 'FAILED']);
      expect(only2.received.every((v) => v.withdrawalUpdated.id === w2)).toBe(true);
      expect(all.received.filter((v) => v.withdrawalUpdated.id === w1).map((v) => v.withdrawalUpdated.status)).toEqual(['APPROVED', 'PROCESSING', 'PAID']);
      expect(spy.received).toEqual([]);
    } finally {
      await mine.dispose();
      await theirs.dispose();
    }
  });
});
