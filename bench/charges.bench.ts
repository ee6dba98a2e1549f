import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { startApplication } from '../src/main/start-application';
import { loadConfig } from '../src/main/config';
import { createLogger } from '../src/infra/log/logger';
import type { Benchmark } from './support/benchmark';
import { BENCH_BUDGETS } from './support/budgets';
import { createDatabase } from './support/postgres';
import { seedSeller } from './support/seed';
import { buildDynamicBrCode } from '../src/domain/pix/br-code';
import { QrImageRenderer } from '../src/infra/transactions/qr-image-renderer';
import { QR_IMAGE_SIZE } from '../src/domain/pix/qr-image';
import pg from 'pg';
import { cpuMs, freePort, peakRssMb, postgresCpuMs, startNode, stop, waitHealthy } from './support/processes';
import { latencies, now, printTable } from './support/report';
import { serviceNodeArgs } from './support/service-node-args';

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
  /** CPU PostgreSQL used per answered request during the run. */
  dbCpuMsPerRequest: number;
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

/**
 * Runs the load and measures the server's share of it. A run of `amount` requests is
 * timed from its start to its last answer: autocannon itself ends such a run, and counts
 * its rate, on whole seconds (3,000 answers in 0.17 s are reported as 3,000 per second).
 */
async function load(url: string, spec: LoadSpec, serverPid: number, seconds = SECONDS): Promise<LoadResult> {
  const cpuBefore = cpuMs(serverPid);
  const dbBefore = postgresCpuMs();
  const started = process.hrtime.bigint();
  let lastAnswer = started;
  // Without a callback autocannon answers its instance, an emitter that is also a promise.
  const run = autocannon({
    url,
    method: spec.method ?? 'GET',
    connections: CLIENTS,
    ...(spec.amount ? { amount: spec.amount } : { duration: seconds }),
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
  }) as unknown as autocannon.Instance & Promise<autocannon.Result>;
  run.on('response', () => (lastAnswer = process.hrtime.bigint()));
  const r = await run;
  const cpu = cpuMs(serverPid) - cpuBefore;
  const dbCpu = postgresCpuMs() - dbBefore;
  const answeredIn = Number(lastAnswer - started) / 1e9;
  return {
    rps: spec.amount ? r.requests.total / answeredIn : r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    total: r.requests.total,
    cpuMsPerRequest: cpu / Math.max(1, r.requests.total),
    dbCpuMsPerRequest: dbCpu / Math.max(1, r.requests.total),
  };
}

/** Cycles through a list: each call the next item. */
const cycle = (items: string[]) => {
  let i = 0;
  return () => items[i++ % items.length]!;
};

/** The QR encoder alone (symbol + PNG, as GET .png renders it), renders per second over `count` distinct BR Codes, in this one process. */
async function encoderRate(count: number): Promise<number> {
  const renderer = new QrImageRenderer();
  const codes = Array.from({ length: count }, (_, i) =>
    buildDynamicBrCode({ locationUrl: `pix.example.com/pix/qr/${randomUUID().replaceAll('-', '')}`, amountCents: 100 + i, merchantName: 'Loja Bench', merchantCity: 'Sao Paulo' }),
  );
  const started = now();
  for (const code of codes) await renderer.image(code, 'png', QR_IMAGE_SIZE.default);
  return codes.length / ((now() - started) / 1_000);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const verdict = (ratioPct: number, goal: number) => `${ratioPct.toFixed(0)}% ${ratioPct >= goal ? 'ok' : 'MISS'}`;

/**
 * The machine may be shared: load swings between two back-to-back measurements. So a
 * pair is measured in ROUNDS short slices, alternating sides, and the ratio of each
 * round (two adjacent slices) is kept; the median round is reported with its figures.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

interface Pair<A, B> {
  ratioPct: number;
  ratios: number[];
  subject: A;
  ceiling: B;
}

async function paired<A extends { rps: number }, B extends { rps: number }>(subject: () => Promise<A>, ceiling: () => Promise<B>): Promise<Pair<A, B>> {
  const rounds: { ratio: number; subject: A; ceiling: B }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    // Alternate which side goes first, so a trend in load favours neither.
    const c = i % 2 === 0 ? await ceiling() : undefined;
    const sub = await subject();
    const ceil = c ?? (await ceiling());
    rounds.push({ ratio: (100 * sub.rps) / ceil.rps, subject: sub, ceiling: ceil });
  }
  const ratios = rounds.map((r) => r.ratio);
  const mid = rounds.find((r) => r.ratio === median(ratios))!;
  return { ratioPct: mid.ratio, ratios, subject: mid.subject, ceiling: mid.ceiling };
}

const rounds = (p: Pair<unknown, unknown>) => `rounds ${p.ratios.map((r) => `${r.toFixed(0)}%`).join(' ')}`;

/**
 * REST create and GET by id vs. minimal Express + pg endpoints, and QR images (cold and
 * cached) vs. the encoder alone and a static answer. The service and the ceilings run
 * as separate processes, both up for the whole run, and each pair is measured in
 * alternating slices (see `paired`).
 */
async function creationThroughput() {
  const dist = join(__dirname, '..');
  const ceilingDb = await createDatabase('pixpay_bench_ceiling');
  const appDb = await createDatabase('pixpay_bench_charges');
  const appPool = new pg.Pool({ connectionString: appDb.url, max: 2 });
  const ceilingPool = new pg.Pool({ connectionString: ceilingDb.url, max: 1 });
  let ceiling: Awaited<ReturnType<typeof startNode<number>>> | undefined;
  let app: Awaited<ReturnType<typeof startNode<boolean>>> | undefined;
  try {
    ceiling = await startNode(join(dist, 'bench/support/ceiling-server.js'), [], { DATABASE_URL: ceilingDb.url }, (out) => {
      const m = /\{"port":(\d+)\}/.exec(out);
      return m ? Number(m[1]) : undefined;
    });
    const port = await freePort();
    const env = { DATABASE_URL: appDb.url, PORT: String(port), ROLE: 'api', LOG_LEVEL: 'warn', MODE: 'sandbox', ...BENCH_BUDGETS };
    const key = await seedSeller(dist, env, 'bench@example.com');
    app = await startNode(join(dist, 'src/main.js'), [], env, () => true, undefined, serviceNodeArgs());
    app.child.stderr!.pipe(process.stderr);
    await waitHealthy(`http://127.0.0.1:${port}/health`);
    const cPid = ceiling.child.pid!;
    const aPid = app.child.pid!;
    const cBase = `http://127.0.0.1:${ceiling.value}`;
    const aBase = `http://127.0.0.1:${port}`;
    const slice = Math.max(2, Math.round(SECONDS / ROUNDS));

    const insertSpec: LoadSpec = { method: 'POST', body: JSON.stringify({ amount: 1050 }) };
    const body = JSON.stringify({ amount: 1050, description: 'Pedido de teste', customer: { name: 'Maria Souza', email: 'maria@example.com' } });
    const createSpec: LoadSpec = { method: 'POST', headers: { 'x-api-key': key }, body, idempotent: true };
    await load(`${cBase}/insert`, insertSpec, cPid, slice); // warm-up of both sides
    await load(`${aBase}/api/v1/cobranca/transactions`, createSpec, aPid, slice);
    const create = await paired(() => load(`${aBase}/api/v1/cobranca/transactions`, createSpec, aPid, slice), () => load(`${cBase}/insert`, insertSpec, cPid, slice));
    const rss = peakRssMb(aPid);

    const ceilingIds = (await ceilingPool.query<{ id: string }>('select id from ceiling order by random() limit 5000')).rows.map((r) => r.id);
    const charges = (await appPool.query<{ id: string; location_id: string }>('select id, location_id from transactions order by random()')).rows;
    const selectSpec: LoadSpec = { path: cycle(ceilingIds.map((id) => `/select/${id}`)) };
    const getSpec: LoadSpec = { headers: { 'x-api-key': key }, path: cycle(charges.slice(0, 5000).map((r) => `/api/v1/cobranca/transactions/${r.id}`)) };
    await load(cBase, selectSpec, cPid, slice);
    await load(aBase, getSpec, aPid, slice);
    const get = await paired(() => load(aBase, getSpec, aPid, slice), () => load(cBase, selectSpec, cPid, slice));

    // Cold: every request a location never rendered before (each charge's image once).
    const coldPaths = cycle(charges.map((r) => `/pix/qr/${r.location_id}.png`));
    const perRound = Math.max(50, Math.floor(charges.length / (ROUNDS + 1)));
    await encoderRate(300);
    const cold = await paired(
      () => load(aBase, { path: coldPaths, amount: perRound }, aPid),
      async () => ({ rps: await encoderRate(Math.min(perRound, 1_000)) }),
    );
    const hotPath = `/pix/qr/${charges[0]!.location_id}.png`;
    await load(`${aBase}${hotPath}`, {}, aPid, slice);
    await load(`${cBase}/static.png`, {}, cPid, slice);
    const cached = await paired(() => load(`${aBase}${hotPath}`, {}, aPid, slice), () => load(`${cBase}/static.png`, {}, cPid, slice));

    printTable(`charge create path, ${CLIENTS} clients, ${ROUNDS} rounds of ${slice} s slices per side (median round shown)`, [
      { metric: 'ceiling: Express + pg INSERT req/s', value: create.ceiling.rps.toFixed(0) },
      { metric: 'ceiling INSERT p50 / p99 ms', value: `${create.ceiling.p50} / ${create.ceiling.p99}` },
      { metric: 'REST create req/s', value: create.subject.rps.toFixed(0), goal: '>= 50% of ceiling', verdict: `${verdict(create.ratioPct, 50)} (${rounds(create)})` },
      { metric: 'REST create p50 / p99 ms', value: `${create.subject.p50} / ${create.subject.p99}`, goal: 'p99 < 50', verdict: create.subject.p99 < 50 ? 'ok' : 'MISS' },
      { metric: 'API process peak RSS MB', value: rss.toFixed(0), goal: '< 300', verdict: rss < 300 ? 'ok' : 'MISS' },
      { metric: 'server CPU ms per request: ceiling / REST create', value: `${create.ceiling.cpuMsPerRequest.toFixed(2)} / ${create.subject.cpuMsPerRequest.toFixed(2)}` },
      { metric: 'PostgreSQL CPU ms per request: ceiling / REST create', value: `${create.ceiling.dbCpuMsPerRequest.toFixed(2)} / ${create.subject.dbCpuMsPerRequest.toFixed(2)}` },
      { metric: 'ceiling: Express + pg SELECT by id req/s', value: get.ceiling.rps.toFixed(0) },
      { metric: 'REST GET by id req/s', value: get.subject.rps.toFixed(0), goal: '>= 60% of ceiling', verdict: `${verdict(get.ratioPct, 60)} (${rounds(get)})` },
      { metric: 'REST GET by id p50 / p99 ms (ceiling)', value: `${get.subject.p50} / ${get.subject.p99} (${get.ceiling.p50} / ${get.ceiling.p99})` },
      { metric: 'QR encoder alone, renders/s (one process)', value: cold.ceiling.rps.toFixed(0) },
      { metric: `QR image cold (${perRound} distinct a round) req/s`, value: cold.subject.rps.toFixed(0), goal: '>= 80% of encoder', verdict: `${verdict(cold.ratioPct, 80)} (${rounds(cold)})` },
      { metric: 'ceiling: Express static PNG req/s', value: cached.ceiling.rps.toFixed(0) },
      { metric: 'QR image cached req/s', value: cached.subject.rps.toFixed(0), goal: '>= 50% of static', verdict: `${verdict(cached.ratioPct, 50)} (${rounds(cached)})` },
      { metric: 'non-2xx / errors (create, get, cold, cached)', value: [create, get, cold, cached].map((r) => `${r.subject.non2xx}/${r.subject.errors}`).join(' ') },
    ]);
  } finally {
    if (app) await stop(app.child);
    if (ceiling) await stop(ceiling.child);
    await appPool.end();
    await ceilingPool.end();
    await ceilingDb.drop();
    await appDb.drop();
  }
}

/** Commit of a status change -> a graphql-ws subscriber got it, with 100 subscribers. */
async function subscriptionLatency() {
  const db = await createDatabase('pixpay_bench_subs');
  // One seller holds every subscriber: its socket limit must let them all in.
  const app = await startApplication(loadConfig({ DATABASE_URL: db.url, PORT: '0', ROLE: 'api', LOG_LEVEL: 'silent', SUBSCRIPTIONS_PER_SELLER: String(SUBSCRIBERS) }), {
    logger: createLogger('silent'),
  });
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
      const client = createClient({
        url: `${app.url.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${key}` },
        retryAttempts: 0,
      });
      clients.push(client);
      // A refused socket (4429, 4403) ends the run with its reason instead of waiting for ever.
      await new Promise<void>((resolve, reject) => {
        client.on('connected', () => resolve());
        client.on('closed', (e) => reject(new Error(`subscriber ${i} closed before connecting: ${(e as { code?: number; reason?: string }).code} ${(e as { reason?: string }).reason ?? ''}`)));
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
      const t = await s.transactions.open(seller, { amount: 100 + i, paymentMethod: 'PIX', expirationSeconds: 3600, customer: null, metadata: null, description: null, merchantOrderId: null, postbackUrl: null });
      await s.platform.uow.run((tx) => s.transactions.insert(tx, t));
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

const SPLIT_RECIPIENTS = 5;
const POSTINGS = 300;

/**
 * Marketplaces: REST create of a PIX charge split with 5 recipients vs. the same create
 * for one seller (same process, alternating slices), and the payment posting (the PAID
 * report: one entry per party, in the PAID transaction) of split vs. single-seller charges.
 * The service runs in this process beside the load generator: both sides pay that alike.
 */
async function splitThroughput() {
  const db = await createDatabase('pixpay_bench_splits');
  const app = await startApplication(loadConfig({ DATABASE_URL: db.url, PORT: '0', ROLE: 'api', LOG_LEVEL: 'silent', MODE: 'sandbox', ...BENCH_BUDGETS }), {
    logger: createLogger('silent'),
  });
  try {
    const s = app.services;
    const seller = async (n: string) => {
      const user = await s.identity.signUp({ email: `${n}@example.com`, password: 'bench password 1' });
      const sel = await s.sellers.registerSeller(user, { name: `Loja ${n}`, document: '00000000000' });
      return { seller: sel, key: (await s.apiKeys.create(user, 'test')).key };
    };
    const market = await seller('market');
    const recipients = [];
    for (let i = 0; i < SPLIT_RECIPIENTS; i++) {
      const r = await seller(`recipient${i}`);
      const link = await s.marketplaceLinks.invite(market.seller, r.seller.id);
      await s.marketplaceLinks.accept(r.seller, link.id);
      recipients.push(r.seller.id);
    }
    const splits = { feePayer: 'PRO_RATA', recipients: recipients.map((recipientId, i) => (i % 2 ? { recipientId, amount: 100 } : { recipientId, basisPoints: 1_000 })) };
    const url = `${app.url}/api/v1/cobranca/transactions`;
    const headers = { 'x-api-key': market.key };
    const single: LoadSpec = { method: 'POST', headers, idempotent: true, body: JSON.stringify({ amount: 10_050, description: 'Pedido de teste' }) };
    const split: LoadSpec = { method: 'POST', headers, idempotent: true, body: JSON.stringify({ amount: 10_050, description: 'Pedido de teste', splits }) };
    const slice = Math.max(2, Math.round(SECONDS / ROUNDS));
    await load(url, single, process.pid, slice); // warm-up
    await load(url, split, process.pid, slice);
    const create = await paired(() => load(url, split, process.pid, slice), () => load(url, single, process.pid, slice));

    // Payment posting: the PAID report of charges not yet paid, alternating split and single.
    const pending = await s.platform.sql.query<{ id: string; split: boolean }>(
      `select t.id, exists (select 1 from transaction_splits x where x.transaction_id = t.id) as split from transactions t where t.status = 'PENDING' limit 20000`,
    );
    const ofKind = (k: boolean) => pending.filter((p) => p.split === k).slice(0, POSTINGS).map((p) => p.id);
    const [splitIds, singleIds] = [ofKind(true), ofKind(false)];
    const posting = { split: [] as number[], single: [] as number[] };
    for (let i = 0; i < Math.min(splitIds.length, singleIds.length); i++) {
      for (const [kind, id] of [['split', splitIds[i]!], ['single', singleIds[i]!]] as const) {
        const started = now();
        await s.transactionReports.apply({ reportId: `bench-${id}`, transactionId: id, status: 'PAID' });
        posting[kind].push(now() - started);
      }
    }
    const [sp, si] = [latencies(posting.split), latencies(posting.single)];
    const ratio = sp.p99 / si.p99;
    printTable(`split charges (${SPLIT_RECIPIENTS} recipients), ${CLIENTS} clients, ${ROUNDS} rounds of ${slice} s slices per side (median round shown)`, [
      { metric: 'REST create, one seller, req/s', value: create.ceiling.rps.toFixed(0) },
      { metric: 'REST create, split, req/s', value: create.subject.rps.toFixed(0), goal: '>= 80% of one seller', verdict: `${verdict(create.ratioPct, 80)} (${rounds(create)})` },
      { metric: 'REST create p50 / p99 ms: split (one seller)', value: `${create.subject.p50} / ${create.subject.p99} (${create.ceiling.p50} / ${create.ceiling.p99})` },
      { metric: `payment posting p50 / p99 ms, one seller (${si.n})`, value: `${si.p50.toFixed(2)} / ${si.p99.toFixed(2)}` },
      { metric: `payment posting p50 / p99 ms, split (${sp.n})`, value: `${sp.p50.toFixed(2)} / ${sp.p99.toFixed(2)}`, goal: 'p99 < 2x one seller', verdict: `${ratio.toFixed(2)}x ${ratio < 2 ? 'ok' : 'MISS'}` },
      { metric: 'non-2xx / errors (split, one seller)', value: `${create.subject.non2xx}/${create.subject.errors} ${create.ceiling.non2xx}/${create.ceiling.errors}` },
    ]);
  } finally {
    await app.stop();
    await db.drop();
  }
}

export const chargesBenchmark: Benchmark = {
  name: 'charges',
  description: 'PIX charge create and get over REST vs. Express + pg ceilings, QR images cold and cached; subscription latency; split charges (create and payment posting) vs. one seller',
  async run() {
    await creationThroughput();
    await subscriptionLatency();
    await splitThroughput();
  },
};
