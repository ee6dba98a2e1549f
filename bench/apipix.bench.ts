import { randomBytes, randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import pg from 'pg';
import { Pool } from 'undici';
import { noFaults } from '../tools/psp-simulator/faults';
import { SIMULATOR_PIX_KEY } from '../tools/psp-simulator/pixpay-settings';
import type { Benchmark } from './support/benchmark';
import { BENCH_BUDGETS } from './support/budgets';
import { createDatabase } from './support/postgres';
import { cpuMs, cpuOfMs, freePort, peakRssMb, startNode, stop, waitHealthy } from './support/processes';
import { type SimulatorProcess, startSimulatorProcess } from './support/psp-simulator-process';
import { now, percentile, printTable } from './support/report';
import { seedSeller } from './support/seed';
import { serviceNodeArgs } from './support/service-node-args';

/** Creates per second offered, for BENCH_SECONDS (30 by default), after a warm-up of BENCH_APIPIX_WARMUP_SECONDS. */
const RATE = Number(process.env.BENCH_APIPIX_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WARMUP_SECONDS = Number(process.env.BENCH_APIPIX_WARMUP_SECONDS ?? 5);
/** How long the PSP takes to answer `PUT /cob/{txid}`. */
const PSP_LATENCY_MS = 100;
/** The PSP's requests in flight and the database's connections are read this often (neither costs the service anything). */
const SAMPLE_EVERY_MS = 250;
/**
 * The service's GET /metrics is read this often (its pool and event-loop delay): a scrape
 * costs the service CPU of its own, 4-5 % of it at 4 a second. Its pool waits are counted
 * exactly by the service (pixpay_db_pool_waits_total), read before and after the run.
 */
const SCRAPE_EVERY_MS = 2_000;
/** How long the service is watched at rest before the run (its CPU then is taken off the run's). */
const REST_MS = 4_000;
const PIX_KEY = SIMULATOR_PIX_KEY;
/** When set, the service and the PSP simulator run with `--cpu-prof` and write their profiles in this folder (read them with bench/profile-top.ts). */
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF_DIR;
/** The service runs with V8's --trace-gc-nvp (one line per collection: what was allocated since the last, the pause) unless BENCH_APIPIX_TRACE_GC=0. */
const TRACE_GC = process.env.BENCH_APIPIX_TRACE_GC !== '0';

interface Sample {
  /** Requests the PSP is handling at that moment (nearly all of them creates' `PUT /cob`). */
  pspInFlight: number;
  /** The service's connections as PostgreSQL sees them: running a statement, and inside an open transaction between statements. */
  pgActive: number;
  pgIdleInTransaction: number;
}

interface Scrape {
  /** Connections of the service's main database pool checked out. */
  poolInUse: number;
  /** The service's event-loop delay, p99 of prom-client's window (since the last scrape), in ms. */
  loopLagP99Ms: number;
}

/** The service's exact pool wait counters (pixpay_db_pool_waits_total, pixpay_db_pool_wait_seconds_total). */
interface PoolWaits {
  count: number;
  seconds: number;
}

interface OpenLoopResult {
  offered: number;
  ok: number;
  failed: Map<string, number>;
  /** From each request's scheduled start (not its actual send), so a late sender does not hide queueing. */
  latenciesMs: number[];
  /** Scheduled start of the first request to the last answer. */
  elapsedS: number;
  /** Answers per whole second of the run, 2xx only. */
  perSecond: number[];
}

/**
 * Constant arrival rate, independent of the answers (open loop): request i is due at
 * start + i / rate whatever the earlier ones are doing. A closed-loop tool (a fixed set of
 * connections, each waiting for its answer) would send less when the service slows down
 * and hide exactly the queueing this benchmark looks for.
 */
async function openLoop(origin: string, path: string, rate: number, seconds: number, request: () => { headers: Record<string, string>; body: string }): Promise<OpenLoopResult> {
  const client = new Pool(origin, { connections: 512, pipelining: 1, keepAliveTimeout: 30_000 });
  const total = Math.round(rate * seconds);
  const intervalMs = 1_000 / rate;
  const latenciesMs: number[] = [];
  const failed = new Map<string, number>();
  const perSecond = Array.from({ length: Math.ceil(seconds) + 30 }, () => 0);
  let ok = 0;
  let lastAnswer = 0;
  const start = now();
  const pending: Promise<void>[] = [];
  const fire = (i: number) => {
    const due = start + i * intervalMs;
    const { headers, body } = request();
    pending.push(
      client
        .request({ method: 'POST', path, headers, body })
        .then(async (res) => {
          const text = await res.body.text();
          const at = now();
          lastAnswer = Math.max(lastAnswer, at);
          if (res.statusCode >= 200 && res.statusCode < 300) {
            ok += 1;
            latenciesMs.push(at - due);
            perSecond[Math.floor((at - start) / 1_000)]! += 1;
          } else {
            const why = `${res.statusCode} ${errorCode(text)}`;
            failed.set(why, (failed.get(why) ?? 0) + 1);
          }
        })
        .catch((e: Error) => void failed.set(e.name, (failed.get(e.name) ?? 0) + 1)),
    );
  };
  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const dueUntil = Math.min(total, Math.floor((now() - start) / intervalMs) + 1);
      while (next < dueUntil) fire(next++);
      if (next >= total) return resolve();
      setTimeout(tick, Math.max(0, start + next * intervalMs - now()));
    };
    tick();
  });
  await Promise.all(pending);
  await client.close();
  return { offered: total, ok, failed, latenciesMs, elapsedS: (lastAnswer - start) / 1_000, perSecond: perSecond.slice(0, Math.ceil(seconds)) };
}

/** The `erro` of an error answer (the REST contract's code), or its start. */
function errorCode(text: string): string {
  try {
    return String((JSON.parse(text) as { erro?: unknown }).erro);
  } catch {
    return text.slice(0, 40);
  }
}

/** One value of a Prometheus text exposition (first line matching the name and labels). */
function metric(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `) || (labels === '' && l.startsWith(`${name} `)));
  return line ? Number(line.split(' ').pop()) : Number.NaN;
}

const scrapeService = async (serviceUrl: string, metricsToken: string): Promise<string> =>
  (await fetch(`${serviceUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();

async function poolWaits(serviceUrl: string, metricsToken: string): Promise<PoolWaits> {
  const text = await scrapeService(serviceUrl, metricsToken);
  return { count: metric(text, 'pixpay_db_pool_waits_total'), seconds: metric(text, 'pixpay_db_pool_wait_seconds_total') };
}

/** Runs `read` every `everyMs` until stopped, keeping what it returns (a failed read is a missed sample). */
function every<T>(everyMs: number, read: () => Promise<T>) {
  const samples: T[] = [];
  let running = true;
  let wake = () => {};
  const done = (async () => {
    while (running) {
      try {
        samples.push(await read());
      } catch {
        /* a missed sample */
      }
      await new Promise<void>((r) => {
        wake = r;
        setTimeout(r, everyMs);
      });
    }
  })();
  return {
    samples,
    stop: async () => {
      running = false;
      wake();
      await done;
    },
  };
}

/**
 * Samples, until stopped, the PSP's requests in flight and the service's connections at
 * PostgreSQL every SAMPLE_EVERY_MS, and the service's GET /metrics (its pool, its
 * event-loop delay) every SCRAPE_EVERY_MS.
 */
function sampler(serviceUrl: string, metricsToken: string, db: pg.Pool, sim: Pick<SimulatorProcess, 'state'>) {
  const outside = every<Sample>(SAMPLE_EVERY_MS, async () => {
    const [states, psp] = await Promise.all([
      db.query<{ state: string; n: number }>('select state, count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() group by state'),
      sim.state().then((s) => s.inFlight),
    ]);
    const state = (name: string) => states.rows.find((r) => r.state === name)?.n ?? 0;
    return { pspInFlight: psp, pgActive: state('active'), pgIdleInTransaction: state('idle in transaction') };
  });
  const service = every<Scrape>(SCRAPE_EVERY_MS, async () => {
    const text = await scrapeService(serviceUrl, metricsToken);
    return { poolInUse: metric(text, 'pixpay_db_pool_connections', '{state="in_use"}'), loopLagP99Ms: metric(text, 'nodejs_eventloop_lag_p99_seconds') * 1_000 };
  });
  return {
    samples: outside.samples,
    scrapes: service.samples,
    stop: () => Promise.all([outside.stop(), service.stop()]),
  };
}

/** What V8's --trace-gc-nvp lines of the service say, summed from when `reset` was called. */
interface GcTotals {
  collections: number;
  /** Of which full (mark-compact) collections. */
  full: number;
  allocatedBytes: number;
  pauseMs: number;
  longestPauseMs: number;
}

/** Reads the service's stdout for --trace-gc-nvp lines (`pause=`, `gc=`, `allocated=`). */
function gcTrace(stdout: NodeJS.ReadableStream) {
  const zero = (): GcTotals => ({ collections: 0, full: 0, allocatedBytes: 0, pauseMs: 0, longestPauseMs: 0 });
  let totals = zero();
  let partial = '';
  stdout.on('data', (d: Buffer) => {
    const lines = (partial + d.toString()).split('\n');
    partial = lines.pop()!;
    for (const line of lines) {
      const pause = /\bpause=([\d.]+)/.exec(line);
      const kind = /\bgc=(\w+)/.exec(line);
      const allocated = /\ballocated=(\d+)/.exec(line);
      if (!pause || !kind || !allocated) continue;
      const ms = Number(pause[1]);
      totals.collections += 1;
      if (kind[1] === 'mc') totals.full += 1;
      totals.allocatedBytes += Number(allocated[1]);
      totals.pauseMs += ms;
      totals.longestPauseMs = Math.max(totals.longestPauseMs, ms);
    }
  });
  return {
    reset: () => void (totals = zero()),
    read: (): GcTotals => ({ ...totals }),
  };
}

/** CPU used so far, in ms: the service, the PostgreSQL backends of the bench database, the PSP simulator, and this process (the load). */
interface CpuReading {
  at: number;
  service: number;
  database: number;
  psp: number;
  own: number;
}

type CpuPart = Exclude<keyof CpuReading, 'at'>;

async function readCpu(servicePid: number, pspPid: number, db: pg.Pool): Promise<CpuReading> {
  // Only the backends of this database: the server may be serving others meanwhile.
  const backends = await db.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
  const own = process.cpuUsage();
  return { at: now(), service: cpuMs(servicePid), database: cpuOfMs(backends.rows.map((r) => r.pid)), psp: cpuMs(pspPid), own: (own.user + own.system) / 1_000 };
}

/** CPU of each part between two readings, less what it uses at rest over as long (timers, the sampler's GET /metrics). */
function cpuNetOfRest(from: CpuReading, to: CpuReading, restFrom: CpuReading, restTo: CpuReading) {
  const restMs = restTo.at - restFrom.at;
  const ms = to.at - from.at;
  const part = (k: CpuPart) => ({ gross: to[k] - from[k], net: to[k] - from[k] - ((restTo[k] - restFrom[k]) * ms) / restMs });
  return { service: part('service'), database: part('database'), psp: part('psp'), own: part('own') };
}

const max = (xs: number[]) => xs.reduce((m, x) => Math.max(m, x), 0);
const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : Number.NaN);

/**
 * PIX charge creates through a PSP speaking API Pix: the PSP simulator over HTTPS with
 * mTLS answering `PUT /cob` after 100 ms, in a process of its own, the built service
 * (ROLE=api, default pool) on the local PostgreSQL, and an open-loop load of RATE creates
 * per second from this process. The pool is sampled meanwhile: no connection may be held
 * (nor waited for) while the PSP answers.
 */
async function createsThroughPsp(): Promise<void> {
  const dist = join(__dirname, '..');
  const profiling = CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF_DIR}`] : [];
  const sim = await startSimulatorProcess(dist, profiling);
  // The sandbox would act through the control API (auto-pay): the service is given the connection settings only.
  const { APIPIX_SIMULATOR_CONTROL_URL: _control, ...pspSettings } = sim.settings;
  const db = await createDatabase('pixpay_bench_apipix');
  const dbPool = new pg.Pool({ connectionString: db.url, max: 1 });
  let app: Awaited<ReturnType<typeof startNode<boolean>>> | undefined;
  try {
    const port = await freePort();
    const metricsToken = randomBytes(16).toString('hex');
    const env = {
      DATABASE_URL: db.url,
      PORT: String(port),
      ROLE: 'api',
      LOG_LEVEL: 'warn',
      MODE: 'sandbox',
      METRICS_TOKEN: metricsToken,
      INSTITUTION: 'apipix',
      ...pspSettings,
      APIPIX_PIX_KEY: PIX_KEY,
      ...BENCH_BUDGETS,
    };
    const key = await seedSeller(dist, env, 'bench-apipix@example.com');
    // As `npm start` runs it (its node options), profiled on request.
    app = await startNode(join(dist, 'src/main.js'), [], env, () => true, undefined, [...serviceNodeArgs(), ...profiling, ...(TRACE_GC ? ['--trace-gc-nvp'] : [])]);
    app.child.stderr!.pipe(process.stderr);
    const gc = gcTrace(app.child.stdout!);
    const base = `http://127.0.0.1:${port}`;
    await waitHealthy(`${base}/health`);
    await sim.faults({ ...noFaults(), latencyMs: PSP_LATENCY_MS, pathPattern: '^/cob/' });

    const body = JSON.stringify({ amount: 1050, description: 'Pedido de teste', customer: { name: 'Maria Souza', email: 'maria@example.com' } });
    const request = () => ({ headers: { 'content-type': 'application/json', 'x-api-key': key, 'idempotency-key': randomUUID() }, body });
    const path = '/api/v1/cobranca/transactions';
    await openLoop(base, path, RATE, WARMUP_SECONDS, request);

    // At rest first: GET /metrics runs a few queries of its own, checked out while the pool is
    // read. The CPU each part uses meanwhile is taken off the run's: on a busy machine the run
    // lasts longer than its offered seconds, and what runs anyway must not count as creates.
    const pid = app.child.pid!;
    const pspPid = sim.child.pid!;
    const restFrom = await readCpu(pid, pspPid, dbPool);
    const atRest = sampler(base, metricsToken, dbPool, sim);
    await new Promise((r) => setTimeout(r, REST_MS));
    await atRest.stop();
    const restTo = await readCpu(pid, pspPid, dbPool);

    const cobsBefore = (await sim.state()).cobs;
    const waitsBefore = await poolWaits(base, metricsToken);
    const cpuFrom = await readCpu(pid, pspPid, dbPool);
    gc.reset();
    const sampling = sampler(base, metricsToken, dbPool, sim);
    // This process sends the load and is the PSP: a late event loop here would send late and answer late.
    const ownLoop = monitorEventLoopDelay({ resolution: 10 });
    ownLoop.enable();
    const r = await openLoop(base, path, RATE, SECONDS, request);
    ownLoop.disable();
    await sampling.stop();
    const gcRun = gc.read();
    const cpu = cpuNetOfRest(cpuFrom, await readCpu(pid, pspPid, dbPool), restFrom, restTo);
    const waitsAfter = await poolWaits(base, metricsToken);
    const waits = { count: waitsAfter.count - waitsBefore.count, ms: (waitsAfter.seconds - waitsBefore.seconds) * 1_000 };
    const cobsMade = (await sim.state()).cobs - cobsBefore;
    const rss = peakRssMb(pid);

    const sorted = [...r.latenciesMs].sort((a, b) => a - b);
    const sustained = r.ok / r.elapsedS;
    const p = (q: number) => percentile(sorted, q);
    const busy = sampling.samples.filter((s) => s.pspInFlight >= 10);
    const of = (f: (s: Sample) => number) => sampling.samples.map(f);
    const ofScrapes = (f: (s: Scrape) => number) => sampling.scrapes.map(f);
    const perCreate = (msTotal: number) => (msTotal / Math.max(1, r.ok)).toFixed(2);
    const parts = [cpu.service, cpu.database, cpu.psp, cpu.own];
    const errors = [...r.failed].map(([k, n]) => `${k}: ${n}`).join(', ') || 'none';
    printTable(
      `API Pix creates: ${RATE}/s offered for ${SECONDS} s (open loop), PSP answers PUT /cob after ${PSP_LATENCY_MS} ms over HTTPS/mTLS, default pool (DATABASE_POOL_SIZE 20), service run as npm start runs it (node ${[...serviceNodeArgs(), 'dist/src/main.js'].join(' ')}); a shared machine: figures vary from run to run`,
      [
        { metric: 'creates offered / answered 201', value: `${r.offered} / ${r.ok}` },
        { metric: 'creates per second sustained', value: sustained.toFixed(1), goal: `>= ${RATE * 0.98}`, verdict: sustained >= RATE * 0.98 ? 'ok' : 'MISS' },
        { metric: 'slowest / fastest whole second (201s)', value: `${Math.min(...r.perSecond.slice(1, -1))} / ${Math.max(...r.perSecond)}` },
        { metric: 'latency p50 / p95 / p99 ms (from scheduled start)', value: `${p(50).toFixed(1)} / ${p(95).toFixed(1)} / ${p(99).toFixed(1)}`, goal: 'p99 <= 160', verdict: p(99) <= 160 ? 'ok' : 'MISS' },
        { metric: 'latency max ms', value: (sorted[sorted.length - 1] ?? Number.NaN).toFixed(1) },
        { metric: 'errors (status and code: count)', value: errors, goal: 'none', verdict: r.failed.size === 0 ? 'ok' : 'MISS' },
        { metric: 'cobs made at the PSP during the run', value: String(cobsMade) },
        { metric: `samples (every ${SAMPLE_EVERY_MS} ms) / with >= 10 PSP calls in flight; service scrapes (every ${SCRAPE_EVERY_MS} ms)`, value: `${sampling.samples.length} / ${busy.length}; ${sampling.scrapes.length}` },
        { metric: 'PSP requests in flight: mean / max', value: `${mean(of((s) => s.pspInFlight)).toFixed(1)} / ${max(of((s) => s.pspInFlight))}` },
        { metric: 'pool connections checked out: mean / max (scrapes)', value: `${mean(ofScrapes((s) => s.poolInUse)).toFixed(1)} / ${max(ofScrapes((s) => s.poolInUse))}` },
        { metric: 'pool connections checked out at rest (the /metrics queries): mean', value: mean(atRest.scrapes.map((x) => x.poolInUse)).toFixed(1) },
        { metric: 'service connections at PostgreSQL: running a statement / idle in a transaction (mean)', value: `${mean(of((s) => s.pgActive)).toFixed(1)} / ${mean(of((s) => s.pgIdleInTransaction)).toFixed(1)}` },
        { metric: 'connection time per create (Little: mean busy at PostgreSQL / rate) ms', value: ((1_000 * mean(of((s) => s.pgActive + s.pgIdleInTransaction))) / sustained).toFixed(1) },
        { metric: 'acquires that waited for a pool connection (counted by the service) / time waited ms', value: `${waits.count} / ${waits.ms.toFixed(1)}`, goal: '0', verdict: waits.count === 0 ? 'ok' : 'MISS' },
        { metric: 'service event-loop delay p99 (max over scrapes) ms', value: max(ofScrapes((s) => s.loopLagP99Ms)).toFixed(1) },
        { metric: 'this process (the load) event-loop delay p99 / max ms', value: `${(ownLoop.percentile(99) / 1e6).toFixed(1)} / ${(ownLoop.max / 1e6).toFixed(1)}` },
        { metric: 'CPU ms per create: service / PostgreSQL (this database) / PSP simulator / this process (the load)', value: parts.map((c) => perCreate(c.gross)).join(' / ') },
        { metric: '  the same, less what each uses at rest over as long', value: parts.map((c) => perCreate(c.net)).join(' / ') },
        { metric: 'CPU cores used during the run: service / PostgreSQL / PSP simulator / this process', value: parts.map((c) => (c.gross / 1_000 / r.elapsedS).toFixed(2)).join(' / ') },
        ...(TRACE_GC
          ? [
              { metric: 'service heap allocated per create KB (V8 --trace-gc-nvp)', value: (gcRun.allocatedBytes / 1_024 / Math.max(1, r.ok)).toFixed(1) },
              { metric: 'service collections during the run: all / full; pause total ms per second / longest ms', value: `${gcRun.collections} / ${gcRun.full}; ${(gcRun.pauseMs / r.elapsedS).toFixed(1)} / ${gcRun.longestPauseMs.toFixed(1)}` },
            ]
          : []),
        { metric: 'service peak RSS MB', value: rss.toFixed(0) },
      ],
    );
  } finally {
    if (app) await stop(app.child);
    await dbPool.end();
    await sim.close();
    await db.drop();
  }
}

export const apiPixBenchmark: Benchmark = {
  name: 'apipix',
  description: 'PIX creates through a PSP speaking API Pix (simulator over HTTPS/mTLS, 100 ms per cob): 500/s open loop for 30 s, latency, and the database pool while the PSP answers',
  run: createsThroughPsp,
};
