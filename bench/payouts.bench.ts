import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAdmin } from '../src/cli/admin-commands';
import { operatorAdjustment } from '../src/domain/ledger/ledger-entries';
import { loadConfig } from '../src/main/config';
import { startApplication, type RunningApp } from '../src/main/start-application';
import { createLogger } from '../src/infra/log/logger';
import { writeCertificates } from '../tools/psp-simulator/certificates';
import { noFaults } from '../tools/psp-simulator/faults';
import { pixPaySettings, SIMULATOR_PIX_KEY } from '../tools/psp-simulator/pixpay-settings';
import { startPspSimulator, type RunningSimulator } from '../tools/psp-simulator/simulator';
import type { Benchmark } from './support/benchmark';
import { BENCH_BUDGETS } from './support/budgets';
import { createDatabase } from './support/postgres';
import { latencies, printTable } from './support/report';

/** Wall-clock ms: compared with the `updated_at` the service writes when a withdrawal becomes PAID. */
const now = (): number => Date.now();

const WITHDRAWALS = Number(process.env.BENCH_PAYOUTS ?? 500);
const SELLERS = Number(process.env.BENCH_PAYOUT_SELLERS ?? 50);
/** How long the simulator takes to answer each payout call, and to reach a payout's outcome. */
const PSP_MS = 100;
/** Concurrent clients creating the withdrawals. */
const CLIENTS = 16;
const AMOUNT = 1_000;
const FUNDING = 10_000_000_000;

async function seedSeller(app: RunningApp, n: number): Promise<string> {
  const s = app.services;
  const user = await s.identity.signUp({ email: `bench-payout-${n}@example.com`, password: 'bench password 1' });
  const seller = await s.sellers.registerSeller(user, { name: `Loja ${n}`, document: '00000000000' });
  const { key } = await s.apiKeys.create(user, 'test');
  await s.platform.uow.run((tx) =>
    s.ledger.postEntry(tx, operatorAdjustment({ sellerId: seller.id, correctionId: `bench-payout-${n}`, direction: 'CREDIT', amount: FUNDING, reason: 'benchmark funding', operatorId: 'bench' })),
  );
  return key;
}

interface RunResult {
  paid: number;
  notPaid: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  sentOnce: boolean;
}

/** 500 withdrawals from 50 sellers through Efí's adapter and the simulator, until every one is PAID. */
async function once(sim: RunningSimulator, files: ReturnType<typeof writeCertificates>, keyConcurrency: string | undefined): Promise<RunResult> {
  sim.psp.reset();
  sim.psp.faults = { ...noFaults(), latencyMs: PSP_MS, pathPattern: '^/v[23]/gn/' };
  sim.psp.payoutSettings = { mode: 'auto', outcome: 'REALIZADO', delayMs: PSP_MS, loseNext: 0 };
  const db = await createDatabase('pixpay_bench_payouts');
  const env = {
    DATABASE_URL: db.url,
    DATABASE_POOL_SIZE: '24',
    PORT: '0',
    ROLE: 'all',
    LOG_LEVEL: 'silent',
    MODE: 'sandbox',
    INSTITUTION_CALLBACK_SECRET: 'c'.repeat(8) + randomBytes(24).toString('hex'),
    APIPIX_PROFILE: 'efi',
    PAYOUT_PROVIDER: 'efi',
    PAYOUT_POLL_SECONDS: '5',
    PAYOUT_FLOAT_READ_SECONDS: '1',
    ...(keyConcurrency ? { PAYOUT_KEY_CONCURRENCY: keyConcurrency } : {}),
    ...pixPaySettings(sim, files, SIMULATOR_PIX_KEY),
    ...BENCH_BUDGETS,
  };
  const app = await startApplication(loadConfig(env), { logger: createLogger('silent') });
  try {
    await runAdmin(['apipix', 'register-webhook'], { ...env, PUBLIC_BASE_URL: app.url });
    const keys: string[] = [];
    for (let i = 0; i < SELLERS; i++) keys.push(await seedSeller(app, i));
    const body = JSON.stringify({ amount: AMOUNT, method: 'PIX', pixKeyType: 'EMAIL', pixKey: 'recebedor@example.com' });
    const requestedAt = new Map<string, number>();
    let next = 0;
    const start = now();
    const client = async () => {
      while (next < WITHDRAWALS) {
        const i = next++;
        const t0 = now();
        const res = await fetch(`${app.url}/api/v1/cobranca/withdrawals`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': keys[i % keys.length]!, 'idempotency-key': randomUUID() },
          body,
        });
        const answer = (await res.json()) as { data?: { id?: string } };
        if (res.status === 201 && answer.data?.id) requestedAt.set(answer.data.id, t0);
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, () => client()));
    // Until every withdrawal is PAID (or nothing moved for a minute).
    const paidAt = new Map<string, number>();
    let lastProgress = now();
    while (paidAt.size < requestedAt.size && now() - lastProgress < 60_000) {
      const rows = await app.services.platform.sql.query<{ id: string; updated_at: Date }>(`select id, updated_at from withdrawals where status = 'PAID'`);
      for (const r of rows) {
        if (paidAt.has(r.id)) continue;
        paidAt.set(r.id, new Date(r.updated_at).getTime());
        lastProgress = now();
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const toPaid = [...paidAt].map(([id, at]) => at - (requestedAt.get(id) ?? at));
    const last = Math.max(...paidAt.values());
    const l = latencies(toPaid);
    const seconds = (last - start) / 1_000;
    const sentOnce = sim.psp.payouts.list().every((p) => p.sends === 1) && sim.psp.payouts.created === paidAt.size;
    return { paid: paidAt.size, notPaid: requestedAt.size - paidAt.size, seconds, perSecond: paidAt.size / seconds, p50: l.p50, p99: l.p99, sentOnce };
  } finally {
    await app.stop();
    await db.drop();
  }
}

async function run(): Promise<void> {
  const sim = await startPspSimulator({ port: 0 });
  const files = writeCertificates(mkdtempSync(join(tmpdir(), 'pixpay-bench-payouts-')), sim.certificates);
  try {
    const results: [string, RunResult][] = [];
    for (const [label, concurrency] of [
      ['per-key ordering on (Efí profile: 1 awaiting its outcome)', undefined],
      ['per-key ordering off (PAYOUT_KEY_CONCURRENCY=100)', '100'],
    ] as const) {
      console.log(`payouts: ${WITHDRAWALS} withdrawals from ${SELLERS} sellers, ${label}...`);
      results.push([label, await once(sim, files, concurrency)]);
    }
    printTable(
      `Payouts through Efí's adapter and the PSP simulator (HTTPS/mTLS, every payout call answered after ${PSP_MS} ms, outcome ${PSP_MS} ms after the send, webhook then read back), in-process service with its worker (jobs polled every second); a shared machine: figures vary from run to run`,
      results.flatMap(([label, r]) => [
        { metric: `${label}: PAID / not PAID`, value: `${r.paid} / ${r.notPaid}`, goal: `${WITHDRAWALS} / 0`, verdict: r.notPaid === 0 ? 'ok' : 'MISS' },
        { metric: `${label}: throughput, PAID per second (first request to last PAID)`, value: `${r.perSecond.toFixed(2)} (${r.seconds.toFixed(1)} s)` },
        { metric: `${label}: request to PAID p50 / p99 ms`, value: `${r.p50.toFixed(0)} / ${r.p99.toFixed(0)}` },
        { metric: `${label}: each payout sent once at the PSP`, value: String(r.sentOnce), goal: 'true', verdict: r.sentOnce ? 'ok' : 'MISS' },
      ]),
    );
  } finally {
    await sim.close();
  }
}

export const payoutsBenchmark: Benchmark = {
  name: 'payouts',
  description: "500 withdrawals from 50 sellers through Efí's payout adapter and the PSP simulator (100 ms per call): throughput and request-to-PAID p99, per-key ordering on and off",
  run,
};
