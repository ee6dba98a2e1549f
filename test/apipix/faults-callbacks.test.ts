import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Delivery } from '../../tools/psp-simulator/callbacks';
import { runDueJobs } from '../support/platform';
import { rest } from '../support/rest';
import { derivedTxid } from '../../src/domain/pix/ids';
import { EARLY_PIX_WINDOW_SECONDS } from '../../src/domain/transactions/receive-psp-callback.command';
import { type FaultRig, PIX_KEY, seenSince, startFaultRig } from './fault-rig';
import { control, pspFaults, until } from './psp';

let rig: FaultRig;

beforeAll(async () => {
  rig = await startFaultRig({ callbacks: true });
});
afterAll(() => rig?.close());
afterEach(async () => {
  await rig.clearFaults();
  expect(rig.conformance.problems).toEqual([]);
  expect(await rig.unbalancedEntries()).toEqual([]);
});

const DAY_SECONDS = 86_400;

/** A new charge of `amount`, with its creation reported as a worker would. */
async function charge(amount: number): Promise<Record<string, any>> {
  const res = await rig.create({ amount });
  expect(res.status).toBe(201);
  await runDueJobs(rig.app);
  return res.body.data;
}

/** The payer pays the cob at the PSP (the body may change the amount); the PSP's record of the Pix. */
async function pay(txid: string, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const paid = await control(rig.sim, 'POST', `/_control/cob/${txid}/pay`, body);
  expect(paid.status).toBe(201);
  return paid.body;
}

const deliveries = async (): Promise<Delivery[]> => (await control(rig.sim, 'GET', '/_control/callbacks')).body.deliveries;
const deliveriesOf = async (e2eid: string) => (await deliveries()).filter((d) => d.body.pix.some((p) => p.endToEndId === e2eid));
const callbacksIdle = () => until(async () => (await control(rig.sim, 'GET', '/_control/callbacks')).body.idle === true, 'the callbacks to be delivered');
const forge = (pix: Record<string, unknown>[]) => rest(rig.app, 'POST', rig.callbackPath, { body: { pix } });
const fakeE2e = () => `E00000000202611251200${randomBytes(6).toString('hex').slice(0, 11)}`;

let duplicated: { id: string; e2eid: string; deliveryId: number } | undefined;

describe('fault: callbacks duplicated, reordered, replayed or forged', () => {
  it('a duplicated callback credits the Pix once', async () => {
    const t = await charge(10_000);
    const before = await rig.available();
    await control(rig.sim, 'PUT', '/_control/callbacks', { duplicate: true });
    const pix = await pay(t.providerReference);
    await until(async () => (await rig.charge(t.id)).status === 'PAID', 'the charge to be paid');
    await callbacksIdle();
    const sent = await deliveriesOf(pix.endToEndId);
    expect(sent.map((d) => [d.state, d.attempts.map((a) => a.status)])).toEqual([
      ['delivered', [200]],
      ['delivered', [200]],
    ]);
    const paid = await rig.charge(t.id);
    expect(paid.end2endId).toBe(pix.endToEndId);
    expect(await rig.available()).toBe(before + paid.netAmount);
    duplicated = { id: t.id, e2eid: pix.endToEndId, deliveryId: sent[0]!.id };
  });

  it('callbacks held and released in reverse order (and twice each) credit every Pix once', async () => {
    const charges = [await charge(1_111), await charge(2_222), await charge(3_333)];
    const before = await rig.available();
    await control(rig.sim, 'PUT', '/_control/callbacks', { hold: true, duplicate: true });
    const paid = [];
    for (const t of charges) paid.push(await pay(t.providerReference));
    for (const t of charges) expect((await rig.charge(t.id)).status).not.toBe('PAID');
    const released = await control(rig.sim, 'POST', '/_control/callbacks/release', { order: 'reverse' });
    expect(released.body.released).toBe(charges.length);
    await until(async () => (await Promise.all(charges.map((t) => rig.charge(t.id)))).every((c) => c.status === 'PAID'), 'every charge to be paid');
    await callbacksIdle();
    const after = await Promise.all(charges.map((t) => rig.charge(t.id)));
    expect(after.map((c) => c.end2endId)).toEqual(paid.map((p) => p.endToEndId));
    expect(await rig.available()).toBe(before + after.reduce((sum, c) => sum + c.netAmount, 0));
  });

  it('a callback replayed days later changes nothing', async () => {
    expect(duplicated).toBeDefined();
    const { id, deliveryId, e2eid } = duplicated!;
    const paidAt = (await rig.charge(id)).paidAt;
    const before = await rig.available();
    await control(rig.sim, 'POST', '/_control/clock', { advanceSeconds: 3 * DAY_SECONDS });
    rig.app.clock.advance(3 * DAY_SECONDS * 1_000);
    const replay = await control(rig.sim, 'POST', `/_control/callbacks/${deliveryId}/replay`, {});
    expect(replay.status).toBe(201);
    await callbacksIdle();
    const again = (await deliveriesOf(e2eid)).find((d) => d.id === replay.body.id)!;
    expect(again.attempts.map((a) => a.status)).toEqual([200]);
    expect(await rig.charge(id)).toMatchObject({ status: 'PAID', paidAt, end2endId: e2eid });
    expect(await rig.available()).toBe(before);
  });

  it('forged callbacks credit nothing: a Pix the PSP does not have, a Pix of another txid, a Pix of another amount', async () => {
    const t = await charge(5_000);
    const before = await rig.available();
    const claim = { txid: t.providerReference, valor: '50.00', horario: new Date().toISOString() };

    // An end-to-end id the PSP never saw.
    expect((await forge([{ endToEndId: fakeE2e(), ...claim }])).body.data).toEqual({ confirmed: 0, applied: 0, ignored: 1 });

    // A real Pix the PSP received for a txid that is not ours, claimed for our charge.
    const elsewhere = await control(rig.sim, 'POST', '/_control/pix', { valor: '50.00', chave: PIX_KEY, txid: `outro${randomBytes(12).toString('hex')}` });
    expect(elsewhere.status).toBe(201);
    await callbacksIdle();
    expect((await forge([{ ...claim, endToEndId: elsewhere.body.endToEndId }])).body.data).toEqual({ confirmed: 0, applied: 0, ignored: 1 });

    // A real Pix of our cob with another amount: never credited by itself, not even when a callback claims the right amount.
    const short = await pay(t.providerReference, { valor: '49.99' });
    await callbacksIdle();
    expect((await forge([{ ...claim, endToEndId: short.endToEndId }])).body.data).toEqual({ confirmed: 0, applied: 0, ignored: 1 });

    // A real Pix credited to another charge, claimed for this one: nothing more is applied.
    expect(duplicated).toBeDefined();
    expect((await forge([{ ...claim, endToEndId: duplicated!.e2eid }])).body.data).toEqual({ confirmed: 1, applied: 0, ignored: 0 });

    expect((await rig.charge(t.id)).status).not.toBe('PAID');
    expect((await rig.charge(duplicated!.id)).end2endId).toBe(duplicated!.e2eid);
    expect(await rig.available()).toBe(before);
  });

  it("a callback that arrives before the create's answer is answered 503 with Retry-After; the PSP's retry credits the Pix once, before any reconciliation", async () => {
    const before = { available: await rig.available(), rows: await rig.chargeRows(), deliveries: (await deliveries()).length, seen: rig.seen.length };
    // The payer pays the moment the cob exists, and the PSP answers the PUT only after its callback was answered.
    await control(rig.sim, 'PUT', '/_control/autopay', { enabled: true, delayMs: 0 });
    await pspFaults(rig.sim, { answerDelayMs: 1_500, pathPattern: '^/cob/' });
    const creating = rig.create({ amount: 6_500 });
    const earlyAttempts = async () => (await deliveries()).slice(before.deliveries).flatMap((d) => d.attempts);
    await until(async () => (await earlyAttempts()).some((a) => a.status === 503), 'the early callback to be answered 503');
    expect(await rig.chargeRows()).toBe(before.rows);
    const created = await creating;
    expect(created.status).toBe(201);
    await rig.clearFaults();
    // No job runs here: what credits the charge is the PSP's retry of its callback.
    await until(async () => (await rig.charge(created.body.data.id)).status === 'PAID', 'the charge to be paid by the retried callback');
    await callbacksIdle();
    const early = (await deliveries()).slice(before.deliveries);
    expect(early.map((d) => [d.body.pix[0]!.txid, d.state])).toEqual([[created.body.data.providerReference, 'delivered']]);
    const statuses = early[0]!.attempts.map((a) => a.status);
    expect(statuses.length).toBeGreaterThan(1);
    expect(statuses.slice(0, -1).every((status) => status === 503)).toBe(true);
    expect(statuses.at(-1)).toBe(200);
    expect(seenSince(rig.seen, before.seen, (s) => s.method === 'GET' && s.path === '/pix')).toBe(0);
    const paid = await rig.charge(created.body.data.id);
    expect(paid.end2endId).toBe(early[0]!.body.pix[0]!.endToEndId);
    expect(await rig.available()).toBe(before.available + paid.netAmount);
    // Seen again (a repeat, the reconciliation reading it): nothing more is credited.
    expect((await forge(early[0]!.body.pix)).body.data).toEqual({ confirmed: 1, applied: 0, ignored: 0 });
    expect(await rig.available()).toBe(before.available + paid.netAmount);
  });

  it('a Pix of a txid of ours that no charge will ever have is retryable only for minutes, then ignored; a txid of another system never is', async () => {
    const before = await rig.available();
    await control(rig.sim, 'PUT', '/_control/callbacks', { dropNext: 2 });
    const orphan = await control(rig.sim, 'POST', '/_control/pix', { valor: '12.00', chave: PIX_KEY, txid: derivedTxid(randomBytes(8).toString('hex')) });
    const foreign = await control(rig.sim, 'POST', '/_control/pix', { valor: '12.00', chave: PIX_KEY, txid: randomBytes(16).toString('hex') });
    expect([orphan.status, foreign.status]).toEqual([201, 201]);
    const recent = await forge([{ endToEndId: orphan.body.endToEndId }]);
    expect(recent.status).toBe(503);
    expect(recent.headers.get('retry-after')).toBe('1');
    expect(recent.body).toMatchObject({ status: false, erro: 'PIX_CHARGE_NOT_STORED_YET' });
    expect((await forge([{ endToEndId: foreign.body.endToEndId }])).body.data).toEqual({ confirmed: 0, applied: 0, ignored: 1 });
    // Our clock moved past the window after the Pix's horario (the PSP's clock).
    rig.app.clock.advance(Date.parse(orphan.body.horario) + (EARLY_PIX_WINDOW_SECONDS + 1) * 1_000 - rig.app.clock.now().getTime());
    const late = await forge([{ endToEndId: orphan.body.endToEndId }]);
    expect(late.status).toBe(200);
    expect(late.body.data).toEqual({ confirmed: 0, applied: 0, ignored: 1 });
    expect(await rig.available()).toBe(before);
  });
});
