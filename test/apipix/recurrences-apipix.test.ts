import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addDays, civilDayAt } from '../../src/domain/recurrences/civil-day';
import { recurrenceReconciliationJobAt } from '../../src/domain/recurrences/recurrence-reconciliation';
import type { RunningSimulator } from '../../tools/psp-simulator/simulator';
import type { TestApp } from '../support/app';
import { drainJobs, inTransaction, outboxEventTypes, platformOf, runDueJobs } from '../support/platform';
import { rest } from '../support/rest';
import { useProductionPspApp } from './apipix-app';
import { control, pspFaults, until } from './psp';

const BASE = '/api/v1/cobranca/recurrences';

let sim: RunningSimulator;
let app: TestApp;
let liveKey: string;

// The platform's account at the PSP turns PIX Automático on.
useProductionPspApp({ APIPIX_ACCOUNT_NUMBER: '012682', APIPIX_ACCOUNT_BRANCH: '9708' }, (t) => ({ sim, app, liveKey } = t));

/** A first date inside the window in which its cycle's charge may be sent (2 to 10 days ahead), as the PSP counts days. */
const firstDate = () => addDays(civilDayAt(new Date()), 5);

const body = (over: Record<string, unknown> = {}) => ({
  contract: { object: 'Academia', number: `C-${randomUUID().slice(0, 8)}`, payer: { name: 'Maria Souza', document: '52998224725' } },
  calendar: { firstDate: firstDate(), period: 'MONTHLY' },
  amountType: 'FIXED',
  amount: 9_990,
  ...over,
});

const create = (b: unknown) => rest(app, 'POST', BASE, { key: liveKey, body: b, idempotencyKey: randomUUID() });
const recurrence = async (id: string) => (await rest(app, 'GET', `${BASE}/${id}`, { key: liveKey })).body.data;
const cycles = async (id: string) => (await rest(app, 'GET', `${BASE}/${id}/cycles`, { key: liveKey })).body.data.items as any[];
const balance = async () => (await rest(app, 'GET', '/balance-statement', { bearer: liveKey })).body.data.available as number;
const held = (idRec: string) => sim.psp.recurrences.recs.recs.get(idRec)!;
const heldCobr = (txid: string) => sim.psp.recurrences.cobrs.byTxid.get(txid)!;
const txidOf = async (transactionId: string) => (await rest(app, 'GET', `/api/v1/cobranca/transactions/${transactionId}`, { key: liveKey })).body.data.providerReference as string;

/**
 * The worker's reconciliation, once: our clock past the PSP's now (it lists what was created up
 * to then) and past the job's next run (it comes back every minute), the jobs run.
 */
async function reconcile(): Promise<void> {
  app.clock.set(new Date(Math.max(app.clock.now().getTime() + 61_000, Date.now() + 1_000)));
  await inTransaction(app, (tx) => platformOf(app).scheduler.schedule(tx, recurrenceReconciliationJobAt(app.clock.now())));
  await drainJobs(app);
}

/** Approves at the PSP (its callback, confirmed by GET), then lets the worker make and send cycle 1. */
async function approvedWithCycle(id: string, recId: string): Promise<{ txid: string; transactionId: string }> {
  expect((await control(sim, 'POST', `/_control/rec/${recId}/approve`, {})).status).toBe(200);
  await until(async () => (await recurrence(id)).status === 'APPROVED', 'the approval to be applied');
  await drainJobs(app);
  const [cycle] = await cycles(id);
  expect(cycle).toMatchObject({ number: 1, status: 'ACTIVE', dueDate: firstDate() });
  const txid = await txidOf(cycle.transactionId);
  expect(heldCobr(txid)).toBeDefined();
  return { txid, transactionId: cycle.transactionId };
}

describe('PIX Automático in production, through a PSP speaking API Pix', () => {
  it('J2: the PSP holds the recurrence and its QR; approved at the PSP, cycle 1 becomes a cobr, paid once, credited once', async () => {
    const created = await create(body());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const r = created.body.data;
    const rec = held(r.recId);
    expect(rec.status).toBe('CRIADA');
    expect(rec.fields.valor).toEqual({ valorRec: '99.90' });
    expect(r.authorisation.copyPaste).toMatch(/^000201/);
    expect(r.authorisation.copyPaste).toContain('rec/');

    const { txid, transactionId } = await approvedWithCycle(r.id, r.recId);
    expect(heldCobr(txid).fields).toMatchObject({ idRec: r.recId, dataDeVencimento: firstDate(), valor: { original: '99.90' }, recebedor: { conta: '012682', agencia: '9708', tipoConta: 'CORRENTE' } });
    const before = await balance();
    expect((await control(sim, 'POST', `/_control/cobr/${txid}/pay`, {})).status).toBe(200);
    await until(async () => (await cycles(r.id))[0].status === 'PAID', 'the paid cycle to be applied');
    const charge = (await rest(app, 'GET', `/api/v1/cobranca/transactions/${transactionId}`, { key: liveKey })).body.data;
    expect(charge.status).toBe('PAID');
    expect(await balance()).toBe(before + charge.netAmount);
    // The same callback again (or the reconciliation) changes nothing.
    await reconcile();
    expect(await balance()).toBe(before + charge.netAmount);
    expect((await outboxEventTypes(app, r.id)).filter((e) => e === 'RECURRENCE_CYCLE_PAID')).toHaveLength(1);
    expect((await outboxEventTypes(app, transactionId)).filter((e) => e === 'TRANSACTION_PAID')).toHaveLength(1);
  });

  it('J1: the push request goes to the payer’s account; the payer’s rejection comes back with its reason', async () => {
    const missing = await create(body({ journey: 'PUSH_REQUEST' }));
    expect([missing.status, missing.body.code ?? missing.body.erro]).toEqual([400, 'PAYER_ACCOUNT_REQUIRED']);
    const r = (await create(body({ journey: 'PUSH_REQUEST', payerAccount: { ispb: '91193552', branch: '2569', number: '550689' } }))).body.data;
    expect(r.authorisation).toMatchObject({ pushRequestStatus: 'SENT', copyPaste: null });
    const [solic] = held(r.recId).solicitacoes.map((s) => sim.psp.recurrences.recs.solicitacoes.get(s)!);
    expect(solic?.destinatario).toEqual({ ispbParticipante: '91193552', conta: '550689', agencia: '2569', cpf: '52998224725' });
    expect((await control(sim, 'POST', `/_control/rec/${r.recId}/reject`, { descricao: 'não reconheço' })).status).toBe(200);
    await until(async () => (await recurrence(r.id)).status === 'REJECTED', 'the rejection to be applied');
    expect(await recurrence(r.id)).toMatchObject({ endedBy: 'PAYER', endReason: 'AP13: não reconheço' });
  });

  it('J3: the first charge is a cob named by the recurrence, and the QR is the PSP’s composite one', async () => {
    const r = (await create(body({ journey: 'QR_WITH_FIRST_PAYMENT', firstPaymentAmount: 4_990 }))).body.data;
    const first = (await rest(app, 'GET', `/api/v1/cobranca/transactions/${r.authorisation.firstPaymentTransactionId}`, { key: liveKey })).body.data;
    expect(sim.psp.cobs.get(first.providerReference)).toBeDefined();
    expect(held(r.recId).fields.txidJornada).toBe(first.providerReference);
    expect(r.authorisation.copyPaste).toContain(first.pix.copyPaste.slice(0, 40));
  });

  it('the seller cancels at the PSP first; the payer cancelling at the PSP ends the recurrence here', async () => {
    const mine = (await create(body())).body.data;
    const cancelled = await rest(app, 'POST', `${BASE}/${mine.id}/cancel`, { key: liveKey, body: { reason: 'contrato encerrado' } });
    expect(cancelled.body.data).toMatchObject({ status: 'CANCELLED', endedBy: 'SELLER' });
    expect(held(mine.recId).status).toBe('CANCELADA');

    const theirs = (await create(body())).body.data;
    await approvedWithCycle(theirs.id, theirs.recId);
    expect((await control(sim, 'POST', `/_control/rec/${theirs.recId}/cancel`, {})).status).toBe(200);
    await until(async () => (await recurrence(theirs.id)).status === 'CANCELLED', 'the payer’s cancellation to be applied');
    expect(await recurrence(theirs.id)).toMatchObject({ endedBy: 'PAYER' });
  });

  it('a failed attempt is retried at the PSP within the policy, then paid: one credit', async () => {
    const r = (await create(body({ retryPolicy: 'THREE_IN_SEVEN_DAYS' }))).body.data;
    const { txid, transactionId } = await approvedWithCycle(r.id, r.recId);
    expect((await control(sim, 'POST', `/_control/cobr/${txid}/fail`, { codigo: 'AM02', descricao: 'saldo insuficiente' })).status).toBe(200);
    await until(async () => (await cycles(r.id))[0].nextAttemptOn !== null, 'the failed attempt to be applied');
    const retryOn = (await cycles(r.id))[0].nextAttemptOn;
    await drainJobs(app);
    expect(heldCobr(txid).tentativas.map((t) => [t.dataLiquidacao, t.tipo, t.status])).toEqual([
      [firstDate(), 'AGND', 'REJEITADA'],
      [retryOn, 'NTAG', 'AGENDADA'],
    ]);
    const before = await balance();
    expect((await control(sim, 'POST', `/_control/cobr/${txid}/pay`, {})).status).toBe(200);
    await until(async () => (await cycles(r.id))[0].status === 'PAID', 'the retry’s payment to be applied');
    const cycle = (await cycles(r.id))[0];
    expect(cycle.attemptHistory.map((a: { outcome: string }) => a.outcome)).toEqual(['FAILED', 'PAID']);
    const charge = (await rest(app, 'GET', `/api/v1/cobranca/transactions/${transactionId}`, { key: liveKey })).body.data;
    expect(await balance()).toBe(before + charge.netAmount);
  });

  it('a cycle’s charge the PSP refuses for good (the recurrence cancelled there, its callback lost) fails the cycle at once, without retries, and closes its charge', async () => {
    const r = (await create(body({ retryPolicy: 'THREE_IN_SEVEN_DAYS' }))).body.data;
    expect((await control(sim, 'POST', `/_control/rec/${r.recId}/approve`, {})).status).toBe(200);
    await until(async () => (await recurrence(r.id)).status === 'APPROVED', 'the approval to be applied');
    await control(sim, 'PUT', '/_control/callbacks', { dropNext: 1 });
    expect((await control(sim, 'POST', `/_control/rec/${r.recId}/cancel`, {})).status).toBe(200);
    expect((await recurrence(r.id)).status).toBe('APPROVED');
    await drainJobs(app);
    const [cycle] = await cycles(r.id);
    expect([cycle.status, cycle.nextAttemptOn]).toEqual(['FAILED', null]);
    expect(cycle.attemptHistory).toHaveLength(1);
    expect(cycle.attemptHistory[0]).toMatchObject({ outcome: 'FAILED', reason: expect.stringMatching(/^refused by the payment institution \(400/) });
    expect(sim.psp.recurrences.cobrs.byTxid.get(await txidOf(cycle.transactionId))).toBeUndefined();
    const charge = (await rest(app, 'GET', `/api/v1/cobranca/transactions/${cycle.transactionId}`, { key: liveKey })).body.data;
    expect(charge.status).toBe('REFUSED');
  });

  it('a PSP callback lost is recovered by reconciliation: the approval, then the cycle paid, credited once', async () => {
    const r = (await create(body())).body.data;
    await control(sim, 'PUT', '/_control/callbacks', { dropNext: 1 });
    expect((await control(sim, 'POST', `/_control/rec/${r.recId}/approve`, {})).status).toBe(200);
    expect((await recurrence(r.id)).status).toBe('CREATED');
    await reconcile();
    expect((await recurrence(r.id)).status).toBe('APPROVED');
    await drainJobs(app);
    const [cycle] = await cycles(r.id);
    const transactionId = cycle.transactionId as string;
    const txid = await txidOf(transactionId);
    const before = await balance();
    await control(sim, 'PUT', '/_control/callbacks', { dropNext: 1 });
    expect((await control(sim, 'POST', `/_control/cobr/${txid}/pay`, {})).status).toBe(200);
    expect((await cycles(r.id))[0].status).toBe('ACTIVE');
    await reconcile();
    expect((await cycles(r.id))[0].status).toBe('PAID');
    const charge = (await rest(app, 'GET', `/api/v1/cobranca/transactions/${transactionId}`, { key: liveKey })).body.data;
    expect(charge.status).toBe('PAID');
    expect(await balance()).toBe(before + charge.netAmount);
    expect((await outboxEventTypes(app, transactionId)).filter((e) => e === 'TRANSACTION_PAID')).toHaveLength(1);
  });

  it('the PSP down: the create answers 503 with Retry-After and stores nothing; a cycle’s charge waits in its job until the PSP is back', async () => {
    const key = randomUUID();
    const b = body();
    const listed = async () => (await rest(app, 'GET', BASE, { key: liveKey })).body.data.total as number;
    const before = await listed();
    await pspFaults(sim, { failNext: -1, failStatus: 503, pathPattern: '^/(locrec|rec)' });
    const down = await rest(app, 'POST', BASE, { key: liveKey, body: b, idempotencyKey: key });
    expect([down.status, down.body.code ?? down.body.erro]).toEqual([503, 'INSTITUTION_UNAVAILABLE']);
    expect(Number(down.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await listed()).toBe(before);
    await pspFaults(sim, { failNext: 0, pathPattern: null });
    const again = await rest(app, 'POST', BASE, { key: liveKey, body: b, idempotencyKey: key });
    expect(again.status).toBe(201);
    expect(await listed()).toBe(before + 1);

    const r = again.body.data;
    expect((await control(sim, 'POST', `/_control/rec/${r.recId}/approve`, {})).status).toBe(200);
    await until(async () => (await recurrence(r.id)).status === 'APPROVED', 'the approval to be applied');
    await pspFaults(sim, { failNext: -1, failStatus: 503, pathPattern: '^/cobr' });
    await runDueJobs(app);
    const [cycle] = await cycles(r.id);
    const txid = await txidOf(cycle.transactionId);
    expect(sim.psp.recurrences.cobrs.byTxid.get(txid)).toBeUndefined();
    await pspFaults(sim, { failNext: 0, pathPattern: null });
    // The job comes back after its back-off: our clock past it.
    await until(async () => {
      app.clock.advance(60_000);
      await runDueJobs(app);
      return sim.psp.recurrences.cobrs.byTxid.get(txid) !== undefined;
    }, 'the cycle’s charge to reach the PSP');
    expect(heldCobr(txid).fields).toMatchObject({ idRec: r.recId, valor: { original: '99.90' } });
  });
});
