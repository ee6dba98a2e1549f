import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, onboardSeller, startTestApp, type TestApp } from '../../../test/support/app';
import {
  AuthenticationError,
  ConflictError,
  type CreateWithdrawal,
  IdempotencyInFlightError,
  IdempotencyKeyConflictError,
  InvalidRequestError,
  MfaRequiredError,
  NotFoundError,
  PermissionError,
  PixPayApiError,
  RateLimitedError,
  UnprocessableEntityError,
  type FetchLike,
} from '../src/index.js';
import { contractCheckedFetch, recordingSleep, sdk } from './support/service';

// Budgets are buckets of one second's worth, large for everyone; one seller's creates are
// set to 60 a minute by an operator, so its bucket holds a single request.
const LIMITS = {
  RATE_LIMIT_BURST_SECONDS: '1',
  RATE_LIMIT_CREATES: '60000',
  RATE_LIMIT_READS: '60000',
  RATE_LIMIT_LISTS: '60000',
  RATE_LIMIT_WEBHOOKS: '60000',
  RATE_LIMIT_PUBLIC: '60000',
};

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(LIMITS);
});
afterAll(async () => {
  await app?.close();
});

/** A seller with `amount` paid in and available. */
async function fundedSeller(amount = 20_000) {
  const s = await onboardSeller(app);
  const pixpay = sdk(app, s.apiKey);
  await pixpay.sandbox.payTransaction((await pixpay.transactions.create({ amount })).id);
  return { ...s, pixpay };
}

async function thrown(promise: Promise<unknown>): Promise<PixPayApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PixPayApiError);
  return error as PixPayApiError;
}

const payout: CreateWithdrawal = { amount: 1000, method: 'PIX', pixKeyType: 'EMAIL', pixKey: 'maria@example.com' };

describe('every error answer of the service is a typed error with its code', () => {
  it('400, 401, 403, 404, 409, 422 in both formats', async () => {
    const s = await fundedSeller(5_000);

    const invalid = await thrown(s.pixpay.transactions.create({ amount: 0 }));
    expect(invalid).toBeInstanceOf(InvalidRequestError);
    expect(invalid).toMatchObject({ statusCode: 400, code: 'AMOUNT_TOO_LOW', format: 'cobranca', requestId: expect.any(String) });

    const unauthenticated = await thrown(sdk(app, 'sk_test_wrong').balance.get());
    expect(unauthenticated).toBeInstanceOf(AuthenticationError);
    expect(unauthenticated).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED', format: 'standard', requestId: expect.any(String) });

    const pending = await onboardSeller(app, { document: '111.111.111-11' });
    const forbidden = await thrown(sdk(app, pending.apiKey).transactions.create({ amount: 1000 }));
    expect(forbidden).toBeInstanceOf(PermissionError);
    expect(forbidden).not.toBeInstanceOf(MfaRequiredError);
    expect(forbidden).toMatchObject({ statusCode: 403, code: 'SELLER_NOT_APPROVED' });

    const missing = await thrown(s.pixpay.transactions.get('no-such-charge'));
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toMatchObject({ statusCode: 404, code: 'TRANSACTION_NOT_FOUND' });

    const unpaid = await s.pixpay.transactions.create({ amount: 1000 });
    const conflict = await thrown(s.pixpay.transactions.refund(unpaid.id));
    expect(conflict).toBeInstanceOf(ConflictError);
    expect(conflict).not.toBeInstanceOf(IdempotencyInFlightError);
    expect(conflict).toMatchObject({ statusCode: 409, code: 'INVALID_TRANSACTION_TRANSITION', format: 'cobranca' });

    const tooMuch = await thrown(s.pixpay.withdrawals.create({ ...payout, amount: 100_000 }));
    expect(tooMuch).toBeInstanceOf(UnprocessableEntityError);
    expect(tooMuch).toMatchObject({ statusCode: 422, code: 'INSUFFICIENT_BALANCE', format: 'cobranca' });

    const key = randomUUID();
    await s.pixpay.withdrawals.create(payout, { idempotencyKey: key });
    const reused = await thrown(s.pixpay.withdrawals.create({ ...payout, amount: 1001 }, { idempotencyKey: key }));
    expect(reused).toBeInstanceOf(IdempotencyKeyConflictError);
    expect(reused).toMatchObject({ statusCode: 422, code: 'IDEMPOTENCY_KEY_CONFLICT' });
  });
});

describe('409 IDEMPOTENCY_IN_FLIGHT: two creates with one key while the first still runs', () => {
  it('the second waits Retry-After and its retry replays the first withdrawal; without retries it is IdempotencyInFlightError', async () => {
    const s = await fundedSeller();
    const key = randomUUID();
    const lock = new pg.Client({ connectionString: app.databaseUrl });
    await lock.connect();
    try {
      // Hold the seller's wallet row: the first create claims its key, then waits on this lock to debit.
      await lock.query('begin');
      await lock.query('select 1 from ledger_wallets where seller_id = $1 for update', [s.sellerId]);
      const first = s.pixpay.withdrawals.create(payout, { idempotencyKey: key });
      await claimed(key);

      const impatient = await thrown(s.pixpay.withdrawals.create(payout, { idempotencyKey: key, maxRetries: 0 }));
      expect(impatient).toBeInstanceOf(IdempotencyInFlightError);
      expect(impatient).toMatchObject({ statusCode: 409, code: 'IDEMPOTENCY_IN_FLIGHT', retryAfterSeconds: 5, format: 'cobranca' });

      // While the second call waits, the first one is let through and finishes.
      const slept = recordingSleep(async () => {
        await lock.query('commit');
        await first;
      });
      const second = await sdk(app, s.apiKey, { sleep: slept.sleep }).withdrawals.create(payout, { idempotencyKey: key });
      expect(slept.asked).toEqual([5_000]);
      expect(second.id).toBe((await first).id);
      const all = (await s.pixpay.withdrawals.list()).data;
      expect(all.map((w) => w.id)).toEqual([second.id]);
    } finally {
      await lock.query('rollback').catch(() => undefined);
      await lock.end();
    }
  });
});

/** Waits (bounded) until the key's claim is committed: the first request is in flight. */
async function claimed(key: string): Promise<void> {
  const probe = new pg.Client({ connectionString: app.databaseUrl });
  await probe.connect();
  try {
    const deadline = Date.now() + 15_000;
    while ((await probe.query('select 1 from idempotency_keys where key = $1', [key])).rowCount === 0) {
      if (Date.now() > deadline) throw new Error('the first request never claimed its key');
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await probe.end();
  }
}

describe('429 RATE_LIMITED: a seller whose creates are limited to one at a time', () => {
  it('without retries it is RateLimitedError; with them the SDK waits Retry-After and the same create is served', async () => {
    const s = await onboardSeller(app);
    const operator = await operatorSession();
    const set = await gql(app, 'mutation($s:ID!){ setSellerRateLimit(sellerId:$s, limitClass: creates, perMinute: 60){ limitClass perMinute } }', { s: s.sellerId }, operator);
    expect(set.errors).toBeUndefined();

    await sdk(app, s.apiKey).transactions.create({ amount: 1000 });
    const limited = await thrown(sdk(app, s.apiKey, { maxRetries: 0 }).transactions.create({ amount: 1000 }));
    expect(limited).toBeInstanceOf(RateLimitedError);
    expect(limited).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED', format: 'cobranca' });
    expect(limited.retryAfterSeconds).toBeGreaterThanOrEqual(1);

    // Creates in a row until one is refused (the bucket refills in real time, so a slow
    // machine may serve the second): the SDK then waits the Retry-After it was sent.
    const seen: { status: number; key: string | null; retryAfter: string | null }[] = [];
    const watching: FetchLike = async (request) => {
      const res = await contractCheckedFetch(request);
      seen.push({ status: res.status, key: request.headers.get('idempotency-key'), retryAfter: res.headers.get('retry-after') });
      return res;
    };
    const slept = recordingSleep((ms) => new Promise((r) => setTimeout(r, ms)));
    const patient = sdk(app, s.apiKey, { fetch: watching, sleep: slept.sleep });
    for (let i = 0; i < 5 && !seen.some((a) => a.status === 429); i++) await patient.transactions.create({ amount: 1100 + i });

    const refused = seen.findIndex((a) => a.status === 429);
    expect(refused).toBeGreaterThanOrEqual(0);
    expect(seen[refused + 1]).toMatchObject({ status: 201, key: seen[refused]!.key });
    expect(slept.asked).toEqual([Number(seen[refused]!.retryAfter) * 1000]);
  });
});

async function operatorSession(): Promise<string> {
  const email = `operator-${randomUUID()}@example.com`;
  const password = 'operator password 1';
  await gql(app, 'mutation($e:String!,$p:String!){ signUp(email:$e,password:$p){ id } }', { e: email, p: password });
  await app.services.platform.sql.query("update users set role = 'OPERATOR' where email = ?", [email]);
  return (await gql(app, 'mutation($e:String!,$p:String!){ logIn(email:$e,password:$p){ token } }', { e: email, p: password })).data!.logIn.token as string;
}
