import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../tools/psp-simulator/simulator';
import { gql, onboardSeller, type Seller, type TestApp } from '../support/app';
import { platformOf, promoteToOperator, runDueJobs } from '../support/platform';
import { rest } from '../support/rest';
import { createWithdrawal, fund, outboxEvents, WD } from '../withdrawals/support';
import { control, until } from './psp';
import { useApiPixApp } from './apipix-app';

const FLOAT_READ_SECONDS = 5;
let sim: RunningSimulator;
let app: TestApp;
let seller: Seller;

useApiPixApp(
  {
    // PAYOUT_KEY_CONCURRENCY unset: Efí's profile, one payout awaiting its outcome at a time.
    env: () => ({ APIPIX_PROFILE: 'efi', PAYOUT_PROVIDER: 'efi', PAYOUT_POLL_SECONDS: '60', PAYOUT_FLOAT_READ_SECONDS: String(FLOAT_READ_SECONDS) }),
    callbackSecret: 'c'.repeat(8) + randomBytes(24).toString('hex'),
  },
  (t) => ({ sim, app, seller } = t),
);
beforeEach(async () => {
  await control(sim, 'PUT', '/_control/payouts', { mode: 'manual', loseNext: 0 });
  await control(sim, 'PUT', '/_control/balance', { saldo: '1000000.00' });
  // A fresh read of the balance for each test.
  app.clock.advance(FLOAT_READ_SECONDS * 1_000);
});

const get = async (id: string) => (await rest(app, 'GET', `${WD}/${id}`, { key: seller.apiKey })).body.data;
const atPsp = async (id: string) => ((await control(sim, 'GET', '/_control/payouts')).body.payouts as Array<{ idEnvio: string; status: string }>).find((p) => p.idEnvio === `W${id}`);
const settle = (id: string) => control(sim, 'POST', `/_control/payouts/W${id}/settle`, { status: 'REALIZADO' });

async function created(amount: number): Promise<{ id: string }> {
  await fund(app, seller.sellerId, amount + 100);
  const res = await createWithdrawal(app, seller.apiKey, { amount, method: 'PIX', pixKeyType: 'EMAIL', pixKey: 'recebedor@example.com' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

async function operatorSession(): Promise<string> {
  const operator = await onboardSeller(app);
  await promoteToOperator(app, operator.email);
  return (await gql(app, 'mutation($e:String!,$p:String!){ logIn(email:$e,password:$p){ token } }', { e: operator.email, p: operator.password })).data!.logIn.token;
}

const FLOAT_QUERY = '{ payoutFloat { provider balance problem toSend { count amount } atPsp { count amount } shortBy } }';

describe("the platform's float at Efí (GET /v2/gn/saldo)", () => {
  it('a payout the balance does not cover waits in APPROVED with its reason and an alert; it is sent once the balance covers it', async () => {
    await control(sim, 'PUT', '/_control/balance', { saldo: '5.00' });
    const w = await created(1_000);
    await runDueJobs(app);
    const waiting = await get(w.id);
    expect(waiting).toMatchObject({ status: 'APPROVED', waitingReason: expect.stringContaining("platform's balance") });
    expect(await atPsp(w.id)).toBeUndefined();
    expect((await outboxEvents(app, w.id)).map((e) => e.eventType)).toEqual(['WITHDRAWAL_CREATED', 'WITHDRAWAL_APPROVED']);

    const session = await operatorSession();
    const view = (await gql(app, FLOAT_QUERY, {}, session)).data!.payoutFloat;
    expect(view).toMatchObject({ provider: 'efi', balance: 500, problem: null, toSend: { count: 1, amount: 1_000 }, shortBy: 500 });
    expect((await gql(app, FLOAT_QUERY, {}, seller.session)).errors?.[0]?.extensions?.code).toBe('OPERATOR_ONLY');
    const metrics = (await platformOf(app).metrics.render()).body;
    expect(metrics).toMatch(/^pixpay_payouts_float_short_total 1$/m);
    expect(metrics).toMatch(/^pixpay_payout_float_cents 500$/m);
    expect(metrics).toMatch(/^pixpay_payouts_pending_cents\{stage="to_send"\} 1000$/m);

    // The job runs again: still short, still waiting, no second alert.
    app.clock.advance(FLOAT_READ_SECONDS * 1_000);
    await runDueJobs(app);
    expect((await get(w.id)).status).toBe('APPROVED');
    expect((await platformOf(app).metrics.render()).body).toMatch(/^pixpay_payouts_float_short_total 1$/m);

    await control(sim, 'PUT', '/_control/balance', { saldo: '50.00' });
    app.clock.advance(FLOAT_READ_SECONDS * 1_000);
    await runDueJobs(app);
    expect(await get(w.id)).toMatchObject({ status: 'PROCESSING', waitingReason: null });
    expect(await atPsp(w.id)).toMatchObject({ status: 'EM_PROCESSAMENTO' });
    await settle(w.id);
    await until(async () => (await get(w.id)).status === 'PAID', 'the withdrawal to be PAID');
  });
});

describe('one payout from the paying key at a time (Efí profile)', () => {
  it('the second withdrawal is not sent before the outcome of the first', async () => {
    const first = await created(1_000);
    const second = await created(2_000);
    await runDueJobs(app);
    expect(await atPsp(first.id)).toMatchObject({ status: 'EM_PROCESSAMENTO' });
    expect(await atPsp(second.id)).toBeUndefined();
    expect((await get(second.id)).status).toBe('PENDING');

    // Its job runs again while the first is still at the PSP: nothing is sent.
    app.clock.advance(FLOAT_READ_SECONDS * 1_000);
    await runDueJobs(app);
    expect(await atPsp(second.id)).toBeUndefined();

    // The first's outcome (webhook, read back) frees the key: the waiting job is due at once.
    await settle(first.id);
    await until(async () => (await get(first.id)).status === 'PAID', 'the first withdrawal to be PAID');
    await runDueJobs(app);
    expect(await atPsp(second.id)).toMatchObject({ status: 'EM_PROCESSAMENTO' });
    await settle(second.id);
    await until(async () => (await get(second.id)).status === 'PAID', 'the second withdrawal to be PAID');
  });
});
