import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../tools/psp-simulator/simulator';
import type { Seller, TestApp } from '../support/app';
import { runDueJobs, sqlOf } from '../support/platform';
import { rest } from '../support/rest';
import { available, createWithdrawal, fund, outboxEvents, WD } from '../withdrawals/support';
import { control, PIX_KEY, pspFaults, until } from './psp';
import { useApiPixApp } from './apipix-app';

const POLL_SECONDS = 5;
let sim: RunningSimulator;
let app: TestApp;
let seller: Seller;

/** The API Pix calls (the webhook registration) are checked against the Central Bank's spec; payouts are Efí's own API. */
useApiPixApp(
  {
    env: () => ({ APIPIX_PROFILE: 'efi', APIPIX_TIMEOUT_MS: '1500', PAYOUT_PROVIDER: 'efi', PAYOUT_POLL_SECONDS: String(POLL_SECONDS) }),
    callbackSecret: 'c'.repeat(8) + randomBytes(24).toString('hex'),
  },
  (t) => {
    ({ sim, app, seller } = t);
    // Efí sends the outcome of a payout to the webhook of the paying key.
    expect(t.registration).toMatchObject({ registered: true, chave: PIX_KEY });
  },
);
beforeEach(async () => {
  await pspFaults(sim, { failNext: 0, answerDelayMs: 0, pathPattern: null });
  await control(sim, 'PUT', '/_control/callbacks', { dropNext: 0, duplicate: false });
  await control(sim, 'PUT', '/_control/payouts', { mode: 'manual', loseNext: 0 });
});

const body = (amount: number, pixKey = 'recebedor@example.com') => ({ amount, method: 'PIX', pixKeyType: 'EMAIL', pixKey });
const get = async (id: string) => (await rest(app, 'GET', `${WD}/${id}`, { key: seller.apiKey })).body.data;
const idEnvio = (withdrawalId: string) => `W${withdrawalId}`;
const atPsp = async (id: string) => ((await control(sim, 'GET', '/_control/payouts')).body.payouts as Array<{ idEnvio: string; status: string; endToEndId: string; sends: number }>).find((p) => p.idEnvio === idEnvio(id));
const pspCreated = async () => (await control(sim, 'GET', '/_control/payouts')).body.created as number;
const settle = (id: string, status: 'REALIZADO' | 'NAO_REALIZADO') => control(sim, 'POST', `/_control/payouts/${idEnvio(id)}/settle`, { status });
const callbacksIdle = () => until(async () => (await control(sim, 'GET', '/_control/callbacks')).body.idle === true, 'the webhooks to be delivered');

async function followOnce(): Promise<void> {
  app.clock.advance(POLL_SECONDS * 1_000);
  await runDueJobs(app);
}

async function ledgerSumsToZero(): Promise<void> {
  const [row] = await sqlOf(app).query<{ total: string | null }>('select sum(amount) as total from ledger_postings');
  expect(Number(row?.total ?? 0)).toBe(0);
}

const entries = async (withdrawalId: string, kind: string) =>
  Number((await sqlOf(app).one<{ n: string }>('select count(*) as n from ledger_entries where withdrawal_id = ? and kind = ?', [withdrawalId, kind]))!.n);

/** A funded withdrawal, created and submitted (its submission job run). */
async function submitted(amount: number, pixKey?: string) {
  await fund(app, seller.sellerId, amount + 100);
  const created = await createWithdrawal(app, seller.apiKey, body(amount, pixKey));
  expect(created.status).toBe(201);
  const w = created.body.data;
  await runDueJobs(app);
  return w as { id: string; status: string };
}

describe('payouts through Efí (Pix Envio), at most once', () => {
  it('sent with our idEnvio, PROCESSING; the webhook (read back) makes it PAID with the end-to-end id, WITHDRAWAL_PAID in the outbox', async () => {
    const before = await available(app, seller.apiKey);
    const created = await pspCreated();
    const w = await submitted(1_000);
    expect((await get(w.id)).status).toBe('PROCESSING');
    const payout = await atPsp(w.id);
    expect(payout).toMatchObject({ status: 'EM_PROCESSAMENTO' });
    expect(await pspCreated()).toBe(created + 1);
    expect((await settle(w.id, 'REALIZADO')).status).toBe(200);
    await until(async () => (await get(w.id)).status === 'PAID', 'the withdrawal to be PAID');
    expect((await get(w.id)).end2end).toBe(payout!.endToEndId);
    expect((await outboxEvents(app, w.id)).map((e) => e.eventType)).toContain('WITHDRAWAL_PAID');
    expect(await available(app, seller.apiKey)).toBe(before);
    expect(await entries(w.id, 'WITHDRAWAL_SETTLEMENT')).toBe(1);
    await ledgerSumsToZero();
  });

  it('the webhook dropped: the follow job reads the payout back and makes it PAID', async () => {
    const created = await pspCreated();
    const w = await submitted(1_100);
    await control(sim, 'PUT', '/_control/callbacks', { dropNext: 1 });
    await settle(w.id, 'REALIZADO');
    expect((await get(w.id)).status).toBe('PROCESSING');
    await followOnce();
    expect((await get(w.id)).status).toBe('PAID');
    expect(await pspCreated()).toBe(created + 1);
  });

  it('NAO_REALIZADO: FAILED with the reason, the seller refunded once; repeated webhooks change nothing', async () => {
    const w = await submitted(1_200);
    const afterDebit = await available(app, seller.apiKey);
    await control(sim, 'PUT', '/_control/callbacks', { duplicate: true });
    await settle(w.id, 'NAO_REALIZADO');
    await until(async () => (await get(w.id)).status === 'FAILED', 'the withdrawal to fail');
    await callbacksIdle();
    const deliveries = (await control(sim, 'GET', '/_control/callbacks')).body.deliveries as Array<{ id: number }>;
    await control(sim, 'POST', `/_control/callbacks/${deliveries.at(-1)!.id}/replay`);
    await callbacksIdle();
    await followOnce();
    const failed = await get(w.id);
    expect(failed.failureReason).toMatch(/AC03/);
    expect(await available(app, seller.apiKey)).toBe(afterDebit + 1_300);
    expect(await entries(w.id, 'WITHDRAWAL_REFUND')).toBe(1);
    await ledgerSumsToZero();
  });

  it('a key the DICT does not know: Efí refuses the send (400 chave_invalida), FAILED and refunded at once', async () => {
    const before = await available(app, seller.apiKey);
    const w = await submitted(1_300, 'chave-inexistente@pixpay.example');
    const failed = await get(w.id);
    expect(failed.status).toBe('FAILED');
    expect(failed.failureReason).toMatch(/chave_invalida/);
    // `submitted` funded amount + fee: all of it is back.
    expect(await available(app, seller.apiKey)).toBe(before + 1_400);
    expect(await atPsp(w.id)).toBeUndefined();
    await ledgerSumsToZero();
  });

  it('a failure before the call (the PSP answers 503 and takes nothing): read back as absent, then sent once', async () => {
    const created = await pspCreated();
    await pspFaults(sim, { failNext: -1, failStatus: 503, pathPattern: '^/v3/gn/pix' });
    const w = await submitted(1_400);
    expect((await get(w.id)).status).toBe('PROCESSING');
    expect(await pspCreated()).toBe(created);
    await pspFaults(sim, { failNext: 0, pathPattern: null });
    await followOnce();
    expect(await atPsp(w.id)).toMatchObject({ status: 'EM_PROCESSAMENTO' });
    expect(await pspCreated()).toBe(created + 1);
    await settle(w.id, 'REALIZADO');
    await until(async () => (await get(w.id)).status === 'PAID', 'the withdrawal to be PAID');
  });

  it('during the call (Efí took it, the answer was lost): never sent blindly again, the query resolves it; one payout at the PSP', async () => {
    const created = await pspCreated();
    // Longer than both attempts of the PUT (1500 ms each, one retry).
    await pspFaults(sim, { answerDelayMs: 5_000, pathPattern: '^/v3/gn/pix' });
    const w = await submitted(1_500);
    expect((await get(w.id)).status).toBe('PROCESSING');
    await pspFaults(sim, { answerDelayMs: 0, pathPattern: null });
    // The client's one retry of the PUT met 409 id_envio_duplicado (or its own deadline): still one payout.
    expect(await pspCreated()).toBe(created + 1);
    await followOnce();
    expect(await pspCreated()).toBe(created + 1);
    await control(sim, 'PUT', '/_control/callbacks', { dropNext: 1 });
    await settle(w.id, 'REALIZADO');
    await followOnce();
    expect((await get(w.id)).status).toBe('PAID');
    expect(await pspCreated()).toBe(created + 1);
    await ledgerSumsToZero();
  });

  it('after the call (Efí answered, our commit failed): the follow job reads it back, no second send', async () => {
    const reports = app.services.withdrawalReports;
    const apply = reports.apply.bind(reports);
    let failed = 0;
    reports.apply = async (r) => {
      if (r.reportId.startsWith('psp-payout:') && failed === 0) {
        failed += 1;
        throw new Error('the database went away');
      }
      return apply(r);
    };
    try {
      const created = await pspCreated();
      const w = await submitted(1_600);
      expect(failed).toBe(1);
      expect(await atPsp(w.id)).toBeDefined();
      await followOnce();
      await settle(w.id, 'REALIZADO');
      await until(async () => (await get(w.id)).status === 'PAID', 'the withdrawal to be PAID');
      expect(await pspCreated()).toBe(created + 1);
    } finally {
      reports.apply = apply;
    }
  });

  it('the process dies after the send was recorded and before the call: the follow job finds nothing at the PSP and sends once', async () => {
    const psp = (app.services.pspPayouts as unknown as { d: { psp: { send: (...a: unknown[]) => Promise<unknown> } } }).d.psp;
    const send = psp.send.bind(psp);
    psp.send = async () => {
      throw new Error('the process died');
    };
    const created = await pspCreated();
    let w: { id: string };
    try {
      w = await submitted(1_700);
    } finally {
      psp.send = send;
    }
    expect(await atPsp(w.id)).toBeUndefined();
    expect((await get(w.id)).status).toBe('PROCESSING');
    await followOnce();
    expect(await atPsp(w.id)).toMatchObject({ status: 'EM_PROCESSAMENTO' });
    expect(await pspCreated()).toBe(created + 1);
    await settle(w.id, 'REALIZADO');
    await until(async () => (await get(w.id)).status === 'PAID', 'the withdrawal to be PAID');
  });

  it('the PSP lost the payout (it holds nothing under our idEnvio): sent again, once', async () => {
    await control(sim, 'PUT', '/_control/payouts', { loseNext: 1 });
    const created = await pspCreated();
    const w = await submitted(1_800);
    expect(await atPsp(w.id)).toBeUndefined();
    await followOnce();
    expect(await atPsp(w.id)).toMatchObject({ status: 'EM_PROCESSAMENTO' });
    expect(await pspCreated()).toBe(created + 2);
    await settle(w.id, 'REALIZADO');
    await until(async () => (await get(w.id)).status === 'PAID', 'the withdrawal to be PAID');
    await ledgerSumsToZero();
  });
});
