import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../src/cli/admin-commands';
import { reconciliationJobsAt } from '../../src/domain/reconciliation/reconciliation-jobs';
import { civilDateOf } from '../../src/domain/reconciliation/reconcile-window';
import type { ApiPixExchange } from '../../src/infra/apipix/apipix-client';
import type { RunningSimulator } from '../../tools/psp-simulator/simulator';
import { gql, onboardSeller, type Seller, startTestApp, type TestApp } from '../support/app';
import { inTransaction, platformOf, promoteToOperator, runDueJobs, sqlOf } from '../support/platform';
import { rest } from '../support/rest';
import { chargesForTxids, simulatorPix } from '../support/seeded-charges';
import { apiPixConformance, control, PIX_KEY, pspFaults, startPsp, until } from './psp';

const TX = '/api/v1/cobranca/transactions';
const CALLBACK_SECRET = 'r'.repeat(8) + randomBytes(24).toString('hex');
const HOUR = 3_600_000;
let sim: RunningSimulator;
let app: TestApp;
let seller: Seller;

/** Every call to the PSP and its answer, checked against the Central Bank's API Pix; the calls also kept in order. */
const conformance = apiPixConformance();
const calls: string[] = [];
const observe = (ex: ApiPixExchange) => {
  calls.push(`${ex.method} ${ex.path} ${ex.status}`);
  conformance.observe(ex);
};
afterEach(() => expect(conformance.problems).toEqual([]));

beforeAll(async () => {
  const psp = await startPsp();
  sim = psp.sim;
  // A short deadline, so that a create the PSP answers too late (an orphan cob) fails quickly.
  // The overlap spans the test: each reconciliation moves the service's clock a minute ahead of the PSP's.
  const env = { ...psp.env, INSTITUTION_CALLBACK_SECRET: CALLBACK_SECRET, APIPIX_TIMEOUT_MS: '1000', APIPIX_RECONCILE_OVERLAP_SECONDS: '7200' };
  app = await startTestApp({ ROLE: 'api', ...env }, undefined, undefined, { apiPixObserve: observe });
  seller = await onboardSeller(app);
  await runAdmin(['apipix', 'register-webhook'], { ...env, PUBLIC_BASE_URL: app.url, LOG_LEVEL: 'silent' });
  await inTransaction(app, (tx) => platformOf(app).scheduler.schedule(tx, reconciliationJobsAt(app.clock.now())));
});
afterAll(async () => {
  await app?.close();
  await sim?.close();
});

const create = async (amount: number, expiration?: number) => {
  const res = await rest(app, 'POST', TX, { key: seller.apiKey, body: { amount, ...(expiration ? { expiration } : {}) }, idempotencyKey: randomUUID() });
  expect(res.status).toBe(201);
  await runDueJobs(app);
  return res.body.data as { id: string; providerReference: string };
};
const get = async (id: string) => (await rest(app, 'GET', `${TX}/${id}`, { key: seller.apiKey })).body.data;
const available = async () => (await rest(app, 'GET', '/balance-statement', { bearer: seller.apiKey })).body.data.available as number;
const credits = async (transactionId: string) =>
  Number((await sqlOf(app).one<{ n: string }>(`select count(*) as n from ledger_entries where transaction_id = ? and kind = 'PIX_CREDIT'`, [transactionId]))!.n);
const ledgerSum = async () => Number((await sqlOf(app).one<{ s: string }>(`select coalesce(sum(amount), 0) as s from ledger_postings`))!.s);
const pspNow = () => sim.psp.now();
const reconcileRuns = () => calls.filter((c) => c.startsWith('GET /pix 200')).length;

/** One run of the reconciliation job, as a worker runs it once it is due (the service's clock at least a minute on, never behind the PSP's). */
async function reconcile(): Promise<void> {
  app.clock.set(new Date(Math.max(app.clock.now().getTime() + 61_000, pspNow() + 1_000)));
  const before = reconcileRuns();
  await runDueJobs(app);
  expect(reconcileRuns()).toBeGreaterThan(before);
}

/** Pays a cob at the PSP with its callback dropped: only the reconciliation can learn of it. */
async function payUnnoticed(txid: string, body: Record<string, unknown> = {}) {
  await control(sim, 'PUT', '/_control/callbacks', { dropNext: 1 });
  const paid = await control(sim, 'POST', `/_control/cob/${txid}/pay`, body);
  expect(paid.status).toBe(201);
  await until(async () => (await control(sim, 'GET', '/_control/callbacks')).body.deliveries.some((d: { body: { pix: { endToEndId: string }[] }; state: string }) => d.state === 'dropped' && d.body.pix[0]?.endToEndId === paid.body.endToEndId), 'the callback to be dropped');
  return paid.body as { endToEndId: string; horario: string };
}

describe('reconciliation with the PSP: every Pix received is credited exactly once', () => {
  it('a payment whose callback was lost is credited by one run; the callback replayed later changes nothing', async () => {
    const t = await create(4_200);
    const before = await available();
    const paid = await payUnnoticed(t.providerReference);
    expect((await get(t.id)).status).toBe('WAITING_PAYMENT');

    await reconcile();
    const after = await get(t.id);
    expect([after.status, after.end2endId]).toEqual(['PAID', paid.endToEndId]);
    expect(await available()).toBe(before + after.netAmount);

    await reconcile();
    const dropped = (await control(sim, 'GET', '/_control/callbacks')).body.deliveries.find((d: { state: string; body: { pix: { endToEndId: string }[] } }) => d.state === 'dropped' && d.body.pix[0]?.endToEndId === paid.endToEndId);
    expect((await control(sim, 'POST', `/_control/callbacks/${dropped.id}/replay`)).status).toBe(201);
    await until(async () => (await control(sim, 'GET', '/_control/callbacks')).body.idle === true, 'the replayed callback to be delivered');
    expect(await credits(t.id)).toBe(1);
    expect(await available()).toBe(before + after.netAmount);
    expect(await ledgerSum()).toBe(0);
  });

  it('a Pix credited by its callback and listed again by the reconciliation is credited once', async () => {
    const t = await create(3_100);
    await control(sim, 'POST', `/_control/cob/${t.providerReference}/pay`, {});
    await until(async () => (await get(t.id)).status === 'PAID', 'the callback to credit the charge');
    await reconcile();
    await reconcile();
    expect(await credits(t.id)).toBe(1);
    expect(await ledgerSum()).toBe(0);
  });

  it('a sweep stopped after each page (a worker killed mid-run) and a day read twice credit each Pix once', async () => {
    // Two days ago at the PSP (the daily job swept yesterday already): 2,500 received Pix (three pages), one in fifty for a charge of ours.
    const day = civilDateOf(new Date(pspNow() - 48 * HOUR));
    const first = sim.psp.pix.count;
    expect((await control(sim, 'POST', '/_control/seed', { date: day, count: 2_500, chave: PIX_KEY })).status).toBe(201);
    const ours = Array.from({ length: 50 }, (_, i) => simulatorPix(sim, first + i * 50));
    await chargesForTxids(sqlOf(app), seller.sellerId, ours);
    const before = await available();

    const reconciliation = app.services.pspReconciliation!;
    const pages: number[] = [];
    for (;;) {
      const run = await reconciliation.sweepDay(day, new Date(0)); // the budget is spent after the first page: every run stops there
      pages.push(run.pages);
      if (run.done) break;
    }
    expect(pages).toEqual([1, 1, 1]);
    // The whole day again, from its start (what the admin command does): nothing more.
    expect(await reconciliation.sweepDay(day, new Date(app.clock.now().getTime() + 60_000), { fromStart: true })).toMatchObject({ done: true, pix: 2_500, applied: 0 });

    const paid = await sqlOf(app).query<{ n: string }>(`select count(*) as n from transactions where id like 'seeded_%' and status = 'PAID'`);
    expect(Number(paid[0]!.n)).toBe(50);
    const credited = await sqlOf(app).one<{ n: string; cents: string }>(
      `select count(*) as n, sum(t.amount) as cents from ledger_entries e join transactions t on t.id = e.transaction_id where e.kind = 'PIX_CREDIT' and t.id like 'seeded_%'`,
    );
    expect([Number(credited!.n), Number(credited!.cents)]).toEqual([50, ours.reduce((s, p) => s + p.cents, 0)]);
    expect(await available()).toBeGreaterThan(before);
    expect(await ledgerSum()).toBe(0);

    const out = await runAdmin(['reconcile', '--date', day], { ...sqlEnv(), LOG_LEVEL: 'silent' });
    expect(out.sweep).toMatchObject({ pix: 2_500, applied: 0 });
    const report = out.report as any;
    expect(report.psp).toEqual({ count: 2_500, cents: sumOfSeeded(first, 2_500) });
    expect(report.credited).toEqual({ count: 50, cents: ours.reduce((s, p) => s + p.cents, 0) });
    // The differences come a page at a time: 100 by default, then by cursor until the last.
    expect(report.differences).toMatchObject({ total: 2_450, take: 100, skip: 0, hasNextPage: true });
    expect(report.differences.items).toHaveLength(100);
    const seen: { endToEndId: string; kind: string }[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 5; page++) {
      const next = (await runAdmin(['reconcile', '--date', day, '--no-sweep', '--take', '1000', ...(cursor ? ['--cursor', cursor] : [])], { ...sqlEnv(), LOG_LEVEL: 'silent' })).report as any;
      seen.push(...next.differences.items);
      cursor = next.differences.endCursor;
      if (!next.differences.hasNextPage) break;
    }
    expect(seen).toHaveLength(2_450);
    expect(new Set(seen.map((d) => d.endToEndId)).size).toBe(2_450);
    expect(seen.filter((d) => d.kind !== 'NOT_OURS')).toEqual([]);
    await expect(runAdmin(['reconcile', '--date', day, '--no-sweep', '--take', '1001'], { ...sqlEnv(), LOG_LEVEL: 'silent' })).rejects.toMatchObject({ code: 'INVALID_TAKE' });
  });

  it('a cob paid after its expiry is credited; an unpaid one expires only after GET /cob said so', async () => {
    const unpaid = await create(1_500, 60);
    const late = await create(1_600, 60);
    app.clock.advance(61_000);
    await control(sim, 'POST', '/_control/clock', { advanceSeconds: 61 });
    calls.length = 0;
    await runDueJobs(app);
    expect((await get(unpaid.id)).status).toBe('EXPIRED');
    expect((await get(late.id)).status).toBe('EXPIRED');
    expect(calls).toContain(`GET /cob/${unpaid.providerReference} 200`);

    const before = await available();
    const paid = await payUnnoticed(late.providerReference, { late: true });
    await reconcile();
    const after = await get(late.id);
    expect([after.status, after.end2endId]).toEqual(['PAID', paid.endToEndId]);
    expect(await available()).toBe(before + after.netAmount);
    expect(await credits(late.id)).toBe(1);
  });

  it('a cob paid before its expiry whose callback was lost is credited by the expiry check instead of expiring', async () => {
    const t = await create(1_700, 60);
    await payUnnoticed(t.providerReference);
    app.clock.advance(61_000);
    await runDueJobs(app);
    expect((await get(t.id)).status).toBe('PAID');
    expect(await credits(t.id)).toBe(1);
  });

  it('with the PSP down at expiry the charge does not expire; the job tries again', async () => {
    const t = await create(1_800, 60);
    await pspFaults(sim, { failNext: -1, failStatus: 503, pathPattern: `^/cob/${t.providerReference}$` });
    app.clock.advance(61_000);
    await runDueJobs(app);
    expect((await get(t.id)).status).toBe('WAITING_PAYMENT');
    const job = await sqlOf(app).one<{ last_error: string | null }>(`select last_error from jobs where key like ? and kind = 'transaction.expire'`, [`%${t.id}%`]);
    expect(job?.last_error).toMatch(/unavailable/i);
    await pspFaults(sim, { failNext: 0, pathPattern: null });
    app.clock.advance(11 * 60_000); // past the job's backoff and the open circuit
    await runDueJobs(app);
    expect((await get(t.id)).status).toBe('EXPIRED');
  });

  it('a payment of another amount and a Pix without our txid are not credited, and the report names them', async () => {
    const t = await create(2_000);
    const before = await available();
    const other = await payUnnoticed(t.providerReference, { valor: '19.99' });
    const stranger = await control(sim, 'POST', '/_control/pix', { valor: '7.00', chave: PIX_KEY });
    expect(stranger.status).toBe(201);
    await reconcile();
    expect((await get(t.id)).status).toBe('WAITING_PAYMENT');
    expect(await available()).toBe(before);

    const today = civilDateOf(new Date(other.horario));
    const operator = await onboardSeller(app);
    await promoteToOperator(app, operator.email);
    const session = (await gql(app, 'mutation($e:String!,$p:String!){ logIn(email:$e,password:$p){ token } }', { e: operator.email, p: operator.password })).data!.logIn.token;
    const query =
      'query($d:String!,$take:Int,$cursor:String){ reconciliationReport(date:$d,take:$take,cursor:$cursor){ date psp{count cents} credited{count cents} differences{ items{endToEndId kind txid transactionId cents} total skip hasNextPage endCursor } } }';
    const answer = await gql(app, query, { d: today }, session);
    const differences = answer.data!.reconciliationReport.differences.items as { endToEndId: string; kind: string }[];
    expect(differences).toContainEqual({ endToEndId: other.endToEndId, kind: 'AMOUNT_DIFFERS', txid: t.providerReference, transactionId: t.id, cents: 1_999 });
    expect(differences).toContainEqual({ endToEndId: stranger.body.endToEndId, kind: 'NOT_OURS', txid: null, transactionId: null, cents: 700 });
    // One at a time, by cursor: the same differences, in the same order.
    const oneByOne: unknown[] = [];
    for (let cursor: string | null = null, more = true; more; ) {
      const page: { items: unknown[]; endCursor: string | null; hasNextPage: boolean } = (await gql(app, query, { d: today, take: 1, cursor }, session)).data!.reconciliationReport.differences;
      oneByOne.push(...page.items);
      [cursor, more] = [page.endCursor, page.hasNextPage];
    }
    expect(oneByOne).toEqual(differences);
    expect((await gql(app, query, { d: today, take: 0 }, session)).errors?.[0]?.extensions?.code).toBe('INVALID_TAKE');
    expect((await gql(app, query, { d: today, cursor: 'not/a/cursor' }, session)).errors?.[0]?.extensions?.code).toBe('INVALID_CURSOR');

    expect((await gql(app, query, { d: today }, seller.session)).errors?.[0]?.extensions?.code).toBe('OPERATOR_ONLY');
    expect((await gql(app, query, { d: '2026-02-30' }, session)).errors?.[0]?.extensions?.code).toBe('INVALID_DATE');

    const metrics = (await platformOf(app).metrics.render()).body;
    expect(metrics).toMatch(/^pixpay_apipix_reconcile_differences_total\{kind="amount_differs"\} [1-9]/m);
    expect(metrics).toMatch(/^pixpay_apipix_reconcile_differences_total\{kind="not_ours"\} [1-9]/m);
    expect(metrics).toMatch(/^pixpay_apipix_reconcile_applied_total [1-9]/m);
    expect(metrics).toMatch(/^pixpay_apipix_reconcile_lag_seconds \d/m);
  });

  it('a cob that never became a charge is removed once older than the grace, and never before; a charge\'s cob never', async () => {
    const charge = await create(2_100);
    await pspFaults(sim, { answerDelayMs: 2_500, pathPattern: '^/cob/' });
    const failed = await rest(app, 'POST', TX, { key: seller.apiKey, body: { amount: 2_200 }, idempotencyKey: randomUUID() });
    expect(failed.status).toBe(503);
    await pspFaults(sim, { answerDelayMs: 0, pathPattern: null });
    const amountOf = (c: Parameters<typeof sim.psp.cobs.current>[0]) => sim.psp.cobs.current(c).valor.original;
    await until(() => [...sim.psp.cobs.all()].some((c) => amountOf(c) === '22.00'), 'the orphan cob to reach the PSP');
    const orphan = [...sim.psp.cobs.all()].find((c) => amountOf(c) === '22.00')!;

    app.clock.set(new Date(pspNow() + 24 * HOUR));
    await runDueJobs(app);
    expect(sim.psp.cobs.get(orphan.txid)?.status).toBe('ATIVA');

    app.clock.set(new Date(pspNow() + 25 * HOUR + 120_000));
    calls.length = 0;
    await runDueJobs(app);
    expect(calls).toContain(`PATCH /cob/${orphan.txid} 200`);
    expect(sim.psp.cobs.get(orphan.txid)?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    expect(sim.psp.cobs.get(charge.providerReference)?.status).not.toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    expect(calls.filter((c) => c.startsWith('PATCH'))).toEqual([`PATCH /cob/${orphan.txid} 200`]);
  });
});

/** The service's own database, for the admin command. */
function sqlEnv(): Record<string, string> {
  return { DATABASE_URL: app.databaseUrl, INSTITUTION: 'apipix', INSTITUTION_CALLBACK_SECRET: CALLBACK_SECRET, ...pspEnvOf() };
}

function pspEnvOf(): Record<string, string> {
  const c = app.services.platform.config;
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(c)) if (k.startsWith('APIPIX_') && v !== undefined) env[k] = String(v);
  return env;
}

function sumOfSeeded(first: number, count: number): number {
  let s = 0;
  for (let i = 0; i < count; i++) s += sim.psp.pix.centsOf(first + i);
  return s;
}
