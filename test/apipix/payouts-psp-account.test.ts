import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { runAdmin } from '../../src/cli/admin-commands';
import type { PagedPayoutReconciliation } from '../../src/domain/reconciliation/reconciliation-reports';
import { civilDateOf } from '../../src/domain/reconciliation/reconcile-window';
import type { RunningSimulator } from '../../tools/psp-simulator/simulator';
import { gql, onboardSeller, type Seller, type TestApp } from '../support/app';
import { platformOf, promoteToOperator, runDueJobs } from '../support/platform';
import { rest } from '../support/rest';
import { createWithdrawal, fund, outboxEvents, WD } from '../withdrawals/support';
import { control, until } from './psp';
import { useApiPixApp } from './apipix-app';

/**
 * The platform's own account at each payout PSP, through the simulator: its float (Efí `GET
 * /v2/gn/saldo`, Inter `GET /banking/v2/saldo`) and its payouts in the daily reconciliation
 * (Efí's list of sent Pix, Inter's statement).
 */
const PSPS = [
  { psp: 'efi', balance: 'GET /v2/gn/saldo', listing: 'GET /v2/gn/pix/enviados' },
  { psp: 'inter', balance: 'GET /banking/v2/saldo', listing: 'GET /banking/v2/extrato/completo' },
] as const;

const FLOAT_READ_SECONDS = 5;
const FLOAT_QUERY = '{ payoutFloat { provider balance problem toSend { count amount } atPsp { count amount } shortBy } }';
const RECONCILIATION_QUERY = `query($d:String!,$take:Int,$cursor:String){ reconciliationReport(date:$d,payoutsTake:$take,payoutsCursor:$cursor){ payouts {
  sent { count cents } paid { count cents } failed { count cents } pending { count cents }
  debited { count cents } settled { count cents } refunded { count cents }
  differences { items { endToEndId pspPayoutId withdrawalId kind cents } total take skip hasNextPage endCursor } } } }`;

interface AtPsp {
  idEnvio: string;
  status: string;
  infoPagador?: string;
}

describe.each(PSPS)("the platform's account at $psp", ({ psp, balance, listing }) => {
  const callbackSecret = 'c'.repeat(8) + randomBytes(24).toString('hex');
  let sim: RunningSimulator;
  let app: TestApp;
  let seller: Seller;

  useApiPixApp(
    {
      // Four payouts from the paying key at once, whatever the PSP's profile: the reconciliation keeps some at the PSP.
      env: () => ({ APIPIX_PROFILE: psp, PAYOUT_PROVIDER: psp, PAYOUT_POLL_SECONDS: '60', PAYOUT_FLOAT_READ_SECONDS: String(FLOAT_READ_SECONDS), PAYOUT_KEY_CONCURRENCY: '4' }),
      callbackSecret,
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
  /** The payout at the PSP: Efí knows it by our identifier, Inter by its code with ours leading the description. */
  const atPsp = async (id: string) => ((await control(sim, 'GET', '/_control/payouts')).body.payouts as AtPsp[]).find((p) => p.idEnvio === `W${id}` || p.infoPagador?.split(' ')[0] === `W${id}`);
  const act = async (id: string, action: 'settle' | 'lose', status?: 'REALIZADO' | 'NAO_REALIZADO') => {
    const payout = await atPsp(id);
    expect(payout, `W${id} at the PSP`).toBeDefined();
    return control(sim, 'POST', `/_control/payouts/${payout!.idEnvio}/${action}`, status ? { status } : undefined);
  };
  const until$ = (id: string, status: string) => until(async () => (await get(id)).status === status, `the withdrawal to be ${status}`);

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

  it(`the float (${balance}): a payout it does not cover waits in APPROVED with its reason and an alert; it is sent once it does`, async () => {
    await control(sim, 'PUT', '/_control/balance', { saldo: '5.00' });
    const w = await created(1_000);
    await runDueJobs(app);
    expect(await get(w.id)).toMatchObject({ status: 'APPROVED', waitingReason: expect.stringContaining("platform's balance") });
    expect(await atPsp(w.id)).toBeUndefined();
    expect((await outboxEvents(app, w.id)).map((e) => e.eventType)).toEqual(['WITHDRAWAL_CREATED', 'WITHDRAWAL_APPROVED']);

    const session = await operatorSession();
    const view = (await gql(app, FLOAT_QUERY, {}, session)).data!.payoutFloat;
    expect(view).toMatchObject({ provider: psp, balance: 500, problem: null, toSend: { count: 1, amount: 1_000 }, shortBy: 500 });
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
    await act(w.id, 'settle', 'REALIZADO');
    await until$(w.id, 'PAID');
  });

  it(`the daily reconciliation (${listing}): paid, failed and pending at the PSP against the ledger; a payout the PSP lost is a difference`, async () => {
    const [paid, failed, pending, lost] = [await created(1_500), await created(2_500), await created(3_500), await created(4_500)];
    await runDueJobs(app);
    for (const w of [paid, failed, pending, lost]) expect((await get(w.id)).status).toBe('PROCESSING');
    await act(paid.id, 'settle', 'REALIZADO');
    await act(failed.id, 'settle', 'NAO_REALIZADO');
    await act(lost.id, 'lose');
    await until$(paid.id, 'PAID');
    await until$(failed.id, 'FAILED');

    const answer = await gql(app, RECONCILIATION_QUERY, { d: civilDateOf(new Date()) }, await operatorSession());
    expect(answer.errors).toBeUndefined();
    const payouts = answer.data!.reconciliationReport.payouts;
    // With the float test's payout before it: 1,000 PAID.
    expect(payouts).toMatchObject({ sent: { count: 4, cents: 8_500 }, paid: { count: 2, cents: 2_500 }, failed: { count: 1, cents: 2_500 }, pending: { count: 1, cents: 3_500 } });
    expect(payouts).toMatchObject({ debited: { count: 5, cents: 13_000 }, settled: { count: 2, cents: 2_500 }, refunded: { count: 1, cents: 2_500 } });
    // Named by the end-to-end id the PSP gave when it took the payout (Inter does at once; Efí's comes with the outcome).
    const lostEndToEnd = (await get(lost.id)).end2end;
    const lostDifference = { endToEndId: lostEndToEnd, pspPayoutId: `W${lost.id}`, withdrawalId: lost.id, kind: 'NOT_AT_PSP', cents: 4_500 };
    expect(payouts.differences).toEqual({ items: [lostDifference], total: 1, take: 100, skip: 0, hasNextPage: false, endCursor: expect.any(String) });

    // The admin command reads the same from the PSP, outside the service.
    const out = (await adminReconcile()) as { report: { payouts: PagedPayoutReconciliation } };
    expect(out.report.payouts.psp).toEqual({ sent: payouts.sent, paid: payouts.paid, failed: payouts.failed, pending: payouts.pending });
    expect(out.report.payouts.differences).toEqual(payouts.differences);
  });

  it('the payout differences come a page at a time, by cursor, on both doors (GraphQL and admin reconcile)', async () => {
    // Two more (the key's four payouts at once: the earlier test's pending and lost ones are still in flight).
    const lost = [await created(5_100), await created(5_200)];
    await runDueJobs(app);
    for (const w of lost) await act(w.id, 'lose');
    const session = await operatorSession();
    const d = civilDateOf(new Date());
    const all = (await gql(app, RECONCILIATION_QUERY, { d, take: 1000 }, session)).data!.reconciliationReport.payouts.differences;
    // The earlier test's lost payout and these two.
    expect(all).toMatchObject({ total: 3, skip: 0, hasNextPage: false });
    expect(all.items.filter((x: { kind: string }) => x.kind === 'NOT_AT_PSP').map((x: { withdrawalId: string }) => x.withdrawalId)).toEqual(expect.arrayContaining(lost.map((w) => w.id)));

    const byGraphql: unknown[] = [];
    const byAdmin: unknown[] = [];
    for (let cursor: string | null = null, more = true, n = 0; more && n < 10; n++) {
      const page: { items: unknown[]; skip: number; hasNextPage: boolean; endCursor: string | null } = (await gql(app, RECONCILIATION_QUERY, { d, take: 1, cursor }, session)).data!.reconciliationReport.payouts.differences;
      expect(page.skip).toBe(byGraphql.length);
      byGraphql.push(...page.items);
      [cursor, more] = [page.endCursor, page.hasNextPage];
    }
    for (let cursor: string | null = null, more = true, n = 0; more && n < 10; n++) {
      const out = (await adminReconcile('--payouts-take', '2', ...(cursor ? ['--payouts-cursor', cursor] : []))) as { report: { payouts: PagedPayoutReconciliation } };
      byAdmin.push(...out.report.payouts.differences.items);
      [cursor, more] = [out.report.payouts.differences.endCursor, out.report.payouts.differences.hasNextPage];
    }
    expect(byGraphql).toEqual(all.items);
    expect(byAdmin).toEqual(all.items);

    // A bad page is a clear refusal on both doors; the received Pix part's cursor is not a payouts cursor.
    expect((await gql(app, RECONCILIATION_QUERY, { d, take: 1001 }, session)).errors?.[0]?.extensions?.code).toBe('INVALID_TAKE');
    expect((await gql(app, RECONCILIATION_QUERY, { d, cursor: 'E00000000202611270000abcdefghijk' }, session)).errors?.[0]?.extensions?.code).toBe('INVALID_CURSOR');
    await expect(adminReconcile('--payouts-take', '0')).rejects.toMatchObject({ code: 'INVALID_TAKE' });
    await expect(adminReconcile('--payouts-cursor', 'not/a/cursor')).rejects.toMatchObject({ code: 'INVALID_CURSOR' });
  });

  /** `admin reconcile` of today, without a sweep, with the service's PSP settings. */
  function adminReconcile(...args: string[]) {
    const settings = Object.entries(platformOf(app).config).filter(([k, v]) => /^(APIPIX|PAYOUT)_/.test(k) && v !== undefined);
    const env = { ...Object.fromEntries(settings.map(([k, v]) => [k, String(v)])), DATABASE_URL: app.databaseUrl, INSTITUTION: 'apipix', INSTITUTION_CALLBACK_SECRET: callbackSecret, LOG_LEVEL: 'silent' };
    return runAdmin(['reconcile', '--date', civilDateOf(new Date()), '--no-sweep', ...args], env);
  }
});
