import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../tools/psp-simulator/simulator';
import type { Seller, TestApp } from '../support/app';
import { outboxEventTypes, runDueJobs, sqlOf } from '../support/platform';
import { rest } from '../support/rest';
import { control, until } from './psp';
import { useApiPixApp } from './apipix-app';

const TX = '/api/v1/cobranca/transactions';
const AUTOPAY_SECONDS = 30;
let sim: RunningSimulator;
let app: TestApp;
let seller: Seller;

/** Every call to the PSP and its answer, checked against the Central Bank's API Pix (the control API's calls are not API Pix and never reach it). */
useApiPixApp(
  {
    callbackSecret: 'c'.repeat(8) + randomBytes(24).toString('hex'),
    env: (psp) => ({ SANDBOX_AUTOPAY_SECONDS: String(AUTOPAY_SECONDS), APIPIX_SIMULATOR_CONTROL_URL: `${psp.url}/_control` }),
  },
  (t) => ({ sim, app, seller } = t),
);

const create = async (amount: number) => {
  const res = await rest(app, 'POST', TX, { key: seller.apiKey, body: { amount }, idempotencyKey: randomUUID() });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await runDueJobs(app);
  return res.body.data as { id: string; providerReference: string };
};
const get = async (id: string) => (await rest(app, 'GET', `${TX}/${id}`, { key: seller.apiKey })).body.data;
const credits = async (id: string) => (await sqlOf(app).query("select 1 from ledger_entries where transaction_id = ? and kind = 'PIX_CREDIT'", [id])).length;
/** The cob's status at the PSP and the end-to-end ids of the Pix that paid it. */
const cobAtPsp = (txid: string) => {
  const cob = sim.psp.cobs.get(txid)!;
  return { status: cob.status, paidBy: cob.pix.map((seq) => (sim.psp.pix.toJson(seq) as { endToEndId: string }).endToEndId) };
};
const callbacksIdle = async () => (await control(sim, 'GET', '/_control/callbacks')).body.idle === true;

describe('the sandbox on API Pix, through the PSP simulator (APIPIX_SIMULATOR_CONTROL_URL)', () => {
  it('paying now pays the cob at the PSP and answers the charge PAID at once; the callback that follows credits nothing more', async () => {
    const t = await create(2_500);
    // The callback is held so the answer can only come from the read-back; released after it, then sent once more.
    await control(sim, 'PUT', '/_control/callbacks', { hold: true });
    try {
      const paid = await rest(app, 'POST', `/v1/sandbox/transactions/${t.id}/pay`, { key: seller.apiKey });
      expect([paid.status, paid.body.data.status]).toEqual([200, 'PAID']);
      const cob = cobAtPsp(t.providerReference);
      expect(cob.status).toBe('CONCLUIDA');
      expect(cob.paidBy).toEqual([paid.body.data.end2endId]);
      expect(await credits(t.id)).toBe(1);
    } finally {
      await control(sim, 'PUT', '/_control/callbacks', { hold: false });
    }
    const [held] = (await control(sim, 'GET', '/_control/callbacks')).body.deliveries as { id: number; state: string }[];
    expect(held!.state).toBe('held');
    await control(sim, 'POST', '/_control/callbacks/release', { order: 'fifo' });
    await until(callbacksIdle, 'the held callback to be delivered');
    await control(sim, 'POST', `/_control/callbacks/${held!.id}/replay`);
    await until(callbacksIdle, 'the repeated callback to be delivered');
    const deliveries = (await control(sim, 'GET', '/_control/callbacks')).body.deliveries as { state: string }[];
    expect(deliveries.map((d) => d.state)).toEqual(['delivered', 'delivered']);
    expect(await credits(t.id)).toBe(1);
    expect(await outboxEventTypes(app, t.id)).toEqual(['TRANSACTION_CREATED', 'TRANSACTION_WAITING_PAYMENT', 'TRANSACTION_PAID']);
    // Paying a paid charge again reaches no PSP and changes nothing.
    const again = await rest(app, 'POST', `/v1/sandbox/transactions/${t.id}/pay`, { key: seller.apiKey });
    expect([again.status, again.body.data.end2endId]).toEqual([200, (await get(t.id)).end2endId]);
    expect(sim.psp.pix.count).toBe(1);
  });

  it('the automatic payment is the durable job: due SANDBOX_AUTOPAY_SECONDS after creation, it pays at the PSP', async () => {
    const t = await create(3_100);
    app.clock.advance((AUTOPAY_SECONDS - 1) * 1_000);
    await runDueJobs(app);
    expect(cobAtPsp(t.providerReference).status).toBe('ATIVA');
    expect((await get(t.id)).status).toBe('WAITING_PAYMENT');
    app.clock.advance(1_000);
    await runDueJobs(app);
    const cob = cobAtPsp(t.providerReference);
    expect(cob.status).toBe('CONCLUIDA');
    const paid = await get(t.id);
    expect([paid.status, [paid.end2endId]]).toEqual(['PAID', cob.paidBy]);
    await until(callbacksIdle, 'the callback to be delivered');
    expect(await credits(t.id)).toBe(1);
  });

  // The PSP's side holds now; the charge's side needs applyPspPix to apply MED devoluções (natureza MED_*) as CHARGEDBACK.
  it('a MED return goes to the PSP as a devolução MED_FRAUDE and is applied as read back: CHARGEDBACK with its MED dispute', async () => {
    const t = await create(4_200);
    const paid = await rest(app, 'POST', `/v1/sandbox/transactions/${t.id}/pay`, { key: seller.apiKey });
    const e2eid = paid.body.data.end2endId as string;
    const med = await rest(app, 'POST', `/v1/sandbox/transactions/${t.id}/med`, { key: seller.apiKey });
    expect(med.status).toBe(200);
    const pix = sim.psp.pix.toJson(sim.psp.pix.find(e2eid)!);
    expect((pix as { devolucoes: { natureza: string; status: string; valor: string }[] }).devolucoes).toEqual([
      expect.objectContaining({ natureza: 'MED_FRAUDE', status: 'DEVOLVIDO', valor: '42.00' }),
    ]);
    expect(med.body.data).toMatchObject({ applied: true, dispute: { origin: 'MED', amount: 4_200 } });
    expect((await get(t.id)).status).toBe('CHARGEDBACK');
  });
});

afterAll(() => control(sim, 'POST', '/_control/reset').catch(() => undefined));
