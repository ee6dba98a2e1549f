import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { startApplication, type RunningApp } from '../src/main/start-application';
import { loadConfig } from '../src/main/config';
import { BENCH_BUDGETS } from './support/budgets';
import { operatorAdjustment } from '../src/domain/ledger/ledger-entries';
import { createLogger } from '../src/infra/log/logger';
import type { Benchmark } from './support/benchmark';
import { preparePgbench } from './support/pgbench';
import { createDatabase } from './support/postgres';
import { int, latencies, ms, now, printTable, type ResultRow } from './support/report';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const PGBENCH_SCALE = 16;
const AMOUNT = 1_000;
const FEE = 100; // default plan
const FUNDING = 10_000_000_000; // R$ 100 million per seller: never the limit

interface Seeded {
  sellerId: string;
  key: string;
}

async function seedSeller(app: RunningApp, n: number): Promise<Seeded> {
  const s = app.services;
  const user = await s.identity.signUp({ email: `bench-wd-${n}@example.com`, password: 'bench password 1' });
  const seller = await s.sellers.registerSeller(user, { name: `Loja ${n}`, document: '00000000000' });
  const { key } = await s.apiKeys.create(user, 'test');
  await s.platform.uow.run((tx) =>
    s.ledger.postEntry(tx, operatorAdjustment({ sellerId: seller.id, correctionId: `bench-${n}`, direction: 'CREDIT', amount: FUNDING, reason: 'benchmark funding', operatorId: 'bench' })),
  );
  return { sellerId: seller.id, key };
}

interface LoadResult {
  seconds: number;
  perSecond: number;
  created: number;
  failed: number;
  statuses: Record<string, number>;
  p50: number;
  p99: number;
  samples: number[];
  /** Node CPU (app + in-process load generator) per created withdrawal, microseconds. */
  cpuMicros: number;
}

function combine(runs: LoadResult[]): LoadResult {
  const seconds = runs.reduce((a, r) => a + r.seconds, 0);
  const created = runs.reduce((a, r) => a + r.created, 0);
  const statuses: Record<string, number> = {};
  for (const r of runs) for (const [k, v] of Object.entries(r.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
  const samples = runs.flatMap((r) => r.samples);
  const l = latencies(samples);
  const cpuMicros = runs.reduce((a, r) => a + r.cpuMicros * r.created, 0) / Math.max(created, 1);
  return { seconds, perSecond: created / seconds, created, failed: runs.reduce((a, r) => a + r.failed, 0), statuses, p50: l.p50, p99: l.p99, samples, cpuMicros };
}

/** CLIENTS loops, each POSTing withdrawals back to back (fresh Idempotency-Key each) with its seller's key. */
async function load(url: string, keys: string[], seconds: number): Promise<LoadResult> {
  const body = JSON.stringify({ amount: AMOUNT, method: 'PIX', pixKeyType: 'EMAIL', pixKey: 'recebedor@example.com', description: 'Saque bench', metadata: { bench: true } });
  const warmupEnd = now() + WARMUP_SECONDS * 1_000;
  const end = warmupEnd + seconds * 1_000;
  const samples: number[] = [];
  const statuses: Record<string, number> = {};
  let created = 0;
  let failed = 0;
  let cpuStart: NodeJS.CpuUsage | null = null;
  const cpuTimer = setTimeout(() => (cpuStart = process.cpuUsage()), WARMUP_SECONDS * 1_000);
  const client = async (c: number) => {
    const key = keys[c % keys.length]!;
    while (now() < end) {
      const t0 = now();
      const res = await fetch(`${url}/api/v1/cobranca/withdrawals`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key, 'idempotency-key': randomUUID() },
        body,
      });
      await res.arrayBuffer();
      if (t0 < warmupEnd) continue;
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      if (res.status === 201) {
        created++;
        samples.push(now() - t0);
      } else failed++;
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
  clearTimeout(cpuTimer);
  const cpu = process.cpuUsage(cpuStart ?? undefined);
  const l = latencies(samples);
  return { seconds, perSecond: created / seconds, created, failed, statuses, p50: l.p50, p99: l.p99, samples, cpuMicros: (cpu.user + cpu.system) / Math.max(created, 1) };
}

/** After the load: every seller's available balance is exactly funding - withdrawals x (amount + fee). */
async function checkMoney(app: RunningApp, sellers: Seeded[]): Promise<string> {
  for (const s of sellers) {
    const [row] = await app.services.platform.sql.query<{ n: string; available: string }>(
      `select (select count(*) from withdrawals where seller_id = ?) as n, (select available_pix from ledger_wallets where seller_id = ?) as available`,
      [s.sellerId, s.sellerId],
    );
    const expected = FUNDING - Number(row!.n) * (AMOUNT + FEE);
    if (Number(row!.available) !== expected) return `MISMATCH for ${s.sellerId}: ${row!.available} != ${expected}`;
  }
  return 'ok';
}

async function run(): Promise<void> {
  const db = await createDatabase('pixpay_bench_withdrawals');
  const config = loadConfig({ DATABASE_URL: db.url, DATABASE_POOL_SIZE: String(CLIENTS + 4), PORT: '0', ROLE: 'api', LOG_LEVEL: 'silent', MODE: 'sandbox', ...BENCH_BUDGETS });
  const app = await startApplication(config, { logger: createLogger('silent') });
  try {
    const sellers: Seeded[] = [];
    for (let i = 0; i < CLIENTS + 1; i++) sellers.push(await seedSeller(app, i));
    const spread = sellers.slice(0, CLIENTS);
    const hot = sellers[CLIENTS]!;

    // The application and pgbench alternate in ABBA order (half the time each per round),
    // as in the ledger benchmark, so load drifting on a shared machine hits both alike.
    console.log(`pgbench: initialising TPC-B at scale ${PGBENCH_SCALE}...`);
    const pgbench = await preparePgbench(PGBENCH_SCALE);
    const half = SECONDS / 2;
    const appRuns: LoadResult[] = [];
    const pgbRuns: { tps: number }[] = [];
    try {
      const appRun = async () => {
        console.log(`withdrawals: ${CLIENTS} clients, one seller each, ${half} s (+${WARMUP_SECONDS} s warm-up), in-process app on ${config.DATABASE_POOL_SIZE} connections...`);
        appRuns.push(await load(app.url, spread.map((s) => s.key), half));
      };
      const ref = async () => {
        console.log(`pgbench: TPC-B, ${CLIENTS} clients, 2 threads, ${half} s...`);
        pgbRuns.push(await pgbench.run({ clients: CLIENTS, threads: 2, seconds: half }));
      };
      await appRun();
      await ref();
      await ref();
      await appRun();
    } finally {
      await pgbench.drop();
    }
    const a = combine(appRuns);
    const pgb = { tps: pgbRuns.reduce((x, r) => x + r.tps, 0) / pgbRuns.length, clients: CLIENTS, scale: PGBENCH_SCALE };
    console.log(`withdrawals: ${CLIENTS} clients on ONE seller (one wallet row), ${half} s...`);
    const b = await load(app.url, [hot.key], half);
    const money = await checkMoney(app, sellers);

    const rows: ResultRow[] = [
      { metric: `pgbench TPC-B tps (${pgb.clients} clients, scale ${pgb.scale}, 2 x ${half} s)`, value: int(pgb.tps), goal: 'reference' },
      {
        metric: `withdrawal creation req/s (${CLIENTS} clients, ${CLIENTS} sellers, 2 x ${half} s)`,
        value: int(a.perSecond),
        goal: 'info',
        verdict: `${((a.perSecond / pgb.tps) * 100).toFixed(0)}% of pgbench`,
      },
      { metric: '  latency p50 / p99', value: `${ms(a.p50)} / ${ms(a.p99)}` },
      { metric: '  node CPU per withdrawal (app + load generator)', value: `${int(a.cpuMicros)} us`, goal: 'info', verdict: `ceiling ~${int(1e6 / a.cpuMicros)} req/s per core` },
      { metric: '  201 / other', value: `${a.created} / ${a.failed}`, goal: 'no other', verdict: a.failed === 0 ? 'ok' : JSON.stringify(a.statuses) },
      {
        metric: `withdrawal creation req/s (${CLIENTS} clients, ONE seller)`,
        value: int(b.perSecond),
        goal: 'info (one wallet row lock)',
        verdict: `${((b.perSecond / pgb.tps) * 100).toFixed(0)}% of pgbench`,
      },
      { metric: '  latency p50 / p99', value: `${ms(b.p50)} / ${ms(b.p99)}` },
      { metric: '  node CPU per withdrawal (app + load generator)', value: `${int(b.cpuMicros)} us`, goal: 'info' },
      { metric: '  201 / other', value: `${b.created} / ${b.failed}`, goal: 'no other', verdict: b.failed === 0 ? 'ok' : JSON.stringify(b.statuses) },
      { metric: 'balances = funding - n x (amount + fee)', value: money, goal: 'ok', verdict: money === 'ok' ? 'ok' : 'MISS' },
    ];
    const load1 = loadavg()[0]!.toFixed(1);
    printTable(`Withdrawal creation benchmark (HTTP, load generator in the same process, local PostgreSQL; 1-min load average ${load1})`, rows);
  } finally {
    await app.stop();
    await db.drop();
  }
}

export const withdrawalsBenchmark: Benchmark = {
  name: 'withdrawals',
  description: 'POST /api/v1/cobranca/withdrawals req/s at 16 clients (idempotency, guarded ledger debit, outbox, job) vs pgbench TPC-B',
  run,
};
