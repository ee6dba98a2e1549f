import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { Connection } from 'rabbitmq-client';
import { deleteTopology } from '../src/infra/amqp/topology';
import type { Benchmark } from './support/benchmark';
import { BENCH_BUDGETS } from './support/budgets';
import type { FlowReceiverReport } from './support/flow-receiver';
import { createDatabase } from './support/postgres';
import { backendsCpuBetween, cpuMs, databaseBackendsCpuMs, freePort, rssMb, startNode, stop, waitHealthy } from './support/processes';
import { int, latencies, ms, printTable } from './support/report';
import { seedSeller } from './support/seed';
import { serviceNodeArgs } from './support/service-node-args';

/**
 * The whole flow, as a seller sees it: the compiled service on a fresh database and the
 * shared RabbitMQ, run as deployed (BENCH_FLOW_TOPOLOGY=split, the default: one ROLE=api
 * process and one ROLE=worker process, as compose.yaml and the deployment guide run it) or
 * as one process (BENCH_FLOW_TOPOLOGY=all: ROLE=all, the API, relay, jobs and deliveries on
 * one event loop), a webhook registration (TRANSACTION) to a
 * local HTTPS receiver; charges are created and paid through the sandbox at a fixed
 * rate (each paid right after its create answered). Measured: from the moment the pay
 * call returned to the moment the signed TRANSACTION_PAID delivery for that charge
 * reached the receiver (verified there with the project's own verifier); how many were
 * expected, received, received twice (same X-Webhook-Id) and lost after a bounded
 * drain; the service's RSS and the queue depth (outbox rows not yet published plus
 * deliveries PENDING) sampled every second; the service's CPU time (each process, user +
 * system) per paid charge over the measured run and its drain, and that of the PostgreSQL
 * backends serving its database.
 *
 *   npm run bench -- flow
 *   BENCH_FLOW_RATE=300 BENCH_FLOW_SECONDS=60 BENCH_FLOW_DRAIN_SECONDS=60 BENCH_FLOW_TOPOLOGY=split|all
 *   BENCH_FLOW_NODE_ARGS='--cpu-prof --cpu-prof-dir=<folder>' (each service process's profile, named by
 *   its pid, which the report prints; read it with profile-top)
 */
const RATE = Number(process.env.BENCH_FLOW_RATE ?? 300);
const SECONDS = Number(process.env.BENCH_FLOW_SECONDS ?? 60);
const DRAIN_SECONDS = Number(process.env.BENCH_FLOW_DRAIN_SECONDS ?? 60);
const AMQP_URL = process.env.BENCH_AMQP_URL ?? process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const GOAL_P99_MS = 250;
const TOPOLOGY = process.env.BENCH_FLOW_TOPOLOGY ?? 'split';
if (TOPOLOGY !== 'split' && TOPOLOGY !== 'all') throw new Error(`BENCH_FLOW_TOPOLOGY: split or all, not ${TOPOLOGY}`);
/** The service's processes: ROLE=api then ROLE=worker, or one ROLE=all. */
const ROLES = TOPOLOGY === 'split' ? ['api', 'worker'] : ['all'];
const TOPOLOGY_NAME = TOPOLOGY === 'split' ? 'ROLE=api + ROLE=worker' : 'ROLE=all, one process';

/** Wall-clock milliseconds with sub-millisecond resolution, comparable across processes. */
const wall = () => performance.timeOrigin + performance.now();
const sleep = (msecs: number) => new Promise((r) => setTimeout(r, msecs));

interface Receiver {
  child: ChildProcess;
  port: number;
  caFile: string;
  ask<T>(msg: Record<string, unknown>, answerKey: string): Promise<T>;
}

async function startReceiver(dist: string): Promise<Receiver> {
  const dir = mkdtempSync(join(tmpdir(), 'pixpay-bench-flow-'));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'], { stdio: 'ignore' });
  const child = fork(join(dist, 'bench/support/flow-receiver.js'), [], { env: { ...process.env, KEY: key, CERT: cert }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`webhook receiver exited with ${code}`)));
  });
  return {
    child,
    port,
    caFile: cert,
    ask: <T>(msg: Record<string, unknown>, answerKey: string) =>
      new Promise<T>((resolve) => {
        const on = (m: Record<string, unknown>) => {
          if (answerKey in m) {
            child.off('message', on);
            resolve(m[answerKey] as T);
          }
        };
        child.on('message', on);
        child.send(msg);
      }),
  };
}

export interface Api {
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
  close(): void;
}

/** A keep-alive HTTP client to the service (node:http: less overhead per call than fetch). */
export function apiClient(port: number, apiKey: string): Api {
  const agent = new Agent({ keepAlive: true, maxSockets: 128 });
  return {
    post: (path, body, headers = {}) =>
      new Promise((resolve, reject) => {
        const payload = Buffer.from(JSON.stringify(body ?? {}));
        const req = request(
          { host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': String(payload.length), 'x-api-key': apiKey, ...headers } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              let parsed: unknown = text;
              try {
                parsed = JSON.parse(text);
              } catch {
                // kept as text for the error message
              }
              resolve({ status: res.statusCode ?? 0, body: parsed });
            });
          },
        );
        req.on('error', reject);
        req.end(payload);
      }),
    close: () => agent.destroy(),
  };
}

interface Sample {
  /** each service process's, in the order of ROLES */
  rssMb: number[];
  queue: number;
}

/** Every second: the RSS of each service process and the queue depth, until stopped. */
function startSampler(pids: number[], pool: pg.Pool): { stop(): Promise<Sample[]> } {
  const samples: Sample[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const next = wall() + 1_000;
      try {
        samples.push({ rssMb: pids.map(rssMb), queue: await queueDepth(pool) });
      } catch {
        // A sample the shared database server refused (too many clients): the next one counts.
      }
      await sleep(Math.max(0, next - wall()));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return samples;
    },
  };
}

interface FlowOutcome {
  /** charge id -> wall-clock ms when its pay call returned */
  paidAt: Map<string, number>;
  /** charge id -> wall-clock ms when its pay call was sent */
  paySentAt: Map<string, number>;
  /** round trips of the create calls that answered 201, ms */
  createMs: number[];
  failures: Map<string, number>;
  offeredSeconds: number;
  /** from the first start to the last call answered */
  finishedSeconds: number;
  maxStartLagMs: number;
}

/** Open loop: charge i starts at start + i/RATE whatever the earlier ones are doing. */
async function runFlow(api: Api, rate: number, seconds: number): Promise<FlowOutcome> {
  const paidAt = new Map<string, number>();
  const paySentAt = new Map<string, number>();
  const createMs: number[] = [];
  const failures = new Map<string, number>();
  const fail = (what: string) => failures.set(what, (failures.get(what) ?? 0) + 1);
  const total = Math.round(rate * seconds);
  const body = { amount: 1050, description: 'Pedido de teste', customer: { name: 'Maria Souza', email: 'maria@example.com' } };
  const one = async () => {
    try {
      const createSent = wall();
      const created = await api.post('/api/v1/cobranca/transactions', body, { 'idempotency-key': randomUUID() });
      if (created.status !== 201) return fail(`create ${created.status}`);
      createMs.push(wall() - createSent);
      const id = String(created.body.data.id);
      const sent = wall();
      const paid = await api.post(`/v1/sandbox/transactions/${id}/pay`, {});
      const at = wall();
      if (paid.status !== 200) return fail(`pay ${paid.status}`);
      paidAt.set(id, at);
      paySentAt.set(id, sent);
    } catch (e) {
      fail(`error ${(e as Error).message}`);
    }
  };
  const start = wall();
  let maxStartLagMs = 0;
  const pending: Promise<unknown>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1_000) / rate;
    const wait = due - wall();
    if (wait > 1) await sleep(wait);
    maxStartLagMs = Math.max(maxStartLagMs, wall() - due);
    pending.push(one());
  }
  const offeredSeconds = (wall() - start) / 1_000;
  await Promise.all(pending);
  return { paidAt, paySentAt, createMs, failures, offeredSeconds, finishedSeconds: (wall() - start) / 1_000, maxStartLagMs };
}

/** Polls the receiver until every paid charge has its delivery, or the bound passes. */
async function drain(receiver: Receiver, expected: number, boundMs: number): Promise<number> {
  const started = wall();
  while (wall() - started < boundMs) {
    if ((await receiver.ask<number>({ progress: true }, 'progress')) >= expected) break;
    await sleep(100);
  }
  return wall() - started;
}

async function queueDepth(pool: pg.Pool): Promise<number> {
  const r = await pool.query<{ depth: string }>(
    `select (select count(*) from outbox where published_at is null) + (select count(*) from webhook_deliveries where status = 'PENDING') as depth`,
  );
  return Number(r.rows[0]!.depth);
}

/** Polls the queue depth until it is 0 (ms it took) or the bound passes (null). */
async function queueSettled(pool: pg.Pool, boundMs: number): Promise<number | null> {
  const started = wall();
  while (wall() - started < boundMs) {
    if ((await queueDepth(pool)) === 0) return wall() - started;
    await sleep(100);
  }
  return null;
}

const firstMaxLast = (xs: number[], unit: string) => (xs.length ? `${int(xs[0]!)} / ${int(Math.max(...xs))} / ${int(xs[xs.length - 1]!)} ${unit}` : 'no samples');

export const flowBenchmark: Benchmark = {
  name: 'flow',
  description: `charges created and paid through the sandbox at ${RATE}/s for ${SECONDS} s -> signed TRANSACTION_PAID received over HTTPS`,
  run: async () => {
    const dist = join(__dirname, '..');
    const receiver = await startReceiver(dist);
    const db = await createDatabase('pixpay_bench_flow');
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    const prefix = `pixpay-bench-flow-${randomBytes(4).toString('hex')}`;
    const services: ChildProcess[] = [];
    let api: Api | undefined;
    try {
      const ports = await Promise.all(ROLES.map(() => freePort()));
      const port = ports[0]!;
      const env = {
        DATABASE_URL: db.url,
        MODE: 'sandbox',
        LOG_LEVEL: 'warn',
        AMQP_URL,
        AMQP_PREFIX: prefix,
        WEBHOOK_ALLOW_HOSTS: `localhost:${receiver.port}`,
        WEBHOOK_CA_FILE: receiver.caFile,
        ...BENCH_BUDGETS,
      };
      const apiKey = await seedSeller(dist, env, 'flow@example.com');
      // BENCH_FLOW_NODE_ARGS: node options for the service only (`--cpu-prof --cpu-prof-dir=...` to profile it).
      const nodeArgs = [...serviceNodeArgs(), ...(process.env.BENCH_FLOW_NODE_ARGS ?? '').split(' ').filter(Boolean)];
      for (const [i, role] of ROLES.entries()) {
        const started = await startNode(join(dist, 'src/main.js'), [], { ...env, ROLE: role, PORT: String(ports[i]) }, () => true, undefined, nodeArgs);
        services.push(started.child);
        started.child.stderr!.pipe(process.stderr);
      }
      for (const p of ports) await waitHealthy(`http://127.0.0.1:${p}/health`);
      const pids = services.map((c) => c.pid!);
      api = apiClient(port, apiKey);
      const hook = await api.post('/v1/webhooks', { eventType: 'TRANSACTION', url: `https://localhost:${receiver.port}/hook` });
      if (hook.status !== 201) throw new Error(`webhook registration answered ${hook.status}: ${JSON.stringify(hook.body)}`);
      receiver.child.send({ secret: String(hook.body.data.secret) });

      // Warm-up (connections, TLS session, JIT), drained before the measured run.
      const warm = await runFlow(api, Math.min(RATE, 50), 2);
      await drain(receiver, warm.paidAt.size, 30_000);
      const warmReport = await receiver.ask<FlowReceiverReport>({ report: true }, 'report');
      const warmIds = new Set(warmReport.paid.map(([id]) => id));

      const sampler = startSampler(pids, pool);
      const cpu0 = { service: pids.map(cpuMs), postgres: databaseBackendsCpuMs(db.name) };
      const flow = await runFlow(api, RATE, SECONDS);
      const drainMs = await drain(receiver, warmIds.size + flow.paidAt.size, DRAIN_SECONDS * 1_000);
      const cpu = { service: pids.map((pid, i) => cpuMs(pid) - cpu0.service[i]!), postgres: backendsCpuBetween(cpu0.postgres, databaseBackendsCpuMs(db.name)) };
      const samples = await sampler.stop();
      const settledMs = await queueSettled(pool, 30_000);
      const report = await receiver.ask<FlowReceiverReport>({ report: true }, 'report');

      const received = new Map(report.paid.filter(([id]) => flow.paidAt.has(id)));
      const lost = [...flow.paidAt.keys()].filter((id) => !received.has(id)).length;
      const lat = latencies([...received].map(([id, [, at]]) => at - flow.paidAt.get(id)!));
      const fromSent = latencies([...received].map(([id, [, at]]) => at - flow.paySentAt.get(id)!));
      const payCall = latencies([...flow.paidAt].map(([id, at]) => at - flow.paySentAt.get(id)!));
      const beforeReturn = [...received].filter(([id, [, at]]) => at < flow.paidAt.get(id)!).length;
      const invalid = Object.entries(report.invalid).map(([reason, n]) => `${n} ${reason}`).join(', ');
      const failures = [...flow.failures].map(([what, n]) => `${n} ${what}`).join(', ');
      const expected = flow.paidAt.size;
      const attempted = Math.round(RATE * SECONDS);

      const perCharge = (cpuMsUsed: number) => ms(cpuMsUsed / Math.max(1, expected));
      const serviceCpu = cpu.service.reduce((a, b) => a + b, 0);
      printTable(`Whole flow: create + sandbox pay at ${RATE}/s for ${SECONDS} s -> signed TRANSACTION_PAID received (${TOPOLOGY_NAME}, RabbitMQ)`, [
        { metric: 'charges attempted / paid (pay call 200)', value: `${int(attempted)} / ${int(expected)}`, verdict: failures || 'no failures' },
        { metric: 'offered rate (charges started per second)', value: `${(attempted / flow.offeredSeconds).toFixed(1)}/s`, goal: `${RATE}/s`, verdict: `start lag max ${ms(flow.maxStartLagMs)}` },
        {
          metric: `sustained: paid charges/s (all ${int(attempted)} answered after ${flow.finishedSeconds.toFixed(1)} s)`,
          value: `${(expected / flow.finishedSeconds).toFixed(1)}/s`,
          goal: `${RATE}/s`,
          // Open loop: a service slower than the offered rate builds a backlog of calls, seen in the round trips below.
          verdict: flow.finishedSeconds <= SECONDS * 1.1 ? 'kept up' : 'FELL BEHIND (calls queued)',
        },
        { metric: 'TRANSACTION_PAID expected / received', value: `${int(expected)} / ${int(received.size)}`, verdict: invalid ? `INVALID: ${invalid}` : 'all signatures valid' },
        { metric: 'duplicated (same event id) / 2nd PAID event for a charge', value: `${report.duplicates} / ${report.extraPaidEvents}` },
        { metric: `lost after the drain (bound ${DRAIN_SECONDS} s, took ${(drainMs / 1_000).toFixed(1)} s)`, value: int(lost), goal: '0', verdict: lost === 0 ? 'ok' : 'MISS' },
        { metric: 'pay returned -> delivery received p50', value: ms(lat.p50) },
        { metric: 'pay returned -> delivery received p99', value: ms(lat.p99), goal: `< ${GOAL_P99_MS} ms`, verdict: lat.p99 < GOAL_P99_MS ? 'ok' : 'MISS' },
        { metric: 'pay returned -> delivery received max', value: ms(lat.max) },
        { metric: 'deliveries received before their pay call returned', value: int(beforeReturn), verdict: 'counted as negative latencies above' },
        { metric: 'create call round trip p50 / p99 (incl. waiting for a connection)', value: `${ms(latencies(flow.createMs).p50)} / ${ms(latencies(flow.createMs).p99)}` },
        { metric: 'pay call round trip p50 / p99', value: `${ms(payCall.p50)} / ${ms(payCall.p99)}` },
        { metric: 'pay call sent -> delivery received p50 / p99', value: `${ms(fromSent.p50)} / ${ms(fromSent.p99)}` },
        {
          metric: `service CPU per paid charge (${ROLES.map((r, i) => `${r} pid ${pids[i]}`).join(', ')}; run and drain)`,
          value: perCharge(serviceCpu),
          verdict: ROLES.length > 1 ? ROLES.map((r, i) => `${r} ${perCharge(cpu.service[i]!)}`).join(', ') : undefined,
        },
        { metric: "PostgreSQL CPU per paid charge (the backends of the bench's database)", value: perCharge(cpu.postgres) },
        ...ROLES.map((role, i) => ({ metric: `${role} process RSS first / max / last (${samples.length} samples, 1/s)`, value: firstMaxLast(samples.map((s) => s.rssMb[i]!), 'MB') })),
        { metric: 'queue depth first / max / last (outbox unpublished + PENDING)', value: firstMaxLast(samples.map((s) => s.queue), 'rows') },
        { metric: 'queue depth back to 0 after the drain', value: settledMs === null ? 'not within 30 s' : `after ${ms(settledMs)}`, verdict: settledMs === null ? 'MISS' : 'ok' },
        { metric: 'other valid deliveries (CREATED, WAITING_PAYMENT, ...)', value: int(report.otherEvents) },
      ]);
    } finally {
      api?.close();
      for (const child of services.reverse()) await stop(child);
      receiver.child.send({ exit: true });
      await pool.end();
      const conn = new Connection(AMQP_URL);
      await deleteTopology(conn, prefix);
      await conn.close();
      await db.drop();
    }
  },
};
