import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Connection } from 'rabbitmq-client';
import { DELAY_TIERS_MS, deleteTopology, topologyNames } from '../src/infra/amqp/topology';
import { apiClient, type Api } from './flow.bench';
import type { Benchmark } from './support/benchmark';
import { BENCH_BUDGETS } from './support/budgets';
import { createDatabase } from './support/postgres';
import { freePort, rssMb, startNode, stop, waitHealthy } from './support/processes';
import { int, printTable } from './support/report';
import { seedSeller } from './support/seed';
import type { SoakReceiverReport } from './support/soak-receiver';
import { serviceNodeArgs } from './support/service-node-args';

/**
 * Hours of traffic in minutes, to see that the tables stop growing: an api process and a
 * worker process (ROLE=api, ROLE=worker) on a fresh database and the shared RabbitMQ;
 * charges created and paid through the sandbox at a fixed rate, their events delivered
 * to an HTTPS receiver that answers 503 for the last fifth of every period. Retention
 * windows are shortened for the run (a sixth of it) and the purge runs often. Reported:
 * each table's rows and size, each process's RSS and the queue depths at the start, at
 * 60 % and at the end; checked: the tables the purge keeps grow no more than 20 % from
 * 60 % of the run to its end, per charge created within the window and a purge interval
 * (the window and purge interval fit in the first half), the finished deliveries the
 * purge is late on stay under a purge interval of traffic, and the size on disk of those
 * tables and of the jobs grows no more than 20 % (and 1 MB) beyond the growth of their rows
 * (to the most rows counted since 60 %: files do not shrink when rows fall).
 *
 *   npm run bench -- soak
 *   BENCH_SOAK_SECONDS=1200 BENCH_SOAK_RATE=100
 */
const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 1_200);
const RATE = Number(process.env.BENCH_SOAK_RATE ?? 100);
const AMQP_URL = process.env.BENCH_AMQP_URL ?? process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const WINDOW_S = Math.max(20, Math.round(SECONDS / 6));
const PURGE_EVERY_S = Math.max(5, Math.round(WINDOW_S / 4));
/**
 * The receiver fails for the last fifth of each period. The period is out of step with the
 * 5 minutes between a delivery's first cycle and its second, so the second cycle of a delivery
 * that failed in one outage lands between outages, as with a receiver whose outages keep no
 * schedule. (A period of exactly 5 minutes put every second cycle in the next outage, and
 * the 30-minute third one too: every delivery that failed once stayed PENDING until it expired.)
 */
const FAIL_PERIOD_S = Number(process.env.BENCH_SOAK_FAIL_PERIOD_SECONDS ?? (SECONDS >= 900 ? 450 : 120));
const SAMPLE_EVERY_S = Math.max(5, Math.round(SECONDS / 40));
const MAX_IN_FLIGHT = 64;
/** Allowed growth of a purged table from 60 % of the run to its end. */
const LEVEL_TOLERANCE = 1.2;
/**
 * Allowed on top for sizes: a table's indexes and free-space map grow by 8 KB pages, so a
 * ratio alone would judge single pages of a table of a few MB (the jobs). A table whose
 * space is not reused grows by tens of MB within the run.
 */
const SIZE_SLACK_BYTES = 1_048_576;

const sleep = (msecs: number) => new Promise((r) => setTimeout(r, msecs));

interface Receiver {
  child: ChildProcess;
  port: number;
  caFile: string;
  report(): Promise<SoakReceiverReport>;
}

async function startReceiver(dist: string): Promise<Receiver> {
  const dir = mkdtempSync(join(tmpdir(), 'pixpay-bench-soak-'));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'], { stdio: 'ignore' });
  const child = fork(join(dist, 'bench/support/soak-receiver.js'), [], { env: { ...process.env, KEY: key, CERT: cert }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`webhook receiver exited with ${code}`)));
  });
  const report = () =>
    new Promise<SoakReceiverReport>((resolve) => {
      const on = (m: { report?: SoakReceiverReport }) => {
        if (m.report) {
          child.off('message', on);
          resolve(m.report);
        }
      };
      child.on('message', on);
      child.send({ report: true });
    });
  return { child, port, caFile: cert, report };
}

interface Snapshot {
  atS: number;
  charges: number;
  tables: Map<string, { rows: number; bytes: number }>;
  rss: Record<string, number>;
  queues: Record<string, number>;
  /** Attempts of deliveries still PENDING: kept with their delivery, whatever their age. */
  pendingAttempts: number;
  /** Exact row counts of the tables the check reads (pg_stat_user_tables' are estimates, refreshed by ANALYZE's samples). */
  counted: Record<'webhook_deliveries' | 'webhook_attempts' | 'outbox' | 'transactions', number>;
  /** Charges created within the last window plus one purge interval: what the purged tables may hold at that moment. */
  recentCharges: number;
  /** Finished deliveries older than the window plus one purge interval: what the purge is late on. */
  overdueDeliveries: number;
  /** Jobs by kind: all of them, and those already due (the backlog the worker has not reached). */
  jobKinds: Record<string, { all: number; due: number }>;
}

async function snapshot(pool: pg.Pool, amqp: Connection, prefix: string, pids: Record<string, number>, atS: number, charges: number): Promise<Snapshot> {
  const stats = await pool.query<{ relname: string; rows: string; bytes: string }>(
    `select relname, n_live_tup as rows, pg_total_relation_size(relid) as bytes from pg_stat_user_tables where schemaname = 'public' and relname <> 'mikro_orm_migrations'`,
  );
  const depth = await pool.query<{ unpublished: string; pending: string; pending_attempts: string; jobs: string; deliveries: string; attempts: string; outbox: string; transactions: string; recent: string; overdue: string }>(
    `select (select count(*) from outbox where published_at is null) as unpublished,
            (select count(*) from transactions where created_at > now() - make_interval(secs => $1)) as recent,
            (select count(*) from webhook_deliveries where status <> 'PENDING' and created_at < now() - make_interval(secs => $1)) as overdue,
            (select count(*) from webhook_deliveries) as deliveries,
            (select count(*) from webhook_attempts) as attempts,
            (select count(*) from outbox) as outbox,
            (select count(*) from transactions) as transactions,
            (select count(*) from webhook_deliveries where status = 'PENDING') as pending,
            (select count(*) from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.status = 'PENDING') as pending_attempts,
            (select count(*) from jobs) as jobs`,
    [WINDOW_S + PURGE_EVERY_S],
  );
  const jobKinds = await pool.query<{ kind: string; n: string; due: string }>(`select kind, count(*) as n, count(*) filter (where run_at <= now()) as due from jobs group by kind order by kind`);
  const t = topologyNames(prefix);
  let broker = 0;
  for (const queue of [t.workQueue, t.parkingQueue, ...DELAY_TIERS_MS.map((ms) => t.delayQueue(ms))]) {
    broker += (await amqp.queueDeclare({ queue, passive: true }).catch(() => ({ messageCount: 0 }))).messageCount;
  }
  const d = depth.rows[0]!;
  return {
    atS,
    charges,
    tables: new Map(stats.rows.map((r) => [r.relname, { rows: Number(r.rows), bytes: Number(r.bytes) }])),
    rss: Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, rssMb(pid)])),
    queues: {
      'outbox unpublished': Number(d.unpublished),
      'deliveries PENDING': Number(d.pending),
      'jobs (due or waiting)': Number(d.jobs),
      'jobs due and not yet run (backlog)': jobKinds.rows.reduce((n, r) => n + Number(r.due), 0),
      'RabbitMQ messages (work, delay, parking)': broker,
    },
    pendingAttempts: Number(d.pending_attempts),
    recentCharges: Number(d.recent),
    overdueDeliveries: Number(d.overdue),
    counted: { webhook_deliveries: Number(d.deliveries), webhook_attempts: Number(d.attempts), outbox: Number(d.outbox), transactions: Number(d.transactions) },
    jobKinds: Object.fromEntries(jobKinds.rows.map((r) => [r.kind, { all: Number(r.n), due: Number(r.due) }])),
  };
}

/** The tables whose size on disk the check reads: the purged ones and the jobs (deleted once run). */
const SIZED_TABLES = ['webhook_deliveries', 'webhook_attempts', 'outbox', 'jobs'] as const;
/** A sized table's exact row count. */
const countedRows = (s: Snapshot, name: (typeof SIZED_TABLES)[number]): number =>
  name === 'jobs' ? Object.values(s.jobKinds).reduce((n, k) => n + k.all, 0) : s.counted[name];

/** The derived figures the check reads: what the purge keeps bounded. */
function purgedFigures(s: Snapshot): Record<string, number> {
  const rows = (name: keyof Snapshot['counted']) => s.counted[name];
  return {
    'webhook_deliveries finished (rows - PENDING)': rows('webhook_deliveries') - s.queues['deliveries PENDING']!,
    'webhook_attempts of finished deliveries': rows('webhook_attempts') - s.pendingAttempts,
    // Every event is a charge's; the latest of each charge stays for ever (resends), the rest is what the purge bounds.
    'outbox beyond the latest event of each charge': rows('outbox') - rows('transactions'),
  };
}

/**
 * Charge i starts at start + i/RATE, with at most MAX_IN_FLIGHT charges in flight: a
 * service slower than the rate is then offered what it can take (the report shows the
 * rate reached) instead of a growing backlog of calls. Nothing starts after `seconds`;
 * returns once every call answered.
 */
async function load(api: Api, seconds: number, onCharge: () => void, failures: Map<string, number>): Promise<void> {
  const fail = (what: string) => failures.set(what, (failures.get(what) ?? 0) + 1);
  const body = { amount: 1050, description: 'Pedido de teste', customer: { name: 'Maria Souza', email: 'maria@example.com' } };
  let inFlight = 0;
  let freed: () => void = () => undefined;
  const one = async () => {
    try {
      const created = await api.post('/api/v1/cobranca/transactions', body, { 'idempotency-key': randomUUID() });
      if (created.status !== 201) return fail(`create ${created.status}`);
      const paid = await api.post(`/v1/sandbox/transactions/${String(created.body.data.id)}/pay`, {});
      if (paid.status !== 200) return fail(`pay ${paid.status}`);
      onCharge();
    } catch (e) {
      fail(`error ${(e as Error).message}`);
    } finally {
      inFlight--;
      freed();
    }
  };
  const aSlotFrees = () => new Promise<void>((r) => (freed = r));
  const start = Date.now();
  const end = start + seconds * 1_000;
  for (let i = 0; ; i++) {
    const wait = start + (i * 1_000) / RATE - Date.now();
    if (wait > 1) await sleep(wait);
    while (inFlight >= MAX_IN_FLIGHT) await aSlotFrees();
    if (Date.now() >= end) break;
    inFlight++;
    void one();
  }
  while (inFlight > 0) await aSlotFrees();
}

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

function report(first: Snapshot, mid: Snapshot, last: Snapshot, later: Snapshot[], receiver: SoakReceiverReport, failures: Map<string, number>): boolean {
  const names = [...last.tables.keys()].sort();
  const trio = (f: (s: Snapshot) => string) => `${f(first)} / ${f(mid)} / ${f(last)}`;
  printTable(`Soak: ${RATE} charges/s for ${SECONDS} s (api + worker, RabbitMQ); windows ${WINDOW_S} s, purge every ${PURGE_EVERY_S} s; receiver 503 for the last fifth of every ${FAIL_PERIOD_S} s`, [
    { metric: `charges created and paid (offered ${RATE}/s, at most ${MAX_IN_FLIGHT} in flight)`, value: `${int(last.charges)} (${(last.charges / SECONDS).toFixed(1)}/s)`, verdict: failures.size ? [...failures].map(([w, n]) => `${n} ${w}`).join(', ') : 'no failures' },
    { metric: 'receiver answers 200 / 503', value: `${int(receiver.ok)} / ${int(receiver.failed)}` },
    { metric: 'jobs at the end, by kind (of which due)', value: Object.entries(last.jobKinds).map(([k, n]) => `${k} ${int(n.all)} (${int(n.due)})`).join(', ') || 'none' },
    ...Object.keys(last.rss).map((name) => ({ metric: `RSS ${name} (start / 60 % / end)`, value: trio((s) => `${Math.round(s.rss[name]!)}`) + ' MB' })),
    ...Object.keys(last.queues).map((name) => ({ metric: `${name} (start / 60 % / end)`, value: trio((s) => int(s.queues[name]!)) })),
  ]);
  printTable(`Tables at the start / 60 % (${Math.round(mid.atS)} s) / end (${Math.round(last.atS)} s): live rows (pg_stat_user_tables) and total size`, names.map((name) => ({
    metric: name,
    value: trio((s) => int(s.tables.get(name)?.rows ?? 0)),
    goal: trio((s) => mb(s.tables.get(name)?.bytes ?? 0)),
  })));
  // What a purged table holds follows the charges of its window: on a shared machine the rate
  // reached changes during a run, so the check reads the rows per charge of the window.
  const perCharge = (s: Snapshot, name: string) => purgedFigures(s)[name]! / Math.max(1, s.recentCharges);
  let levelled = true;
  const rows = Object.keys(purgedFigures(last)).map((name) => {
    const [m, e] = [perCharge(mid, name), perCharge(last, name)];
    const ok = e <= m * LEVEL_TOLERANCE + 0.05;
    levelled &&= ok;
    return {
      metric: name,
      value: `${trio((s) => int(purgedFigures(s)[name]!))} rows; ${trio((s) => perCharge(s, name).toFixed(2))} per charge`,
      goal: `per charge: end <= ${LEVEL_TOLERANCE} x 60 %`,
      verdict: ok ? 'levelled off' : 'STILL CLIMBING',
    };
  });
  rows.push({ metric: `charges of the last ${WINDOW_S + PURGE_EVERY_S} s (window + purge interval)`, value: trio((s) => int(s.recentCharges)), goal: '', verdict: '' });
  // Their size on disk: the space of deleted and updated rows must be reused, so a table
  // grows no faster than the rows it holds. Its files keep the size its most rows needed
  // (rows falling with the rate reached or after an outage's backlog do not shrink them),
  // so the growth allowed is that of the most rows counted from 60 % on.
  for (const name of SIZED_TABLES) {
    const bytes = (s: Snapshot) => s.tables.get(name)?.bytes ?? 0;
    const peak = Math.max(...later.map((s) => countedRows(s, name)));
    const allowed = bytes(mid) * LEVEL_TOLERANCE * Math.max(1, peak / Math.max(1, countedRows(mid, name))) + SIZE_SLACK_BYTES;
    const ok = bytes(last) <= allowed;
    levelled &&= ok;
    rows.push({
      metric: `${name} size on disk (pg_total_relation_size)`,
      value: `${trio((s) => mb(bytes(s)))}; ${trio((s) => `${(bytes(s) / 1_024 / Math.max(1, countedRows(s, name))).toFixed(1)}`)} KB per row`,
      goal: `end <= ${LEVEL_TOLERANCE} x 60 % x (growth to the most rows since, if any) + 1 MB: ${mb(allowed)}`,
      verdict: ok ? 'levelled off' : 'STILL CLIMBING',
    });
  }
  const lateOk = last.overdueDeliveries <= RATE * PURGE_EVERY_S;
  levelled &&= lateOk;
  rows.push({ metric: 'finished deliveries past their window by more than a purge interval', value: trio((s) => int(s.overdueDeliveries)), goal: `end <= ${int(RATE * PURGE_EVERY_S)} (a purge interval of traffic)`, verdict: lateOk ? 'purge keeps up' : 'PURGE BEHIND' });
  printTable('What the purge keeps bounded (rows at the start / 60 % / end, and per charge created within the window and a purge interval) and the size on disk of those tables', rows);
  return levelled;
}

export const soakBenchmark: Benchmark = {
  name: 'soak',
  description: `${RATE} charges/s for ${SECONDS} s with a receiver failing part of the time; table sizes, RSS and queue depths; purged tables level off`,
  run: async () => {
    const dist = join(__dirname, '..');
    const receiver = await startReceiver(dist);
    const db = await createDatabase('pixpay_bench_soak');
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    const prefix = `pixpay-bench-soak-${randomBytes(4).toString('hex')}`;
    const amqp = new Connection(AMQP_URL);
    const processes: ChildProcess[] = [];
    let api: Api | undefined;
    let failTimer: NodeJS.Timeout | undefined;
    try {
      const [apiPort, workerPort] = [await freePort(), await freePort()];
      const env = {
        DATABASE_URL: db.url,
        MODE: 'sandbox',
        LOG_LEVEL: 'warn',
        AMQP_URL,
        AMQP_PREFIX: prefix,
        WEBHOOK_ALLOW_HOSTS: `localhost:${receiver.port}`,
        WEBHOOK_CA_FILE: receiver.caFile,
        RETENTION_WEBHOOK_DELIVERIES: `${WINDOW_S}s`,
        RETENTION_OUTBOX_EVENTS: `${WINDOW_S}s`,
        RETENTION_SESSIONS: `${WINDOW_S}s`,
        RETENTION_PURGE_INTERVAL: `${PURGE_EVERY_S}s`,
        ...BENCH_BUDGETS,
      };
      const apiKey = await seedSeller(dist, env, 'soak@example.com');
      const worker = await startNode(join(dist, 'src/main.js'), [], { ...env, ROLE: 'worker', PORT: String(workerPort) }, () => true, undefined, serviceNodeArgs());
      const service = await startNode(join(dist, 'src/main.js'), [], { ...env, ROLE: 'api', PORT: String(apiPort) }, () => true, undefined, serviceNodeArgs());
      for (const p of [worker, service]) {
        processes.push(p.child);
        p.child.stderr!.pipe(process.stderr);
      }
      await waitHealthy(`http://127.0.0.1:${workerPort}/health`);
      await waitHealthy(`http://127.0.0.1:${apiPort}/health`);
      api = apiClient(apiPort, apiKey);
      const hook = await api.post('/v1/webhooks', { eventType: 'TRANSACTION', url: `https://localhost:${receiver.port}/hook` });
      if (hook.status !== 201) throw new Error(`webhook registration answered ${hook.status}: ${JSON.stringify(hook.body)}`);

      const pids = { api: service.child.pid!, worker: worker.child.pid!, receiver: receiver.child.pid! };
      const started = Date.now();
      const elapsedS = () => (Date.now() - started) / 1_000;
      const tickFailing = () => {
        receiver.child.send({ failing: elapsedS() % FAIL_PERIOD_S >= FAIL_PERIOD_S * 0.8 });
        failTimer = setTimeout(tickFailing, 1_000);
      };
      tickFailing();

      let charges = 0;
      const failures = new Map<string, number>();
      const snapshots: Snapshot[] = [await snapshot(pool, amqp, prefix, pids, 0, 0)];
      let loading = true;
      const sampling = (async () => {
        while (loading) {
          await sleep(SAMPLE_EVERY_S * 1_000);
          if (loading) snapshots.push(await snapshot(pool, amqp, prefix, pids, elapsedS(), charges));
        }
      })();
      await load(api, SECONDS, () => charges++, failures);
      loading = false;
      await sampling;
      const last = await snapshot(pool, amqp, prefix, pids, elapsedS(), charges);
      const mid = snapshots.reduce((best, s) => (Math.abs(s.atS - 0.6 * last.atS) < Math.abs(best.atS - 0.6 * last.atS) ? s : best));
      const levelled = report(snapshots[0]!, mid, last, [...snapshots.filter((s) => s.atS >= mid.atS), last], await receiver.report(), failures);
      console.log(levelled ? '\nThe purged tables levelled off.' : '\nA purged table was still climbing: see above.');
    } finally {
      if (failTimer) clearTimeout(failTimer);
      api?.close();
      for (const child of processes) await stop(child);
      receiver.child.send({ exit: true });
      await pool.end();
      await deleteTopology(amqp, prefix);
      await amqp.close();
      await db.drop();
    }
  },
};
