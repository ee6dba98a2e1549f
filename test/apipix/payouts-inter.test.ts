import { randomBytes } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { INTER_LISTING_GRACE_MS } from '../../src/main/wiring/withdrawals';
import { interIdempotencyKey } from '../../src/infra/payouts/inter/inter-payout-transformers';
import { startPspSimulator, type RunningSimulator } from '../../tools/psp-simulator/simulator';
import type { Seller, TestApp } from '../support/app';
import { runDueJobs, sqlOf } from '../support/platform';
import { rest } from '../support/rest';
import { available, createWithdrawal, fund, outboxEvents, WD } from '../withdrawals/support';
import { control, pspFaults, until } from './psp';
import { useApiPixApp } from './apipix-app';

const POLL_SECONDS = 5;
let sim: RunningSimulator;
let app: TestApp;
let seller: Seller;
let restarted: RunningSimulator | undefined;

/** The API Pix calls (the webhook registration) are checked against the Central Bank's spec; payouts are Inter's own API Banking. */
useApiPixApp(
  {
    env: () => ({ APIPIX_PROFILE: 'inter', APIPIX_TIMEOUT_MS: '1500', PAYOUT_PROVIDER: 'inter', PAYOUT_POLL_SECONDS: String(POLL_SECONDS) }),
    callbackSecret: 'c'.repeat(8) + randomBytes(24).toString('hex'),
  },
  (t) => {
    ({ sim, app, seller } = t);
    // Inter sends each payout's outcome to the banking webhook `pix-pagamento`.
    expect(t.registration).toMatchObject({ registered: true, payoutWebhook: { tipo: 'pix-pagamento' } });
  },
);
afterAll(async () => {
  await restarted?.close();
});
beforeEach(async () => {
  await pspFaults(sim, { failNext: 0, answerDelayMs: 0, pathPattern: null });
  await control(sim, 'PUT', '/_control/callbacks', { dropNext: 0, duplicate: false, hold: false });
  await control(sim, 'PUT', '/_control/payouts', { mode: 'manual', loseNext: 0 });
});

interface AtPsp {
  idEnvio: string;
  status: string;
  endToEndId: string;
  infoPagador?: string;
  sends: number;
}

const body = (amount: number, pixKey = 'recebedor@example.com') => ({ amount, method: 'PIX', pixKeyType: 'EMAIL', pixKey, description: 'Saque semanal' });
const get = async (id: string) => (await rest(app, 'GET', `${WD}/${id}`, { key: seller.apiKey })).body.data;
const ours = (withdrawalId: string) => `W${withdrawalId}`;
const payouts = async () => (await control(sim, 'GET', '/_control/payouts')).body as { created: number; payouts: AtPsp[] };
/** Inter's payouts of this withdrawal: the simulator knows them by codigoSolicitacao, with our identifier leading the descricao. */
const atPsp = async (id: string) => (await payouts()).payouts.filter((p) => p.infoPagador?.split(' ')[0] === ours(id));
const pspCreated = async () => (await payouts()).created;
const settle = async (id: string, status: 'REALIZADO' | 'NAO_REALIZADO') => {
  const [payout] = await atPsp(id);
  return control(sim, 'POST', `/_control/payouts/${payout!.idEnvio}/settle`, { status });
};
const callbacksIdle = () => until(async () => (await control(sim, 'GET', '/_control/callbacks')).body.idle === true, 'the webhooks to be delivered');
const storedReference = async (id: string) => (await sqlOf(app).one<{ psp_payout_ref: string | null }>('select psp_payout_ref from withdrawals where id = ?', [id]))!.psp_payout_ref;

/** The follow job's next run, `ms` later (a poll, or past the statement's grace). */
async function followAfter(ms = POLL_SECONDS * 1_000): Promise<void> {
  app.clock.advance(ms);
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

describe("payouts through Banco Inter (Pagamento Pix), at most once", () => {
  it('sent with our identifier leading the descricao and a derived x-id-idempotente; codigoSolicitacao kept; the webhook (read back) makes it PAID', async () => {
    const before = await available(app, seller.apiKey);
    const created = await pspCreated();
    const w = await submitted(1_000);
    expect((await get(w.id)).status).toBe('PROCESSING');
    const [payout, ...more] = await atPsp(w.id);
    expect(more).toEqual([]);
    expect(payout).toMatchObject({ status: 'EM_PROCESSAMENTO', infoPagador: `${ours(w.id)} Saque semanal`, sends: 1 });
    expect(sim.psp.interIdempotency.get(interIdempotencyKey(ours(w.id)))?.codigoSolicitacao).toBe(payout!.idEnvio);
    expect(await storedReference(w.id)).toBe(payout!.idEnvio);
    expect(await pspCreated()).toBe(created + 1);
    expect((await settle(w.id, 'REALIZADO')).status).toBe(200);
    await until(async () => (await get(w.id)).status === 'PAID', 'the withdrawal to be PAID');
    expect((await get(w.id)).end2end).toBe(payout!.endToEndId);
    expect((await outboxEvents(app, w.id)).map((e) => e.eventType)).toContain('WITHDRAWAL_PAID');
    expect(await available(app, seller.apiKey)).toBe(before);
    expect(await entries(w.id, 'WITHDRAWAL_SETTLEMENT')).toBe(1);
    await ledgerSumsToZero();
  });

  it('the webhook dropped: the follow job reads the payout back by its codigoSolicitacao and makes it PAID', async () => {
    const created = await pspCreated();
    const w = await submitted(1_100);
    await control(sim, 'PUT', '/_control/callbacks', { dropNext: 1 });
    await settle(w.id, 'REALIZADO');
    expect((await get(w.id)).status).toBe('PROCESSING');
    await followAfter();
    expect((await get(w.id)).status).toBe('PAID');
    expect(await pspCreated()).toBe(created + 1);
  });

  it('FALHA: FAILED with the reason, the seller refunded once; duplicate and replayed webhooks change nothing', async () => {
    const w = await submitted(1_200);
    const afterDebit = await available(app, seller.apiKey);
    await control(sim, 'PUT', '/_control/callbacks', { duplicate: true });
    await settle(w.id, 'NAO_REALIZADO');
    await until(async () => (await get(w.id)).status === 'FAILED', 'the withdrawal to fail');
    await callbacksIdle();
    const deliveries = (await control(sim, 'GET', '/_control/callbacks')).body.deliveries as Array<{ id: number; body: unknown }>;
    expect(Array.isArray(deliveries.at(-1)!.body)).toBe(true);
    await control(sim, 'POST', `/_control/callbacks/${deliveries.at(-1)!.id}/replay`);
    await callbacksIdle();
    await followAfter();
    const failed = await get(w.id);
    expect(failed.failureReason).toMatch(/AC03/);
    expect(await available(app, seller.apiKey)).toBe(afterDebit + 1_300);
    expect(await entries(w.id, 'WITHDRAWAL_REFUND')).toBe(1);
    await ledgerSumsToZero();
  });

  it('webhooks out of order: two payouts, their outcomes delivered in reverse, then the older one again; each resolved by its own record', async () => {
    const a = await submitted(1_250);
    const b = await submitted(1_260);
    await control(sim, 'PUT', '/_control/callbacks', { hold: true });
    await settle(a.id, 'REALIZADO');
    await settle(b.id, 'NAO_REALIZADO');
    await control(sim, 'PUT', '/_control/callbacks', { hold: false });
    expect((await control(sim, 'POST', '/_control/callbacks/release', { order: 'reverse' })).body.released).toBe(2);
    await until(async () => (await get(a.id)).status === 'PAID' && (await get(b.id)).status === 'FAILED', 'both outcomes to be applied');
    await callbacksIdle();
    const deliveries = (await control(sim, 'GET', '/_control/callbacks')).body.deliveries as Array<{ id: number }>;
    await control(sim, 'POST', `/_control/callbacks/${deliveries.at(-2)!.id}/replay`);
    await callbacksIdle();
    expect([(await get(a.id)).status, (await get(b.id)).status]).toEqual(['PAID', 'FAILED']);
    expect(await entries(a.id, 'WITHDRAWAL_SETTLEMENT')).toBe(1);
    expect(await entries(b.id, 'WITHDRAWAL_REFUND')).toBe(1);
    await ledgerSumsToZero();
  });

  it('a key the DICT does not know: Inter refuses the send (400), FAILED and refunded at once', async () => {
    const before = await available(app, seller.apiKey);
    const w = await submitted(1_300, 'chave-inexistente@pixpay.example');
    const failed = await get(w.id);
    expect(failed.status).toBe('FAILED');
    expect(failed.failureReason).toMatch(/Chave Pix não encontrada/);
    expect(await available(app, seller.apiKey)).toBe(before + 1_400);
    expect(await atPsp(w.id)).toEqual([]);
    await ledgerSumsToZero();
  });

  it('a failure before the call (503, Inter took nothing): not listed, so sent again only once the statement could show it, once', async () => {
    const created = await pspCreated();
    await pspFaults(sim, { failNext: -1, failStatus: 503, pathPattern: '^/banking/v2/pix$' });
    const w = await submitted(1_400);
    expect((await get(w.id)).status).toBe('PROCESSING');
    expect(await pspCreated()).toBe(created);
    await pspFaults(sim, { failNext: 0, pathPattern: null });
    // Within the grace, "not in the statement" is no answer: nothing is sent.
    await followAfter();
    expect(await pspCreated()).toBe(created);
    await followAfter(INTER_LISTING_GRACE_MS);
    expect(await atPsp(w.id)).toMatchObject([{ status: 'EM_PROCESSAMENTO' }]);
    expect(await pspCreated()).toBe(created + 1);
    await settle(w.id, 'REALIZADO');
    await until(async () => (await get(w.id)).status === 'PAID', 'the withdrawal to be PAID');
  });

  it('during the call (Inter took it, the answer was lost): found in the statement by our identifier, never sent again; one payout', async () => {
    const created = await pspCreated();
    // Longer than the POST's deadline (1500 ms); a POST is never retried.
    await pspFaults(sim, { answerDelayMs: 5_000, pathPattern: '^/banking/v2/pix$' });
    const w = await submitted(1_500);
    expect((await get(w.id)).status).toBe('PROCESSING');
    await pspFaults(sim, { answerDelayMs: 0, pathPattern: null });
    expect(await pspCreated()).toBe(created + 1);
    expect(await storedReference(w.id)).toBeNull();
    await followAfter();
    const [payout] = await atPsp(w.id);
    expect(await storedReference(w.id)).toBe(payout!.idEnvio);
    await followAfter(INTER_LISTING_GRACE_MS);
    expect(await pspCreated()).toBe(created + 1);
    await control(sim, 'PUT', '/_control/callbacks', { dropNext: 1 });
    await settle(w.id, 'REALIZADO');
    await followAfter();
    expect((await get(w.id)).status).toBe('PAID');
    expect(await pspCreated()).toBe(created + 1);
    await ledgerSumsToZero();
  });

  it('after the call (Inter answered, our commit failed): the follow job reads it back, no second send', async () => {
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
      expect(await atPsp(w.id)).toHaveLength(1);
      await followAfter(INTER_LISTING_GRACE_MS);
      await settle(w.id, 'REALIZADO');
      await until(async () => (await get(w.id)).status === 'PAID', 'the withdrawal to be PAID');
      expect(await pspCreated()).toBe(created + 1);
    } finally {
      reports.apply = apply;
    }
  });

  it('the process dies after the send was recorded and before the call: not in the statement past the grace, so sent once', async () => {
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
    expect(await atPsp(w.id)).toEqual([]);
    expect((await get(w.id)).status).toBe('PROCESSING');
    await followAfter(INTER_LISTING_GRACE_MS);
    expect(await atPsp(w.id)).toMatchObject([{ status: 'EM_PROCESSAMENTO' }]);
    expect(await pspCreated()).toBe(created + 1);
    await settle(w.id, 'REALIZADO');
    await until(async () => (await get(w.id)).status === 'PAID', 'the withdrawal to be PAID');
  });

  it('Inter lost the payout (its code unknown, nothing in the statement): sent again past the grace, once', async () => {
    await control(sim, 'PUT', '/_control/payouts', { loseNext: 1 });
    const created = await pspCreated();
    const w = await submitted(1_800);
    expect(await atPsp(w.id)).toEqual([]);
    await followAfter();
    expect(await pspCreated()).toBe(created + 1);
    await followAfter(INTER_LISTING_GRACE_MS);
    expect(await atPsp(w.id)).toMatchObject([{ status: 'EM_PROCESSAMENTO' }]);
    expect(await pspCreated()).toBe(created + 2);
    await settle(w.id, 'REALIZADO');
    await until(async () => (await get(w.id)).status === 'PAID', 'the withdrawal to be PAID');
    await ledgerSumsToZero();
  });

  it('Inter restarts while a payout is in flight: unreachable is no answer; after the restart its webhook makes it PAID, one payout', async () => {
    const created = await pspCreated();
    const w = await submitted(1_900);
    const { port, certificates, psp } = sim;
    await sim.crash();
    await followAfter(INTER_LISTING_GRACE_MS);
    expect((await get(w.id)).status).toBe('PROCESSING');
    restarted = await startPspSimulator({ port, certificates, psp });
    sim = restarted;
    await settle(w.id, 'REALIZADO');
    await until(async () => (await get(w.id)).status === 'PAID', 'the withdrawal to be PAID');
    expect(await pspCreated()).toBe(created + 1);
    expect((await atPsp(w.id))[0]!.sends).toBe(1);
    await ledgerSumsToZero();
  });
});
