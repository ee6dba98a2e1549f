import { type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { Connection } from 'rabbitmq-client';
import { deleteTopology } from '../src/infra/amqp/topology';
import type { Benchmark } from './support/benchmark';
import { BENCH_BUDGETS } from './support/budgets';
import { startReceiver, type Receiver, type ReceiverReport, waitDelivered } from './support/https-receiver';
import { createDatabase } from './support/postgres';
import { backendsCpuBetween, cpuMs, databaseBackendsCpuMs, freePort, startNode, stop, waitHealthy } from './support/processes';
import { int, printTable, type ResultRow } from './support/report';
import { seedSeller } from './support/seed';
import { serviceNodeArgs } from './support/service-node-args';

/**
 * Webhook delivery throughput with 1, then 2 worker processes: the compiled service run
 * as one `ROLE=api` process plus N `ROLE=worker` processes on a fresh database and a
 * broker prefix of its own, delivering to a signed-HTTPS receiver on loopback (its own
 * process). Each round commits the same workload in one transaction (EVENTS outbox rows,
 * as a status change writes them) and measures deliveries per second from the first to
 * the last one received, plus what was lost and what arrived twice (same X-Webhook-Id).
 *
 *   npm run bench -- webhook-workers
 *   BENCH_WORKER_EVENTS=2000 (events per round)
 */
const EVENTS = Number(process.env.BENCH_WORKER_EVENTS ?? 2_000);
const WARM_EVENTS = 200;
const AMQP_URL = process.env.BENCH_AMQP_URL ?? process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const WAIT_MS = 180_000;

interface Round {
  workers: number;
  delivered: number;
  lost: number;
  duplicates: number;
  invalid: number;
  rate: number;
  spanMs: number;
  /** CPU ms used during the round, per process group. */
  cpu: { workers: number; api: number; receiver: number; postgres: number };
  /** Share of the machine's CPU time (all cores, every process: PostgreSQL, RabbitMQ, anything else running) that was busy. */
  machineBusyPct: number;
}

/** Busy and total jiffies of all cores so far (/proc/stat; idle and iowait count as not busy). */
function machineCpu(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - fields[3]! - fields[4]!, total };
}

/** Commits `n` WITHDRAWAL_PAID events in one transaction and wakes the relays, as a commit does. */
async function commitEvents(pg: Client, sellerId: string, tag: string, n: number): Promise<string[]> {
  const { rows } = await pg.query<{ event_id: string }>(
    `insert into outbox (event_id, event_type, seller_id, aggregate_type, aggregate_id, payload, occurred_at)
     select 'evt_' || $2 || '_' || g, 'WITHDRAWAL_PAID', $1, 'WITHDRAWAL', 'wd_' || $2 || '_' || g,
            jsonb_build_object('id', 'wd_' || $2 || '_' || g, 'amount', 50000, 'method', 'PIX', 'pixKey', 'ana@example.com',
                               'pixKeyType', 'EMAIL', 'status', 'PAID', 'createdAt', now()),
            now()
       from generate_series(1, $3::int) g
     returning event_id`,
    [sellerId, tag, n],
  );
  await pg.query(`select pg_notify('pixpay_outbox', '')`);
  return rows.map((r) => r.event_id);
}

/** Lets the workers settle once deliveries are received: acks and attempt records, so a late repeat is counted. */
async function waitSettled(pg: Client, sellerId: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const { rows } = await pg.query<{ open: string }>(`select count(*) as open from webhook_deliveries where seller_id = $1 and status <> 'DELIVERED'`, [sellerId]);
    if (Number(rows[0]!.open) === 0) return;
    await new Promise((res) => setTimeout(res, 100));
  }
}

async function round(o: { workers: number; dist: string; env: Record<string, string>; receiver: Receiver; pg: Client; database: string; sellerId: string; api: ChildProcess }): Promise<Round> {
  const workers: ChildProcess[] = [];
  try {
    for (let i = 0; i < o.workers; i++) {
      const port = await freePort();
      workers.push((await startNode(join(o.dist, 'src/main.js'), [], { ...o.env, ROLE: 'worker', PORT: String(port) }, () => true, undefined, serviceNodeArgs())).child);
      await waitHealthy(`http://127.0.0.1:${port}/health/ready`);
    }
    // Warm-up: connections, TLS sessions, JIT in every worker.
    o.receiver.child.send({ reset: true });
    await waitDelivered(o.receiver, await commitEvents(o.pg, o.sellerId, `warm${o.workers}`, WARM_EVENTS), WAIT_MS);
    await waitSettled(o.pg, o.sellerId);

    o.receiver.child.send({ reset: true });
    const cpu0 = { workers: workers.reduce((s, w) => s + cpuMs(w.pid!), 0), api: cpuMs(o.api.pid!), receiver: cpuMs(o.receiver.child.pid!) };
    const machine0 = machineCpu();
    const pg0 = databaseBackendsCpuMs(o.database);
    const ids = await commitEvents(o.pg, o.sellerId, `run${o.workers}`, EVENTS);
    await waitDelivered(o.receiver, ids, WAIT_MS);
    await waitSettled(o.pg, o.sellerId);
    const machine1 = machineCpu();
    const pg1 = databaseBackendsCpuMs(o.database);
    const cpu = {
      workers: workers.reduce((s, w) => s + cpuMs(w.pid!), 0) - cpu0.workers,
      api: cpuMs(o.api.pid!) - cpu0.api,
      receiver: cpuMs(o.receiver.child.pid!) - cpu0.receiver,
      postgres: backendsCpuBetween(pg0, pg1),
    };
    const r = await o.receiver.request<ReceiverReport>({ report: true }, 'report');
    const seen = new Map(r.report);
    const times = ids.filter((id) => seen.has(id)).map((id) => seen.get(id)!);
    const spanMs = Math.max(...times) - Math.min(...times);
    return {
      workers: o.workers,
      delivered: times.length,
      lost: ids.length - times.length,
      duplicates: r.duplicates,
      invalid: r.invalid,
      rate: times.length / (spanMs / 1000),
      spanMs,
      cpu,
      machineBusyPct: (100 * (machine1.busy - machine0.busy)) / (machine1.total - machine0.total),
    };
  } finally {
    for (const w of workers) await stop(w);
  }
}

export const webhookWorkersBenchmark: Benchmark = {
  name: 'webhook-workers',
  description: `${EVENTS} webhook deliveries with 1, then 2 worker processes (1 api process, signed HTTPS receiver)`,
  run: async () => {
    const dist = join(__dirname, '..');
    const receiver = await startReceiver();
    const db = await createDatabase('pixpay_bench_workers');
    const prefix = `pixpay-bench-workers-${randomBytes(4).toString('hex')}`;
    const env = {
      ...BENCH_BUDGETS,
      DATABASE_URL: db.url,
      AMQP_URL,
      AMQP_PREFIX: prefix,
      MODE: 'sandbox',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_DELAY_MS: '0',
      WEBHOOK_ALLOW_HOSTS: `localhost:${receiver.port}`,
      WEBHOOK_CA_FILE: receiver.caFile,
    };
    const pg = new Client({ connectionString: db.url });
    let api: ChildProcess | undefined;
    try {
      const apiKey = await seedSeller(dist, env, 'bench-workers@example.com');
      const apiPort = await freePort();
      api = (await startNode(join(dist, 'src/main.js'), [], { ...env, ROLE: 'api', PORT: String(apiPort) }, () => true, undefined, serviceNodeArgs())).child;
      await waitHealthy(`http://127.0.0.1:${apiPort}/health/ready`);
      const reg = await fetch(`http://127.0.0.1:${apiPort}/v1/webhooks`, {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ eventType: 'ALL', url: `https://localhost:${receiver.port}/hook` }),
      });
      if (reg.status !== 201) throw new Error(`webhook registration answered ${reg.status}: ${await reg.text()}`);
      receiver.child.send({ secret: ((await reg.json()) as { data: { secret: string } }).data.secret });
      await pg.connect();
      const sellerId = (await pg.query<{ id: string }>(`select id from sellers`)).rows[0]!.id;

      const one = await round({ workers: 1, dist, env, receiver, pg, database: db.name, sellerId, api });
      const two = await round({ workers: 2, dist, env, receiver, pg, database: db.name, sellerId, api });
      const gain = two.rate / one.rate;
      const rows: ResultRow[] = [];
      for (const r of [one, two]) {
        const label = `${r.workers} worker${r.workers > 1 ? 's' : ''}`;
        rows.push(
          { metric: `${label}: delivered / lost`, value: `${r.delivered}/${EVENTS} / ${r.lost}`, verdict: r.lost === 0 ? 'nothing lost' : 'LOST' },
          { metric: `${label}: repeats (same X-Webhook-Id) / invalid signatures`, value: `${r.duplicates} / ${r.invalid}`, verdict: r.invalid === 0 ? 'all signatures valid' : 'INVALID' },
          { metric: `${label}: deliveries/s, first to last received`, value: `${int(r.rate)} (${int(r.spanMs)} ms)` },
          { metric: `${label}: CPU ms per 1,000 deliveries: workers / PostgreSQL / receiver / api`, value: [r.cpu.workers, r.cpu.postgres, r.cpu.receiver, r.cpu.api].map((c) => int((1000 * c) / EVENTS)).join(' / ') },
          { metric: `${label}: machine CPU busy (all cores, all processes)`, value: `${r.machineBusyPct.toFixed(0)}%` },
        );
      }
      rows.push({ metric: '2 workers vs 1 worker', value: `x${gain.toFixed(2)}`, goal: 'grows', verdict: gain > 1 ? 'ok' : 'no gain' });
      printTable('Webhook deliveries: 1 vs 2 worker processes', rows);
    } finally {
      if (api) await stop(api);
      receiver.child.send({ exit: true });
      await pg.end().catch(() => undefined);
      const conn = new Connection(AMQP_URL);
      await deleteTopology(conn, prefix);
      await conn.close();
      await db.drop();
    }
  },
};

if (require.main === module) {
  webhookWorkersBenchmark.run().catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  });
}
