import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { startApplication } from '../src/app/application';
import { loadConfig } from '../src/app/config';
import { createLogger } from '../src/infra/log/logger';
import type { Benchmark } from './support/benchmark';
import { createDatabase } from './support/postgres';
import { seedSeller } from './support/seed';
import { buildDynamicBrCode } from '../src/domain/pix/br-code';
import { QrImageRenderer } from '../src/infra/transactions/qr-image-renderer';
import { QR_IMAGE_SIZE } from '../src/domain/pix/qr-image';
import pg from 'pg';
import { cpuMs, freePort, peakRssMb, startNode, stop, waitHealthy } from './support/processes';
import { latencies, now, printTable } from './support/report';

const CLIENTS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const SUBSCRIBERS = 100;
const EVENTS = 200;

interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
  /** CPU the server process used per answered request during the run. */
  cpuMsPerRequest: number;
}

interface LoadSpec {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** A new Idempotency-Key per request (creates). */
  idempotent?: boolean;
  /** Path of each request; without it the URL's. */
  path?: () => string;
  /** Stop after this many requests instead of after SECONDS. */
  amount?: number;
}

async function load(url: string, spec: LoadSpec, serverPid: number): Promise<LoadResult> {
  const cpuBefore = cpuMs(serverPid);
  const r = await autocannon({
    url,
    method: spec.method ?? 'GET',
    connections: CLIENTS,
    ...(spec.amount ? { amount: spec.amount } : { duration: SECONDS }),
    headers: { ...(spec.body ? { 'content-type': 'application/json' } : {}), ...spec.headers },
    body: spec.body,
    requests: [
      {
        setupRequest: (req: any) => ({
          ...req,
          ...(spec.path ? { path: spec.path() } : {}),
          headers: { ...req.headers, ...(spec.idempotent ? { 'idempotency-key': randomUUID() } : {}) },
        }),
      },
    ],
  });
  const cpu = cpuMs(serverPid) - cpuBefore;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    total: r.requests.total,
    cpuMsPerRequest: cpu / Math.max(1, r.requests.total),
  };
}

/** Cycles through a list: each call the next item. */
const cycle = (items: string[]) => {
  let i = 0;
  return () => items[i++ % items.length]!;
};

/** The QR encoder alone (symbol + PNG, as GET .png renders it), renders per second over distinct BR Codes, in this one process. */
async function encoderRate(): Promise<number> {
  const renderer = new QrImageRenderer();
  const codes = Array.from({ length: 3_000 }, (_, i) =>
    buildDynamicBrCode({ locationUrl: `pix.example.com/pix/qr/${randomUUID().replaceAll('-', '')}`, amountCents: 100 + i, merchantName: 'Loja Bench', merchantCity: 'Sao Paulo' }),
  );
  for (const code of codes.slice(0, 500)) await renderer.image(code, 'png', QR_IMAGE_SIZE.default);
  const started = now();
  for (const code of codes) await renderer.image(code, 'png', QR_IMAGE_SIZE.default);
  return codes.length / ((now() - started) / 1_000);
}

const pct = (a: number, b: number) => (100 * a) / b;
const verdict = (ratio: number, goal: number) => `${ratio.toFixed(0)}% ${ratio >= goal ? 'ok' : 'MISS'}`;

/**
 * REST create and GET by id vs. minimal Express + pg endpoints, and QR images (cold and
 * cached) vs. the encoder alone and a static answer; the service and the ceilings run
 * as separate processes, each pair measured in this one run.
 */
async function creationThroughput() {
  const dist = join(__dirname, '..');
  const ceilingDb = await createDatabase('pixpay_bench_ceiling');
  const appDb = await createDatabase('pixpay_bench_charges');
  const appPool = new pg.Pool({ connectionString: appDb.url, max: 2 });
  try {
    const ceiling = await startNode(join(dist, 'bench/support/ceiling-server.js'), [], { DATABASE_URL: ceilingDb.url }, (out) => {
      const m = /\{"port":(\d+)\}/.exec(out);
      return m ? Number(m[1]) : undefined;
    });
    let insert: LoadResult;
    let select: LoadResult;
    let staticPng: LoadResult;
    try {
      const pid = ceiling.child.pid!;
      const base = `http://127.0.0.1:${ceiling.value}`;
      const spec: LoadSpec = { method: 'POST', body: JSON.stringify({ amount: 1050 }) };
      await load(`${base}/insert`, spec, pid); // warm-up pass is the same length; keep the second
      insert = await load(`${base}/insert`, spec, pid);
      const ceilingPool = new pg.Pool({ connectionString: ceilingDb.url, max: 1 });
      const ids = (await ceilingPool.query<{ id: string }>('select id from ceiling order by random() limit 5000')).rows.map((r) => r.id);
      await ceilingPool.end();
      const selectSpec: LoadSpec = { path: cycle(ids.map((id) => `/select/${id}`)) };
      await load(base, selectSpec, pid);
      select = await load(base, selectSpec, pid);
      await load(`${base}/static.png`, {}, pid);
      staticPng = await load(`${base}/static.png`, {}, pid);
    } finally {
      await stop(ceiling.child);
    }

    const port = await freePort();
    const env = { DATABASE_URL: appDb.url, PORT: String(port), ROLE: 'api', LOG_LEVEL: 'warn', MODE: 'sandbox' };
    const key = await seedSeller(dist, env, 'bench@example.com');
    const app = await startNode(join(dist, 'src/main.js'), [], env, () => true);
    app.child.stderr!.pipe(process.stderr);
    try {
      await waitHealthy(`http://127.0.0.1:${port}/health`);
      const pid = app.child.pid!;
      const base = `http://127.0.0.1:${port}`;
      const body = JSON.stringify({ amount: 1050, description: 'Pedido de teste', customer: { name: 'Maria Souza', email: 'maria@example.com' } });
      const createSpec: LoadSpec = { method: 'POST', headers: { 'x-api-key': key }, body, idempotent: true };
      await load(`${base}/api/v1/cobranca/transactions`, createSpec, pid);
      const create = await load(`${base}/api/v1/cobranca/transactions`, createSpec, pid);
      const rss = peakRssMb(pid);

      const rows = (await appPool.query<{ id: string; location_id: string }>('select id, location_id from transactions order by random()')).rows;
      const getSpec: LoadSpec = { headers: { 'x-api-key': key }, path: cycle(rows.slice(0, 5000).map((r) => `/api/v1/cobranca/transactions/${r.id}`)) };
      await load(base, getSpec, pid);
      const get = await load(base, getSpec, pid);

      // Cold: every request a location never rendered before (each charge's image once).
      const cold = await load(base, { path: cycle(rows.map((r) => `/pix/qr/${r.location_id}.png`)), amount: Math.min(rows.length, 20_000) }, pid);
      const encoder = await encoderRate();
      const hotPath = `/pix/qr/${rows[0]!.location_id}.png`;
      await load(`${base}${hotPath}`, {}, pid);
      const cached = await load(`${base}${hotPath}`, {}, pid);

      printTable(`charge create path, ${CLIENTS} clients x ${SECONDS} s (after an equal warm-up run; ceilings measured in the same run)`, [
        { metric: 'ceiling: Express + pg INSERT req/s', value: insert.rps.toFixed(0) },
        { metric: 'ceiling INSERT p50 / p99 ms', value: `${insert.p50} / ${insert.p99}` },
        { metric: 'REST create req/s', value: create.rps.toFixed(0), goal: '>= 50% of ceiling', verdict: verdict(pct(create.rps, insert.rps), 50) },
        { metric: 'REST create p50 / p99 ms', value: `${create.p50} / ${create.p99}`, goal: 'p99 < 50', verdict: create.p99 < 50 ? 'ok' : 'MISS' },
        { metric: 'API process peak RSS MB', value: rss.toFixed(0), goal: '< 300', verdict: rss < 300 ? 'ok' : 'MISS' },
        { metric: 'server CPU ms per request: ceiling / REST create', value: `${insert.cpuMsPerRequest.toFixed(2)} / ${create.cpuMsPerRequest.toFixed(2)}` },
        { metric: 'ceiling: Express + pg SELECT by id req/s', value: select.rps.toFixed(0) },
        { metric: 'REST GET by id req/s', value: get.rps.toFixed(0), goal: '>= 60% of ceiling', verdict: verdict(pct(get.rps, select.rps), 60) },
        { metric: 'REST GET by id p50 / p99 ms (ceiling)', value: `${get.p50} / ${get.p99} (${select.p50} / ${select.p99})` },
        { metric: 'QR encoder alone, renders/s (one process)', value: encoder.toFixed(0) },
        { metric: `QR image cold (${cold.total} distinct) req/s`, value: cold.rps.toFixed(0), goal: '>= 80% of encoder', verdict: verdict(pct(cold.rps, encoder), 80) },
        { metric: 'ceiling: Express static PNG req/s', value: staticPng.rps.toFixed(0) },
        { metric: 'QR image cached req/s', value: cached.rps.toFixed(0), goal: '>= 50% of static', verdict: verdict(pct(cached.rps, staticPng.rps), 50) },
        { metric: 'non-2xx / errors (create, get, cold, cached)', value: [create, get, cold, cached].map((r) => `${r.non2xx}/${r.errors}`).join(' ') },
      ]);
    } finally {
      await stop(app.child);
    }
  } finally {
    await appPool.end();
    await ceilingDb.drop();
    await appDb.drop();
  }
}

/** Commit of a status change -> a graphql-ws subscriber got it, with 100 subscribers. */
async function subscriptionLatency() {
  const db = await createDatabase('pixpay_bench_subs');
  const app = await startApplication(loadConfig({ DATABASE_URL: db.url, PORT: '0', ROLE: 'api', LOG_LEVEL: 'silent' }), { logger: createLogger('silent') });
  const clients: ReturnType<typeof createClient>[] = [];
  try {
    const s = app.services;
    const user = await s.identity.signUp({ email: 'subs@example.com', password: 'bench password 1' });
    const seller = await s.sellers.registerSeller(user, { name: 'Loja Subs', document: '00000000000' });
    const { key } = await s.apiKeys.create(user, 'test');
    const committedAt = new Map<string, number>();
    const samples: number[] = [];
    let expected = 0;
    let received = 0;
    let allReceived!: () => void;
    const done = new Promise<void>((r) => (allReceived = r));
    for (let i = 0; i < SUBSCRIBERS; i++) {
      const client = createClient({ url: `${app.url.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${key}` } });
      clients.push(client);
      await new Promise<void>((resolve) => {
        client.on('connected', () => resolve());
        client.subscribe<{ transactionUpdated: { id: string } }>(
          { query: 'subscription { transactionUpdated { id status } }' },
          {
            next: (v) => {
              const at = committedAt.get(v.data!.transactionUpdated.id);
              if (at !== undefined) samples.push(now() - at);
              if (++received === expected) allReceived();
            },
            error: () => undefined,
            complete: () => undefined,
          },
        );
      });
    }
    const ids: string[] = [];
    for (let i = 0; i < EVENTS; i++) {
      const t = await s.transactions.create(seller, { amount: 100 + i, paymentMethod: 'PIX', expirationSeconds: 3600, customer: null, metadata: null, description: null, merchantOrderId: null, postbackUrl: null });
      ids.push(t.id);
    }
    expected = EVENTS * SUBSCRIBERS;
    for (const id of ids) {
      await s.transactionReports.apply({ reportId: `bench-${id}`, transactionId: id, status: 'PAID' });
      committedAt.set(id, now());
    }
    await Promise.race([done, new Promise((r) => setTimeout(r, 30_000))]);
    const l = latencies(samples);
    printTable(`subscription latency, ${SUBSCRIBERS} subscribers x ${EVENTS} status changes`, [
      { metric: 'deliveries received / expected', value: `${received} / ${expected}` },
      { metric: 'commit -> subscriber p50 ms', value: l.p50.toFixed(2) },
      { metric: 'commit -> subscriber p99 ms', value: l.p99.toFixed(2), goal: '< 100', verdict: l.p99 < 100 ? 'ok' : 'MISS' },
    ]);
  } finally {
    await Promise.all(clients.map((c) => c.dispose()));
    await app.stop();
    await db.drop();
  }
}

export const chargesBenchmark: Benchmark = {
  name: 'charges',
  description: 'PIX charge create and get over REST vs. Express + pg ceilings, QR images cold and cached; subscription latency',
  async run() {
    await creationThroughput();
    await subscriptionLatency();
  },
};
