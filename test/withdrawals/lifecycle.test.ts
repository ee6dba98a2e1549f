import { describe, expect, it } from 'vitest';
import { onboardSeller, PRODUCTION_TEST_SECRETS, startTestApp, type TestApp, startTestAppWithSeller, type Seller } from '../support/app';
import { rest } from '../support/rest';
import { available, createWithdrawal, drainJobs, fund, ledgerEntries, outboxEvents, runFor, WD } from './support';

let app: TestApp;
let seller: Seller;

startTestAppWithSeller({ ROLE: 'api' }, async (started, onboarded) => {
  // api role: no background job loop; the test moves the clock and runs due jobs.
  [app, seller] = [started, onboarded];
  await fund(app, seller.sellerId, 10_000_000);
});

const body = (amount: number, pixKeyType = 'CPF', pixKey = '529.982.247-25') => ({ amount, method: 'PIX', pixKeyType, pixKey });
const get = async (id: string) => (await rest(app, 'GET', `${WD}/${id}`, { key: seller.apiKey })).body.data;
// The Central Bank's EndToEndId: E, the paying institution's ISPB, yyyyMMddHHmm and 11 characters (the sandbox's
// simulated institution is ISPB 00000000; on a payout PSP the PSP forms it).
const E2E = /^E\d{8}\d{12}[a-zA-Z0-9]{11}$/;

describe('sandbox payouts settle in seconds through durable jobs', () => {
  it('PENDING -> APPROVED -> PROCESSING -> PAID, one step per second, with end2end and processedAt', async () => {
    const before = await available(app, seller.apiKey);
    const w = (await createWithdrawal(app, seller.apiKey, body(2_500))).body.data;
    await drainJobs(app); // submission
    expect((await get(w.id)).status).toBe('PENDING');
    app.clock.advance(1_000);
    await drainJobs(app);
    const approved = await get(w.id);
    expect(approved).toMatchObject({ status: 'APPROVED', approvedAt: app.clock.now().toISOString(), processedAt: null, end2end: null });
    app.clock.advance(1_000);
    await drainJobs(app);
    expect((await get(w.id)).status).toBe('PROCESSING');
    app.clock.advance(1_000);
    await drainJobs(app);
    const paid = await get(w.id);
    expect(paid).toMatchObject({ status: 'PAID', processedAt: app.clock.now().toISOString(), approvedAt: approved.approvedAt, feeAmount: 100 });
    expect(paid.end2end).toMatch(E2E);

    const events = await outboxEvents(app, w.id);
    expect(events.map((e) => e.eventType)).toEqual(['WITHDRAWAL_CREATED', 'WITHDRAWAL_APPROVED', 'WITHDRAWAL_PROCESSING', 'WITHDRAWAL_PAID']);
    expect(events.at(-1)!.payload).toMatchObject({ id: w.id, status: 'PAID', end2end: paid.end2end, amount: 2_500, feeAmount: 100 });
    expect(events[0]!.payload).toMatchObject({ status: 'PENDING', end2end: null });
    // Paid: the debit stays, the platform settles the payout with the institution.
    expect(await ledgerEntries(app, w.id)).toEqual(['debit', 'settle']);
    expect(before - (await available(app, seller.apiKey))).toBe(2_600);

    // Nothing more happens later.
    await runFor(app, 10_000);
    expect((await outboxEvents(app, w.id)).length).toBe(4);
  });

  const magic: [string, Record<string, unknown>, string[], boolean][] = [
    ['amount ending in ,01: rejected at approval', body(1_001), ['REJECTED'], true],
    ['amount ending in ,02: fails after processing', body(1_002), ['APPROVED', 'PROCESSING', 'FAILED'], true],
    ['amount ending in ,03: blocked, then rejected by the review', body(1_003), ['BLOCKED', 'REJECTED'], true],
    ['amount ending in ,04: blocked, then approved by the review and paid', body(1_004), ['BLOCKED', 'APPROVED', 'PROCESSING', 'PAID'], false],
    ['amount ending in ,05: paid, then returned by the receiving bank', body(1_005), ['APPROVED', 'PROCESSING', 'PAID', 'REFUNDED'], true],
    ['amount ending in ,06: PIX key not found', body(1_006), ['APPROVED', 'FAILED'], true],
    ['EVP ...0001: rejected', body(1_000, 'EVP', '00000000-0000-0000-0000-000000000001'), ['REJECTED'], true],
    ['EVP ...0002: fails after processing', body(1_000, 'EVP', '00000000-0000-0000-0000-000000000002'), ['APPROVED', 'PROCESSING', 'FAILED'], true],
    ['e-mail blocked@payout.test: blocked, then rejected', body(1_000, 'EMAIL', 'blocked@payout.test'), ['BLOCKED', 'REJECTED'], true],
    ['e-mail returned@payout.test: returned after paid', body(1_000, 'EMAIL', 'Returned@Payout.test'), ['APPROVED', 'PROCESSING', 'PAID', 'REFUNDED'], true],
    ['e-mail key-not-found@payout.test', body(1_000, 'EMAIL', 'key-not-found@payout.test'), ['APPROVED', 'FAILED'], true],
    ['any other key and amount: paid', body(1_007, 'EMAIL', 'ana@example.com'), ['APPROVED', 'PROCESSING', 'PAID'], false],
  ];

  it.each(magic)('%s', async (_name, input, statuses, refunded) => {
    const before = await available(app, seller.apiKey);
    const w = (await createWithdrawal(app, seller.apiKey, input)).body.data;
    const cost = (input.amount as number) + 100;
    expect(before - (await available(app, seller.apiKey))).toBe(cost);
    await runFor(app, (statuses.length + 1) * 1_000);
    const final = await get(w.id);
    expect(final.status).toBe(statuses.at(-1));
    expect((await outboxEvents(app, w.id)).map((e) => e.eventType)).toEqual(['WITHDRAWAL_CREATED', ...statuses.map((s) => `WITHDRAWAL_${s}`)]);
    // Refunding outcomes give amount + fee back, exactly once; the others keep the debit.
    expect(before - (await available(app, seller.apiKey))).toBe(refunded ? 0 : cost);
    if (refunded) {
      // On a payout PSP a refusal carries the PSP's code before the sandbox's words.
      expect(final.failureReason).toMatch(/sandbox: /);
      expect((await ledgerEntries(app, w.id)).filter((r) => r === 'refund')).toHaveLength(1);
    }
    if (statuses.includes('PAID')) expect(final.end2end).toMatch(E2E);
    if (statuses.at(-1) === 'FAILED') expect(final.processedAt).not.toBeNull();
    // Late copies of the simulator's reports change nothing.
    await runFor(app, 5_000);
    expect((await get(w.id)).status).toBe(statuses.at(-1));
    expect(before - (await available(app, seller.apiKey))).toBe(refunded ? 0 : cost);
  });

  it('a submission job that runs again (crash after submitting) does not restart the simulation', async () => {
    const w = (await createWithdrawal(app, seller.apiKey, body(3_000))).body.data;
    await drainJobs(app);
    await app.services.withdrawals.submit(w.id);
    await runFor(app, 5_000);
    expect((await outboxEvents(app, w.id)).map((e) => e.eventType)).toEqual(['WITHDRAWAL_CREATED', 'WITHDRAWAL_APPROVED', 'WITHDRAWAL_PROCESSING', 'WITHDRAWAL_PAID']);
  });
});

describe('sandbox report endpoint', () => {
  it('POST /v1/sandbox/withdrawals/:id/report applies any status now (CANCELED refunds)', async () => {
    const before = await available(app, seller.apiKey);
    const w = (await createWithdrawal(app, seller.apiKey, body(1_500))).body.data;
    const res = await rest(app, 'POST', `/v1/sandbox/withdrawals/${w.id}/report`, { key: seller.apiKey, body: { status: 'CANCELED', reason: 'seller asked' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ applied: true, transitions: ['CANCELED'], withdrawal: { status: 'CANCELED', failureReason: 'seller asked' } });
    expect(await available(app, seller.apiKey)).toBe(before);
    // The simulation, when its jobs run, can no longer move it.
    await runFor(app, 5_000);
    expect((await get(w.id)).status).toBe('CANCELED');
    const again = await rest(app, 'POST', `/v1/sandbox/withdrawals/${w.id}/report`, { key: seller.apiKey, body: { status: 'PAID' } });
    expect(again.body.data).toMatchObject({ applied: false, withdrawal: { status: 'CANCELED' } });
    const other = await onboardSeller(app);
    expect((await rest(app, 'POST', `/v1/sandbox/withdrawals/${w.id}/report`, { key: other.apiKey, body: { status: 'FAILED' } })).status).toBe(404);
    expect((await rest(app, 'POST', `/v1/sandbox/withdrawals/${w.id}/report`, { key: seller.apiKey, body: {} })).body.erro).toBe('INVALID_FIELD');
  });

  it('a report that skips steps implies them: PAID on a PENDING withdrawal goes through APPROVED and PROCESSING', async () => {
    const w = (await createWithdrawal(app, seller.apiKey, body(1_700))).body.data;
    const res = await rest(app, 'POST', `/v1/sandbox/withdrawals/${w.id}/report`, { key: seller.apiKey, body: { status: 'paid' } });
    expect(res.body.data.transitions).toEqual(['APPROVED', 'PROCESSING', 'PAID']);
    expect((await outboxEvents(app, w.id)).map((e) => e.eventType)).toEqual(['WITHDRAWAL_CREATED', 'WITHDRAWAL_APPROVED', 'WITHDRAWAL_PROCESSING', 'WITHDRAWAL_PAID']);
    expect(res.body.data.withdrawal.end2end).toMatch(E2E);
  });
});

describe('production mode', () => {
  it('has no sandbox withdrawal endpoint', async () => {
    const prod = await startTestApp({ ROLE: 'api', MODE: 'production', ...PRODUCTION_TEST_SECRETS });
    try {
      const res = await rest(prod, 'POST', '/v1/sandbox/withdrawals/x/report', { body: { status: 'PAID' } });
      expect(res.status).toBe(404);
      expect(res.body.erro).toBe('ROUTE_NOT_FOUND');
    } finally {
      await prod.close();
    }
  });
});
