import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { runAdmin } from '../src/cli/admin-commands';
import { sweepWholeDay } from '../src/cli/reconcile-admin';
import { previousCivilDay } from '../src/domain/reconciliation/reconcile-window';
import { systemClock } from '../src/domain/shared/clock';
import { InProcessLiveEvents, createLivePubSub } from '../src/infra/live/in-process-live-events';
import { createLogger } from '../src/infra/log/logger';
import { loadConfig } from '../src/main/config';
import { openDatabase } from '../src/main/database';
import { buildPlatform } from '../src/main/wiring/platform';
import { standaloneReconciliation } from '../src/main/wiring/standalone-reconciliation';
import { writeCertificates } from '../tools/psp-simulator/certificates';
import { pixPaySettings, SIMULATOR_PIX_KEY } from '../tools/psp-simulator/pixpay-settings';
import { startPspSimulator } from '../tools/psp-simulator/simulator';
import type { Benchmark } from './support/benchmark';
import { createDatabase } from './support/postgres';
import { int, printTable } from './support/report';

/**
 * A day of received Pix reconciled: the PSP simulator (in this process, over HTTPS with
 * mTLS) is seeded with yesterday's PIX (1,000,000 by default), one in OURS_EVERY for a charge
 * of ours waiting for payment (its callback lost), and the day is swept through the real
 * code path (what `npm run admin -- reconcile` and the nightly job run) on a fresh
 * PostgreSQL database. Goal: the day in at most 10 minutes.
 *
 *   npm run bench -- apipix-reconcile
 *   BENCH_RECONCILE_PIX=1000000  BENCH_RECONCILE_OURS_EVERY=20
 */
const PIX = Number(process.env.BENCH_RECONCILE_PIX ?? 1_000_000);
const OURS_EVERY = Number(process.env.BENCH_RECONCILE_OURS_EVERY ?? 20);
const PIX_KEY = SIMULATOR_PIX_KEY;

export const apiPixReconcileBenchmark: Benchmark = {
  name: 'apipix-reconcile',
  description: `a day of ${int(PIX)} received Pix reconciled against the PSP simulator (1 in ${OURS_EVERY} a charge of ours whose callback was lost)`,
  async run() {
    const sim = await startPspSimulator({ port: 0 });
    const files = writeCertificates(mkdtempSync(join(tmpdir(), 'pixpay-bench-psp-')), sim.certificates);
    const db = await createDatabase('bench_reconcile');
    const env = {
      ...process.env,
      MODE: 'sandbox',
      LOG_LEVEL: 'silent',
      DATABASE_URL: db.url,
      DATABASE_POOL_SIZE: '10',
      INSTITUTION_CALLBACK_SECRET: 'bench-callback-secret-0123456789abcdef0123456789',
      ...pixPaySettings(sim, files, PIX_KEY),
      AMQP_URL: undefined,
    };
    const config = loadConfig(env);
    const database = await openDatabase(config);
    try {
      const created = await runAdmin(['create-seller', '--email', 'reconcile@bench.example', '--password', 'bench password 1', '--name', 'Loja Bench', '--document', '00000000000'], env);
      const sellerId = (created.seller as { id: string }).id;
      const day = previousCivilDay(new Date());
      const seeded = await control(sim, '/_control/seed', { date: day, count: PIX, chave: PIX_KEY });
      const platform = buildPlatform(config, database.orm, createLogger('silent'), systemClock, new InProcessLiveEvents(createLivePubSub()));
      const ours: { txid: string; cents: number }[] = [];
      for (let seq = 0; seq < PIX; seq += OURS_EVERY) ours.push({ txid: sim.psp.pix.txidOf(seq)!, cents: sim.psp.pix.centsOf(seq) });
      for (let i = 0; i < ours.length; i += 10_000) {
        const batch = ours.slice(i, i + 10_000);
        await platform.sql.query(
          `insert into transactions (id, seller_id, amount, payment_method, status, provider_reference, txid, location_id, br_code, expires_at, created_at, updated_at)
           select 'bench_' || t, ?, c, 'PIX', 'WAITING_PAYMENT', t, t, 'bench-' || t, '', now() + interval '2 days', now(), now()
           from unnest(?::text[], ?::bigint[]) as u(t, c)`,
          [sellerId, batch.map((c) => c.txid), batch.map((c) => c.cents)],
        );
      }
      console.log(`seeded ${int(seeded.seeded)} Pix for ${day} at the PSP in ${seeded.ms} ms; ${int(ours.length)} charges of ours waiting`);

      const { reconciliation, close } = standaloneReconciliation(platform);
      const rssBefore = process.memoryUsage().rss;
      let peakRss = rssBefore;
      const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 250);
      const started = performance.now();
      let lastLine = 0;
      const read = await sweepWholeDay(reconciliation, day, (line) => {
        if (performance.now() - lastLine > 10_000) {
          lastLine = performance.now();
          console.log(`  ${((performance.now() - started) / 1_000).toFixed(0)} s: ${line}`);
        }
      });
      const seconds = (performance.now() - started) / 1_000;
      clearInterval(sampler);
      await close();

      const report = await reconciliation.report(day);
      const ledger = await platform.sql.one<{ s: string }>(`select coalesce(sum(amount), 0) as s from ledger_postings`);
      const paid = await platform.sql.one<{ n: string }>(`select count(*) as n from transactions where status = 'PAID'`);
      printTable('apipix-reconcile', [
        { metric: 'Pix read (pages)', value: `${int(read.pix)} (${int(read.pages)})` },
        { metric: 'credited by the reconciliation', value: int(read.applied), goal: int(ours.length), verdict: read.applied === ours.length ? 'ok' : 'MISS' },
        { metric: 'duration', value: `${seconds.toFixed(1)} s`, goal: '<= 600 s', verdict: seconds <= 600 ? 'ok' : 'MISS' },
        { metric: 'Pix per second', value: int(read.pix / seconds) },
        { metric: 'peak RSS', value: `${int(peakRss / 1_048_576)} MB` },
        { metric: 'charges PAID', value: int(Number(paid?.n ?? 0)) },
        { metric: 'ledger sum', value: String(ledger?.s ?? '?'), goal: '0', verdict: Number(ledger?.s) === 0 ? 'ok' : 'MISS' },
        { metric: 'report: at the PSP / credited', value: `${int(report.psp.count)} / ${int(report.credited.count)}` },
        { metric: 'report: differences', value: int(report.differences.length) },
      ]);
    } finally {
      await database.close();
      await db.drop();
      await sim.close();
    }
  },
};

async function control(sim: { url: string; certificates: { clientCert: string; clientKey: string; caCert: string } }, path: string, body: unknown): Promise<{ seeded: number; ms: number }> {
  const dispatcher = new Agent({ connect: { cert: sim.certificates.clientCert, key: sim.certificates.clientKey, ca: sim.certificates.caCert } });
  try {
    const res = await request(`${sim.url}${path}`, { method: 'POST', dispatcher, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const answer = (await res.body.json()) as { seeded: number; ms: number };
    if (res.statusCode !== 201) throw new Error(`${path} answered ${res.statusCode}: ${JSON.stringify(answer)}`);
    return answer;
  } finally {
    await dispatcher.close();
  }
}
