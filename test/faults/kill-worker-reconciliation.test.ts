import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../src/cli/admin-commands';
import { civilDay, previousCivilDay } from '../../src/domain/reconciliation/reconcile-window';
import type { RunningSimulator } from '../../tools/psp-simulator/simulator';
import { control, pspFaults, until } from '../apipix/psp';
import { onboardSeller } from '../support/app';
import { PIX_KEY, startPsp } from '../support/apipix-psp';
import { contractFetch } from '../support/contract';
import { processesFixture } from './support/processes-fixture';

/**
 * kill -9 of the worker in the middle of the daily sweep: the PSP received a day of Pix,
 * some of them paying charges of ours whose callbacks were all lost; the restarted worker
 * takes the sweep up from its cursor and every payment is credited once.
 */
const OURS = 30;
const OTHERS = 4_000;

const f = processesFixture('kill-recon');
let sim: RunningSimulator | undefined;
afterAll(() => sim?.close());

describe('kill -9 of a worker during the reconciliation', () => {
  it('the restarted worker credits every Pix of ours exactly once; every journal entry sums to zero', async () => {
    const { pg } = f;
    const psp = await startPsp();
    sim = psp.sim;
    // A worker killed holds its job for JOB_LOCK_SECONDS: the shortest lease, so the restart picks it up within the test's bound.
    const env = { ...psp.env, INSTITUTION_CALLBACK_SECRET: randomBytes(24).toString('hex'), JOB_LOCK_SECONDS: '30' };
    const api = await f.start('api', { ...env, ROLE: 'api' });
    const registered = await runAdmin(['apipix', 'register-webhook'], { ...env, PUBLIC_BASE_URL: api.url, LOG_LEVEL: 'silent' });
    expect(registered).toMatchObject({ registered: true });
    await control(psp.sim, 'PUT', '/_control/callbacks', { dropNext: -1 });

    const seller = await onboardSeller(api);
    const headers = { 'x-api-key': seller.apiKey, 'content-type': 'application/json' };
    const charges: { id: string; txid: string; amount: number }[] = [];
    for (let i = 0; i < OURS; i++) {
      const res = await contractFetch(`${api.url}/api/v1/cobranca/transactions`, { method: 'POST', headers: { ...headers, 'idempotency-key': `kr-${i}` }, body: JSON.stringify({ amount: 1_000 + i }) });
      expect(res.status).toBe(201);
      const t = ((await res.json()) as { data: { id: string; providerReference: string; amount: number } }).data;
      charges.push({ id: t.id, txid: t.providerReference, amount: t.amount });
    }

    // Yesterday's Pix (America/Sao_Paulo), oldest first: ours spread among static codes' and other systems' Pix.
    const date = previousCivilDay(new Date());
    const day = civilDay(date);
    const total = OURS + OTHERS;
    const at = (slot: number) => day.start.getTime() + Math.floor(((slot + 0.5) * (day.end.getTime() - day.start.getTime())) / total);
    const oursAt = new Map(charges.map((c, i) => [Math.floor(((i + 0.5) * total) / OURS), c]));
    let statics = 0;
    for (let slot = 0; slot < total; slot++) {
      const charge = oursAt.get(slot);
      if (charge) {
        psp.sim.psp.clockOffsetMs = at(slot) - Date.now();
        psp.sim.psp.pay(psp.sim.psp.cobs.get(charge.txid)!, charge.amount);
      } else {
        const isStatic = slot % 3 === 0;
        if (isStatic) statics += 1;
        psp.sim.psp.receive(500 + (slot % 700), PIX_KEY, isStatic ? undefined : `outro${slot}x${randomBytes(12).toString('hex')}`, at(slot));
      }
    }
    psp.sim.psp.clockOffsetMs = 0;
    // The simulator calls back for every Pix with a txid (a static code's has none): all lost.
    const deliveries = (await control(psp.sim, 'GET', '/_control/callbacks')).body.deliveries as { state: string; body: { pix: { txid?: string }[] } }[];
    expect(deliveries.length).toBe(total - statics);
    expect(deliveries.every((d) => d.state === 'dropped')).toBe(true);
    const calledBack = new Set(deliveries.map((d) => d.body.pix[0]!.txid));
    expect(charges.every((c) => calledBack.has(c.txid))).toBe(true);
    const paidCount = async () => Number((await pg.query<{ n: string }>(`select count(*) as n from transactions where seller_id = $1 and status = 'PAID'`, [seller.sellerId])).rows[0]!.n);
    expect(await paidCount()).toBe(0);

    // Each page of the PSP's list takes a moment, so that the sweep is still reading when the cursor first moves.
    await pspFaults(psp.sim, { latencyMs: 300, pathPattern: '^/pix$' });
    const cursor = async () => (await pg.query<{ read_until: Date }>(`select read_until from apipix_reconcile_cursors where name = $1`, [`day:${date}`])).rows[0]?.read_until ?? null;
    const started = Date.now();
    const worker = await f.start('worker', { ...env, ROLE: 'worker' });
    await until(async () => (await cursor()) !== null, 'the daily sweep to get past its first page', 30_000, 10);
    await worker.kill();
    const atKill = { cursor: (await cursor())!, paid: await paidCount() };
    // Killed in the middle: the sweep had not read the day to its end.
    expect(atKill.cursor.getTime()).toBeLessThan(day.end.getTime() - 1);
    expect(atKill.paid).toBeLessThan(OURS);

    await f.start('worker-again', { ...env, ROLE: 'worker' });
    await until(async () => (await cursor())?.getTime() === day.end.getTime() - 1 && (await paidCount()) === OURS, 'the sweep to finish and every charge to be paid', 50_000, 100);
    const seconds = (Date.now() - started) / 1_000;

    const credits = await pg.query<{ transaction_id: string; n: string }>(
      `select transaction_id, count(*) as n from ledger_entries where transaction_id = any($1::text[]) and reference like 'credit:%' group by transaction_id`,
      [charges.map((c) => c.id)],
    );
    expect(credits.rows.map((r) => [r.transaction_id, Number(r.n)]).sort()).toEqual(charges.map((c) => [c.id, 1]).sort());
    // One confirmed-payment report per charge, under its end-to-end id.
    const reports = await pg.query<{ n: string; charges: string }>(
      `select count(*) as n, count(distinct transaction_id) as charges from institution_reports where transaction_id = any($1::text[]) and report_id like 'apipix-pix:%'`,
      [charges.map((c) => c.id)],
    );
    expect([Number(reports.rows[0]!.n), Number(reports.rows[0]!.charges)]).toEqual([OURS, OURS]);
    const seen = await pg.query<{ verdict: string; n: string }>(`select verdict, count(*) as n from apipix_received_pix group by verdict order by verdict`);
    expect(Object.fromEntries(seen.rows.map((r) => [r.verdict, Number(r.n)]))).toEqual({ NOT_OURS: OTHERS, PAYMENT: OURS });
    expect(seen.rows.reduce((sum, r) => sum + Number(r.n), 0)).toBe(total);
    const unbalanced = await pg.query(`select entry_id, sum(amount) as total from ledger_postings group by entry_id having sum(amount) <> 0`);
    expect(unbalanced.rows).toEqual([]);
    const balance = await contractFetch(`${api.url}/balance-statement`, { headers: { authorization: `Bearer ${seller.apiKey}` } });
    const paid = await pg.query<{ net: string }>(`select coalesce(sum(net_amount), 0) as net from transactions where seller_id = $1`, [seller.sellerId]);
    expect(((await balance.json()) as { data: { available: number } }).data.available).toBe(Number(paid.rows[0]!.net));
    console.log(`fault kill-worker-reconciliation: ${total} Pix, ${OURS} ours; killed with ${atKill.paid} credited, cursor at ${atKill.cursor.toISOString()}; all credited once after ${seconds.toFixed(1)} s`);
  }, 120_000);
});
