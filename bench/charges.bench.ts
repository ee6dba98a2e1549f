import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { startApplication } from '../src/app/application';
import { loadConfig } from '../src/app/config';
import { createLogger } from '../src/infra/log/logger';
import type { Benchmark } from './support/benchmark';
import { BENCH_BUDGETS } from './support/budgets';
import { createDatabase } from './support/postgres';
import { buildDynamicBrCode } from '../src/domain/pix/br-code';
import { PngQrRenderer } from '../src/infra/transactions/png-qr-renderer';
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
  /** CPU the server process used per answered request during the run. */
  cpuMsPerRequest: number;
}

async function load(url: string, headers: Record<string, string>, body: string, serverPid: number): Promise<LoadResult> {
  const cpuBefore = cpuMs(serverPid);
  const r = await autocannon({
    url,
    method: 'POST',
    connections: CLIENTS,
    duration: SECONDS,
    headers: { 'content-type': 'application/json', ...headers },
    body,
    requests: [{ setupRequest: (req: any) => ({ ...req, headers: { ...req.headers, 'idempotency-key': randomUUID() } }) }],
  });
  const cpu = cpuMs(serverPid) - cpuBefore;
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors, cpuMsPerRequest: cpu / Math.max(1, r.requests.total) };
}

/** The QR image alone, as the create path renders it, over distinct BR Codes (one per charge). */
async function qrRenderMs(): Promise<number> {
  const renderer = new PngQrRenderer();
  const codes = Array.from({ length: 3_000 }, (_, i) =>
    buildDynamicBrCode({ locationUrl: `pix.example.com/pix/qr/${randomUUID().replaceAll('-', '')}`, amountCents: 100 + i, merchantName: 'Loja Bench', merchantCity: 'Sao Paulo' }),
  );
  for (const code of codes.slice(0, 500)) await renderer.pngDataUri(code);
  const started = now();
  for (const code of codes) await renderer.pngDataUri(code);
  return (now() - started) / codes.length;
}

/** REST charge creation vs. a minimal Express + pg INSERT endpoint, both as separate processes. */
async function creationThroughput() {
  const dist = join(__dirname, '..');
  const ceilingDb = await createDatabase('pixpay_bench_ceiling');
  const appDb = await createDatabase('pixpay_bench_charges');
  try {
    const ceiling = await startNode(join(dist, 'bench/support/ceiling-server.js'), [], { DATABASE_URL: ceilingDb.url }, (out) => {
      const m = /\{"port":(\d+)\}/.exec(out);
      return m ? Number(m[1]) : undefined;
    });
    let ceilingResult: LoadResult;
    let qrCeilingResult: LoadResult;
    try {
      const pid = ceiling.child.pid!;
      const measure = async (path: string) => {
        await load(`http://127.0.0.1:${ceiling.value}${path}`, {}, JSON.stringify({ amount: 1050 }), pid); // warm-up pass is the same length; keep the second
        return load(`http://127.0.0.1:${ceiling.value}${path}`, {}, JSON.stringify({ amount: 1050 }), pid);
      };
      ceilingResult = await measure('/insert');
      qrCeilingResult = await measure('/insert-with-qr');
    } finally {
      await stop(ceiling.child);
    }

    const port = await freePort();
    const env = { DATABASE_URL: appDb.url, PORT: String(port), ROLE: 'api', LOG_LEVEL: 'warn', MODE: 'sandbox', ...BENCH_BUDGETS };
    const seeded = await startNode(join(dist, 'src/cli/admin.js'), ['create-seller', '--email', 'bench@example.com', '--password', 'bench password 1', '--name', 'Loja Bench', '--document', '00000000000'], env, (out) => {
      try {
        return JSON.parse(out) as { apiKey: { key: string } };
      } catch {
        return undefined;
      }
    });
    const key = seeded.value.apiKey.key;
    const app = await startNode(join(dist, 'src/main.js'), [], env, () => true);
    app.child.stderr!.pipe(process.stderr);
    try {
      await waitHealthy(`http://127.0.0.1:${port}/health`);
      const body = JSON.stringify({ amount: 1050, description: 'Pedido de teste', customer: { name: 'Maria Souza', email: 'maria@example.com' } });
      await load(`http://127.0.0.1:${port}/api/v1/cobranca/transactions`, { 'x-api-key': key }, body, app.child.pid!);
      const r = await load(`http://127.0.0.1:${port}/api/v1/cobranca/transactions`, { 'x-api-key': key }, body, app.child.pid!);
      const rss = peakRssMb(app.child.pid!);
      const ratio = r.rps / ceilingResult.rps;
      const qrMs = await qrRenderMs();
      printTable(`charge creation, ${CLIENTS} clients x ${SECONDS} s (after an equal warm-up run)`, [
        { metric: 'ceiling: Express + pg INSERT req/s', value: ceilingResult.rps.toFixed(0) },
        { metric: 'ceiling p50 / p99 ms', value: `${ceilingResult.p50} / ${ceilingResult.p99}` },
        { metric: 'REST create (idempotency, BR Code, QR) req/s', value: r.rps.toFixed(0), goal: '>= 50% of ceiling', verdict: `${(ratio * 100).toFixed(0)}% ${ratio >= 0.5 ? 'ok' : 'MISS'}` },
        { metric: 'REST create p50 ms', value: String(r.p50) },
        { metric: 'REST create p99 ms', value: String(r.p99), goal: '< 50', verdict: r.p99 < 50 ? 'ok' : 'MISS' },
        { metric: 'API process peak RSS MB', value: rss.toFixed(0), goal: '< 300', verdict: rss < 300 ? 'ok' : 'MISS' },
        { metric: 'non-2xx / errors', value: `${r.non2xx} / ${r.errors}` },
        { metric: 'server CPU ms per request: ceiling / REST create', value: `${ceilingResult.cpuMsPerRequest.toFixed(2)} / ${r.cpuMsPerRequest.toFixed(2)}` },
        { metric: 'of which the QR image alone (measured apart, ms)', value: qrMs.toFixed(2) },
        { metric: 'same ceiling + BR Code and QR image req/s (info)', value: qrCeilingResult.rps.toFixed(0), verdict: `create at ${((r.rps / qrCeilingResult.rps) * 100).toFixed(0)}% of it` },
        { metric: 'same ceiling + BR Code and QR image p50 / p99 ms', value: `${qrCeilingResult.p50} / ${qrCeilingResult.p99}` },
      ]);
    } finally {
      await stop(app.child);
    }
  } finally {
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
  description: 'PIX charge creation over REST vs. an Express + pg ceiling; subscription latency',
  async run() {
    await creationThroughput();
    await subscriptionLatency();
  },
};
