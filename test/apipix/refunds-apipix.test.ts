import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { callbackPathToken } from '../../src/infra/apipix/apipix-callbacks';
import type { RunningSimulator } from '../../tools/psp-simulator/simulator';
import { gql, onboardSeller, type Seller, type TestApp } from '../support/app';
import { outboxEventTypes, runDueJobs, sqlOf } from '../support/platform';
import { rest } from '../support/rest';
import { control, until } from './psp';
import { useApiPixApp } from './apipix-app';

const TX = '/api/v1/cobranca/transactions';
const CALLBACK_SECRET = 'r'.repeat(8) + randomBytes(24).toString('hex');
let sim: RunningSimulator;
let app: TestApp;
let seller: Seller;

/** Every call to the PSP and its answer, checked against the Central Bank's API Pix. */
const conformance = useApiPixApp({ callbackSecret: CALLBACK_SECRET }, (t) => ({ sim, app, seller } = t));
afterEach(async () => {
  await control(sim, 'PUT', '/_control/callbacks', { dropNext: 0, duplicate: false });
  await control(sim, 'PUT', '/_control/refunds', { mode: 'auto', outcome: 'DEVOLVIDO', delayMs: 1000 });
});

const sql = () => sqlOf(app);
const get = async (id: string) => (await rest(app, 'GET', `${TX}/${id}`, { key: seller.apiKey })).body.data;
const available = async () => (await rest(app, 'GET', '/balance-statement', { bearer: seller.apiKey })).body.data.available as number;
const refund = (id: string, body: unknown) => rest(app, 'POST', `${TX}/${id}/refund`, { key: seller.apiKey, body, idempotencyKey: randomUUID() });
const callbacksIdle = () => until(async () => (await control(sim, 'GET', '/_control/callbacks')).body.idle === true, 'the callbacks to be delivered');
const refundRow = async (id: string) =>
  (await sql().one<{ status: string; rtr_id: string | null; failure_reason: string | null }>('select status, rtr_id, failure_reason from transaction_refunds where id = ?', [id]))!;
const refundOf = async (transactionId: string) => (await sql().one<{ id: string }>('select id from transaction_refunds where transaction_id = ? order by created_at desc limit 1', [transactionId]))!.id;
const pendingPolls = async (refundId: string) => (await sql().query<{ key: string }>("select key from jobs where kind = 'transaction.poll-refund' and payload->>'refundId' = ?", [refundId])).length;
/** The sum of every posting of the ledger: zero when every entry balances. */
const ledgerTotal = async () => Number((await sql().one<{ total: string | null }>('select sum(amount) as total from ledger_postings'))!.total ?? 0);

/** A charge registered at the PSP, paid by the payer, confirmed by its callback: PAID. */
async function paidCharge(amount: number): Promise<{ id: string; e2eid: string; netAmount: number }> {
  const t = (await rest(app, 'POST', TX, { key: seller.apiKey, body: { amount }, idempotencyKey: randomUUID() })).body.data;
  await runDueJobs(app);
  const paid = await control(sim, 'POST', `/_control/cob/${t.providerReference}/pay`, {});
  expect(paid.status).toBe(201);
  await until(async () => (await get(t.id)).status === 'PAID', 'the charge to be paid');
  await callbacksIdle();
  return { id: t.id, e2eid: paid.body.endToEndId, netAmount: (await get(t.id)).netAmount };
}

/** Books a refund and runs its send job (the `PUT` to the PSP); answers the refund id. */
async function sentRefund(transactionId: string, amount: number): Promise<string> {
  const res = await refund(transactionId, { amount });
  expect(res.status).toBe(200);
  const refundId = await refundOf(transactionId);
  await runDueJobs(app);
  return refundId;
}

describe('refunds followed to their outcome at the PSP', () => {
  it('a partial refund goes EM_PROCESSAMENTO, then DEVOLVIDO by callback: returned, debited once, polling stops', async () => {
    await control(sim, 'PUT', '/_control/refunds', { mode: 'manual' });
    const t = await paidCharge(10_000);
    const before = await available();
    const refundId = await sentRefund(t.id, 3_000);
    expect(await refundRow(refundId)).toMatchObject({ status: 'PROCESSING' });
    expect(await pendingPolls(refundId)).toBe(1);

    const settled = await control(sim, 'POST', `/_control/pix/${t.e2eid}/devolucao/${refundId}`, { status: 'DEVOLVIDO' });
    expect(settled.status).toBe(200);
    await until(async () => (await refundRow(refundId)).status === 'RETURNED', 'the refund to be returned');
    expect((await refundRow(refundId)).rtr_id).toBe(settled.body.rtrId);
    // The poll after the callback finds it final and schedules no other.
    app.clock.advance(60_000);
    await runDueJobs(app);
    expect(await pendingPolls(refundId)).toBe(0);
    expect(await get(t.id)).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedAmount: 3_000 });
    expect(before - (await available())).toBe(3_000);
    expect(await ledgerTotal()).toBe(0);
  });

  it('with every callback lost, polling finds the devolução DEVOLVIDO', async () => {
    await control(sim, 'PUT', '/_control/refunds', { mode: 'manual' });
    const t = await paidCharge(8_000);
    await control(sim, 'PUT', '/_control/callbacks', { dropNext: -1 });
    const refundId = await sentRefund(t.id, 2_500);
    expect((await control(sim, 'POST', `/_control/pix/${t.e2eid}/devolucao/${refundId}`, { status: 'DEVOLVIDO' })).status).toBe(200);
    const deliveries = (await control(sim, 'GET', '/_control/callbacks')).body.deliveries as { state: string }[];
    expect(deliveries.at(-1)?.state).toBe('dropped');
    expect((await refundRow(refundId)).status).toBe('PROCESSING');

    const exchanges = conformance.exchanges();
    app.clock.advance(10_000);
    await runDueJobs(app);
    expect(conformance.exchanges()).toBeGreaterThan(exchanges);
    expect(await refundRow(refundId)).toMatchObject({ status: 'RETURNED' });
    expect(await pendingPolls(refundId)).toBe(0);
  });

  it('NAO_REALIZADO gives the seller the refund back exactly once, whoever sees it (callback twice, a replay, polling)', async () => {
    await control(sim, 'PUT', '/_control/refunds', { mode: 'manual' });
    const t = await paidCharge(10_000);
    const before = await available();
    const refundId = await sentRefund(t.id, 4_000);
    expect(before - (await available())).toBe(4_000);

    await control(sim, 'PUT', '/_control/callbacks', { duplicate: true });
    const settled = await control(sim, 'POST', `/_control/pix/${t.e2eid}/devolucao/${refundId}`, { status: 'NAO_REALIZADO', motivo: 'Conta do pagador encerrada' });
    expect(settled.status).toBe(200);
    await until(async () => (await refundRow(refundId)).status === 'FAILED', 'the refund to fail');
    await callbacksIdle();
    const pix = (await control(sim, 'GET', '/_control/callbacks')).body.deliveries.at(-1).body.pix;
    const again = await rest(app, 'POST', `/v1/institution/apipix/${callbackPathToken(CALLBACK_SECRET)}/pix`, { body: { pix } });
    expect(again.status).toBe(200);
    app.clock.advance(10_000);
    await runDueJobs(app);

    expect(await refundRow(refundId)).toEqual({ status: 'FAILED', rtr_id: settled.body.rtrId, failure_reason: 'Conta do pagador encerrada' });
    expect(await available()).toBe(before);
    const back = await get(t.id);
    expect([back.status, back.refundedAmount ?? 0, back.refundType ?? null]).toEqual(['PAID', 0, null]);
    const events = await outboxEventTypes(app, t.id);
    expect(events.slice(events.indexOf('TRANSACTION_PARTIALLY_REFUNDED'))).toEqual(['TRANSACTION_PARTIALLY_REFUNDED', 'TRANSACTION_PAID', 'TRANSACTION_REFUND_FAILED']);
    const failed = await sql().one<{ payload: Record<string, any> }>("select payload from outbox where aggregate_id = ? and event_type = 'TRANSACTION_REFUND_FAILED'", [t.id]);
    expect(failed!.payload.failedRefund).toEqual({ id: refundId, amount: 4_000, reason: 'Conta do pagador encerrada' });
    const reversals = await sql().query('select id from ledger_entries where reference = ?', [`refund-reversal:transaction:${t.id}:${refundId}`]);
    expect(reversals).toHaveLength(1);
    expect(await ledgerTotal()).toBe(0);
    expect(await pendingPolls(refundId)).toBe(0);

    // The money is refundable again, through a new devolução.
    expect((await refund(t.id, { amount: 10_000 })).body.data).toMatchObject({ status: 'REFUNDED', refundedAmount: 10_000 });
  });

  it('a devolução the PSP refuses (the Pix was returned there already, unseen here): FAILED with its reason, given back once, shown on both doors', async () => {
    const t = await paidCharge(10_000);
    await control(sim, 'PUT', '/_control/callbacks', { dropNext: -1 });
    expect((await control(sim, 'POST', `/_control/pix/${t.e2eid}/med`, { natureza: 'MED_OPERACIONAL' })).status).toBe(201);
    const before = await available();
    const refundId = await sentRefund(t.id, 3_000);

    const row = await refundRow(refundId);
    expect(row.status).toBe('FAILED');
    expect(row.failure_reason).toMatch(/^refused by the payment institution: .*excederia o valor do pix/);
    expect(await available()).toBe(before);
    expect(await pendingPolls(refundId)).toBe(0);
    expect((await outboxEventTypes(app, t.id)).filter((e) => e === 'TRANSACTION_REFUND_FAILED')).toHaveLength(1);
    expect(await ledgerTotal()).toBe(0);
    // Later jobs find the refund final: nothing more is given back.
    app.clock.advance(60_000);
    await runDueJobs(app);
    expect(await available()).toBe(before);
    expect(await sql().query('select id from ledger_entries where reference = ?', [`refund-reversal:transaction:${t.id}:${refundId}`])).toHaveLength(1);

    const listed = await rest(app, 'GET', `${TX}/${t.id}/refunds`, { key: seller.apiKey });
    expect(listed.status).toBe(200);
    expect(listed.body.data.items).toEqual([
      { id: refundId, transactionId: t.id, amount: 3_000, status: 'FAILED', failureReason: row.failure_reason, createdAt: expect.any(String), updatedAt: expect.any(String) },
    ]);
    const viaGraphql = await gql(app, 'query($id: ID!) { transaction(id: $id) { refunds { id status amount failureReason returnId } } }', { id: t.id }, seller.apiKey);
    expect(viaGraphql.errors).toBeUndefined();
    expect(viaGraphql.data?.transaction.refunds).toEqual([{ id: refundId, status: 'FAILED', amount: 3_000, failureReason: row.failure_reason, returnId: null }]);
  });

  it("a charge's refunds are the seller's only: another seller gets 404 on both doors", async () => {
    const t = await paidCharge(6_000);
    const refundId = await sentRefund(t.id, 1_000);
    const mine = await rest(app, 'GET', `${TX}/${t.id}/refunds`, { key: seller.apiKey });
    expect(mine.body.data.items.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([[refundId, 'PROCESSING']]);
    const other = await onboardSeller(app);
    const theirs = await rest(app, 'GET', `${TX}/${t.id}/refunds`, { key: other.apiKey });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ code: 'TRANSACTION_NOT_FOUND' });
    const viaGraphql = await gql(app, 'query($id: ID!) { transaction(id: $id) { refunds { id } } }', { id: t.id }, other.apiKey);
    expect(viaGraphql.errors?.[0]?.extensions?.code).toBe('TRANSACTION_NOT_FOUND');
  });

  it('more than what is left of the Pix, or after 90 days: a clear 422 and no call to the PSP', async () => {
    const t = await paidCharge(5_000);
    const exchanges = conformance.exchanges();
    const tooMuch = await refund(t.id, { amount: 5_001 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body).toMatchObject({ code: 'REFUND_EXCEEDS_REMAINING', message: expect.any(String), correlationID: expect.any(String) });

    const now = app.clock.now();
    app.clock.advance(91 * 86_400_000);
    try {
      const late = await refund(t.id, { amount: 100 });
      expect(late.status).toBe(422);
      expect(late.body).toMatchObject({ code: 'REFUND_WINDOW_CLOSED', message: expect.any(String), correlationID: expect.any(String) });
    } finally {
      app.clock.set(now);
    }
    await runDueJobs(app);
    // No devolução asked of the PSP (the reconciliation's own reads may run meanwhile).
    expect(conformance.callsSince(exchanges).filter((call) => call.includes('/devolucao/'))).toEqual([]);
    expect(await sql().query('select id from transaction_refunds where transaction_id = ?', [t.id])).toEqual([]);
    const unchanged = await get(t.id);
    expect([unchanged.status, unchanged.refundedAmount ?? 0]).toEqual(['PAID', 0]);
  });
});

describe('MED returns through the standard path', () => {
  it('a partial MED return seen twice (callback duplicated, then replayed): one debit of its amount, one dispute', async () => {
    const t = await paidCharge(10_000);
    const before = await available();
    await control(sim, 'PUT', '/_control/callbacks', { duplicate: true });
    const med = await control(sim, 'POST', `/_control/pix/${t.e2eid}/med`, { natureza: 'MED_FRAUDE', valor: '40.00' });
    expect(med.status).toBe(201);
    await until(async () => (await get(t.id)).status === 'CHARGEDBACK', 'the MED return to be applied');
    await callbacksIdle();
    const deliveries = (await control(sim, 'GET', '/_control/callbacks')).body.deliveries as { id: number }[];
    expect((await control(sim, 'POST', `/_control/callbacks/${deliveries.at(-1)!.id}/replay`)).status).toBe(201);
    await callbacksIdle();

    expect(before - (await available())).toBe(4_000);
    const debits = await sql().query<{ total: string }>(
      "select sum(p.amount) as total from ledger_entries e join ledger_postings p on p.entry_id = e.id where e.kind = 'CHARGEBACK_DEBIT' and e.transaction_id = ? and p.account like 'seller:%'",
      [t.id],
    );
    expect(Number(debits[0]!.total)).toBe(-4_000);
    const disputes = await sql().query<{ origin: string; amount: string }>('select origin, amount from disputes where transaction_id = ?', [t.id]);
    expect(disputes.map((d) => [d.origin, Number(d.amount)])).toEqual([['MED', 4_000]]);
    const reports = await sql().query<{ report_id: string }>("select report_id from institution_reports where transaction_id = ? and status = 'CHARGEDBACK'", [t.id]);
    expect(reports.map((r) => r.report_id)).toEqual([`apipix-med:${t.e2eid}:${med.body.id}`]);
    expect((await outboxEventTypes(app, t.id)).filter((e) => e === 'TRANSACTION_CHARGEDBACK')).toHaveLength(1);
    expect(await ledgerTotal()).toBe(0);
  });
});
