import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../tools/psp-simulator/simulator';
import { civilDateOf } from '../../src/domain/reconciliation/reconcile-window';
import { gql, onboardSeller, type Seller, type TestApp } from '../support/app';
import { promoteToOperator, runDueJobs } from '../support/platform';
import { rest } from '../support/rest';
import { available, createWithdrawal, fund, outboxEvents, runFor, WD } from '../withdrawals/support';
import { control } from './psp';
import { useApiPixApp } from './apipix-app';

let sim: RunningSimulator;
let app: TestApp;
let seller: Seller;

useApiPixApp(
  {
    env: (s) => ({ APIPIX_PROFILE: 'efi', PAYOUT_PROVIDER: 'efi', APIPIX_SIMULATOR_CONTROL_URL: `${s.url}/_control` }),
    callbackSecret: 'c'.repeat(8) + randomBytes(24).toString('hex'),
  },
  (t) => ({ sim, app, seller } = t),
);
beforeEach(async () => {
  await control(sim, 'PUT', '/_control/payouts', { mode: 'manual', loseNext: 0 });
});

const get = async (id: string) => (await rest(app, 'GET', `${WD}/${id}`, { key: seller.apiKey })).body.data;
const atPsp = async (id: string) => ((await control(sim, 'GET', '/_control/payouts')).body.payouts as Array<{ idEnvio: string; status: string; endToEndId: string }>).find((p) => p.idEnvio === `W${id}`);
const report = (id: string, body: Record<string, unknown>) => rest(app, 'POST', `/v1/sandbox/withdrawals/${id}/report`, { key: seller.apiKey, body });

async function created(amount: number, pixKey = 'recebedor@example.com'): Promise<{ id: string }> {
  await fund(app, seller.sellerId, amount + 100);
  const res = await createWithdrawal(app, seller.apiKey, { amount, method: 'PIX', pixKeyType: 'EMAIL', pixKey });
  expect(res.status).toBe(201);
  return res.body.data;
}

describe('the sandbox report endpoint on Efí, through the PSP simulator', () => {
  it('PAID settles the payout at the PSP; the withdrawal is PAID with the end-to-end id the PSP gave it', async () => {
    const w = await created(1_000);
    // The sandbox's script: APPROVED a second after the submission, sent to the PSP (PROCESSING) a second later.
    await runFor(app, 2_000);
    expect((await get(w.id)).status).toBe('PROCESSING');
    const res = await report(w.id, { status: 'PAID' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ applied: true, transitions: ['PAID'], withdrawal: { status: 'PAID' } });
    const payout = await atPsp(w.id);
    expect(payout).toMatchObject({ status: 'REALIZADO' });
    expect((await get(w.id)).end2end).toBe(payout!.endToEndId);
    // Again: the PSP settled it already; nothing changes.
    expect((await report(w.id, { status: 'PAID' })).body.data).toMatchObject({ applied: false, transitions: [] });
  });

  it('FAILED on a withdrawal not sent yet: sent now, refused at the PSP, FAILED with its reason and refunded', async () => {
    const before = await available(app, seller.apiKey);
    const w = await created(2_000);
    const res = await report(w.id, { status: 'FAILED', reason: 'conta encerrada' });
    expect(res.body.data).toMatchObject({ applied: true, transitions: ['APPROVED', 'PROCESSING', 'FAILED'], withdrawal: { status: 'FAILED' } });
    expect(await atPsp(w.id)).toMatchObject({ status: 'NAO_REALIZADO' });
    expect((await get(w.id)).failureReason).toMatch(/conta encerrada/);
    expect(await available(app, seller.apiKey)).toBe(before + 2_100);
  });

  it('a status the PSP has no act for (CANCELED before sending) goes through the report path', async () => {
    const w = await created(3_000);
    expect((await report(w.id, { status: 'CANCELED', reason: 'seller asked' })).body.data).toMatchObject({ applied: true, withdrawal: { status: 'CANCELED' } });
    await runFor(app, 3_000);
    expect(await atPsp(w.id)).toBeUndefined();
  });
});

describe("the daily reconciliation's payouts (Efí GET /v2/gn/pix/enviados)", () => {
  const QUERY = `query($d:String!){ reconciliationReport(date:$d){ payouts {
    sent { count cents } paid { count cents } failed { count cents } pending { count cents }
    debited { count cents } settled { count cents } refunded { count cents }
    differences { items { endToEndId pspPayoutId withdrawalId kind cents } total } } } }`;

  it("the PSP's payouts of the day against the ledger; a payout the PSP lost is a difference", async () => {
    const lost = await created(4_000);
    await runFor(app, 2_000);
    await control(sim, 'POST', `/_control/payouts/W${lost.id}/lose`);
    const operator = await onboardSeller(app);
    await promoteToOperator(app, operator.email);
    const session = (await gql(app, 'mutation($e:String!,$p:String!){ logIn(email:$e,password:$p){ token } }', { e: operator.email, p: operator.password })).data!.logIn.token;
    const answer = await gql(app, QUERY, { d: civilDateOf(new Date()) }, session);
    expect(answer.errors).toBeUndefined();
    const payouts = answer.data!.reconciliationReport.payouts;
    // The earlier tests of this file: one PAID (1,000) and one FAILED (2,000) payout.
    expect(payouts).toMatchObject({ sent: { count: 2, cents: 3_000 }, paid: { count: 1, cents: 1_000 }, failed: { count: 1, cents: 2_000 }, pending: { count: 0 } });
    expect(payouts).toMatchObject({ debited: { count: 3, cents: 7_000 }, settled: { count: 1, cents: 1_000 }, refunded: { count: 1, cents: 2_000 } });
    expect(payouts.differences).toEqual({ items: [{ endToEndId: null, pspPayoutId: `W${lost.id}`, withdrawalId: lost.id, kind: 'NOT_AT_PSP', cents: 4_000 }], total: 1 });
  });
});

describe("the sandbox's scripted payouts on Efí, acted at the PSP simulator", () => {
  it('a payout is sent at its PROCESSING step and settled at the PSP a second later, with the processedAt of that step', async () => {
    const w = await created(1_107);
    await runFor(app, 2_000);
    expect(await atPsp(w.id)).toMatchObject({ status: 'EM_PROCESSAMENTO', valor: '11.07' });
    app.clock.advance(1_000);
    await runDueJobs(app);
    const paid = await get(w.id);
    const payout = await atPsp(w.id);
    expect(payout).toMatchObject({ status: 'REALIZADO', horario: { liquidacao: app.clock.now().toISOString() } });
    expect(paid).toMatchObject({ status: 'PAID', end2end: payout!.endToEndId, processedAt: app.clock.now().toISOString() });
  });

  it('a failing magic amount is refused at the PSP (NAO_REALIZADO) and refunded once; a rejected one never reaches it', async () => {
    const before = await available(app, seller.apiKey);
    const failed = await created(1_002);
    const rejected = await created(1_001);
    await runFor(app, 4_000);
    expect(await atPsp(failed.id)).toMatchObject({ status: 'NAO_REALIZADO' });
    expect(await get(failed.id)).toMatchObject({ status: 'FAILED', failureReason: expect.stringMatching(/sandbox: /) });
    expect((await outboxEvents(app, failed.id)).map((e) => e.eventType)).toEqual(['WITHDRAWAL_CREATED', 'WITHDRAWAL_APPROVED', 'WITHDRAWAL_PROCESSING', 'WITHDRAWAL_FAILED']);
    expect(await atPsp(rejected.id)).toBeUndefined();
    expect((await get(rejected.id)).status).toBe('REJECTED');
    // Each was funded with its amount + fee, debited, then refunded once.
    expect(await available(app, seller.apiKey)).toBe(before + 1_102 + 1_101);
  });

  it("a simulator left settling payouts on its own is held first: the script's failing magic amount still fails", async () => {
    await control(sim, 'PUT', '/_control/payouts', { mode: 'auto', outcome: 'REALIZADO', delayMs: 0 });
    const failed = await created(2_002);
    await runFor(app, 4_000);
    expect(await atPsp(failed.id)).toMatchObject({ status: 'NAO_REALIZADO' });
    expect(await get(failed.id)).toMatchObject({ status: 'FAILED' });
  });

  it('the key-not-found magic key fails before any send; the PSP holds nothing', async () => {
    const w = await created(1_000, 'key-not-found@payout.test');
    await runFor(app, 3_000);
    expect(await get(w.id)).toMatchObject({ status: 'FAILED', failureReason: 'sandbox: PIX key not found in the DICT' });
    expect(await atPsp(w.id)).toBeUndefined();
  });
});
