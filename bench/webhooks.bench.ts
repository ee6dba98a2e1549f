import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { Connection } from 'rabbitmq-client';
import { startApplication, type RunningApp } from '../src/main/start-application';
import { loadConfig } from '../src/main/config';
import { deleteTopology } from '../src/infra/amqp/topology';
import { parseWebhookRegistration } from '../src/domain/webhooks/webhook-input';
import { createLogger } from '../src/infra/log/logger';
import type { Benchmark } from './support/benchmark';
import { type ReceiverReport, startReceiver, wall, type Receiver, waitDelivered } from './support/https-receiver';
import { profileWindow } from './support/inspector-profile';
import { createDatabase } from './support/postgres';
import { backendsCpuBetween, commandCpuMs, cpuMs, databaseBackendsCpuMs } from './support/processes';
import { int, latencies, ms, printTable, type ResultRow } from './support/report';

/**
 * Webhooks end to end: an outbox row committed (the same transaction a status change
 * uses) -> relay -> RabbitMQ -> fan-out -> delivery -> HTTPS POST received, signature
 * verified by the receiver (a separate process, so it does not share the service's
 * event loop). Against the same run's raw RabbitMQ publish(confirm)+consume rate, measured
 * before and after the pipeline (the machine may be shared: the mean of the two is the
 * reference, and the ratio to it is the figure that compares across runs).
 *
 *   npm run bench -- webhooks          (or: npx tsc -p tsconfig.build.json && node dist/bench/webhooks.bench.js)
 *   BENCH_WEBHOOK_EVENTS=2000 BENCH_WEBHOOK_RATE=500 BENCH_WEBHOOK_CONCURRENCY=128
 *   BENCH_CPU_PROF_DIR=<folder>       (a CPU profile of the drain and burst phases)
 */
const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 2_000);
const PACED_RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 500);
const CONCURRENCY = Number(process.env.BENCH_WEBHOOK_CONCURRENCY ?? 128);
const AMQP_URL = process.env.BENCH_AMQP_URL ?? process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
/** When set, the measured drain and burst are CPU-profiled (this process: api and worker) into this folder. */
const PROFILE_DIR = process.env.BENCH_CPU_PROF_DIR;
const GOAL_RATE = 3_000;
/** End-to-end rate as a share of raw RabbitMQ's publish-and-consume rate (%). */
const GOAL_RAW_SHARE = 45;
const GOAL_P99_MS = 250;
const SECRET_SELLER = 'bench-webhook-seller';

/**
 * Raw RabbitMQ reference: n messages published with confirms into a quorum queue and
 * consumed with acks, on a connection and queue opened once for the whole run, after
 * unmeasured rounds (see openRawRabbit).
 */
async function rawRabbit(conn: Connection, queue: string, n: number): Promise<{ rate: number }> {
  const pub = conn.createPublisher({ confirm: true });
  let got = 0;
  const t0 = wall();
  const done = new Promise<void>((resolve) => {
    const sub = conn.createConsumer({ queue, queueOptions: { passive: true }, qos: { prefetchCount: 256 }, concurrency: 128 }, async () => {
      if (++got === n) {
        resolve();
        setImmediate(() => void sub.close());
      }
    });
  });
  const inflight = 128;
  let next = 0;
  await Promise.all(Array.from({ length: inflight }, async () => {
    while (next < n) {
      const i = next++;
      await pub.send(queue, { i, d: 'dlv_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', n: 0 });
    }
  }));
  await done;
  const rate = n / ((wall() - t0) / 1000);
  await pub.close();
  return { rate };
}

/**
 * Rounds of the raw reference run first and not counted. The first rounds of a process
 * are the slow ones, whatever the queue: in one process, 2,000-message rounds measured
 * 1,226 1,343 1,955 3,023 1,762 1,733 msg/s on one queue, and 955 1,147 2,477 2,105 3,038
 * 1,988 with a new connection and queue each round; a new process starts slow again. So
 * the cold cost is the client's (its code not optimised yet), not the broker's queue.
 */
const RAW_WARM_ROUNDS = 3;

/** The raw reference's connection and quorum queue, warmed by RAW_WARM_ROUNDS unmeasured rounds of n messages. */
async function openRawRabbit(n: number) {
  const conn = new Connection(AMQP_URL);
  const queue = `pixpay-bench-raw-${randomBytes(4).toString('hex')}`;
  await conn.queueDeclare({ queue, durable: true, arguments: { 'x-queue-type': 'quorum' } });
  const warm: number[] = [];
  for (let i = 0; i < RAW_WARM_ROUNDS; i++) warm.push((await rawRabbit(conn, queue, n)).rate);
  return {
    warm,
    measure: () => rawRabbit(conn, queue, n),
    close: async () => {
      await conn.queueDelete({ queue });
      await conn.close();
    },
  };
}

async function emitAll(app: RunningApp, ids: string[], pace: number | null, commitAt: Map<string, number>): Promise<void> {
  const { uow, outbox } = app.services.platform;
  const emitOne = async (i: number) => {
    const id = `wd_${i}_${randomBytes(3).toString('hex')}`;
    let eventId = '';
    await uow.run(async (tx) => {
      eventId = await outbox.append(tx, {
        eventType: 'WITHDRAWAL_PAID',
        sellerId: SECRET_SELLER,
        aggregateType: 'WITHDRAWAL',
        aggregateId: id,
        payload: { id, amount: 50_000, method: 'PIX', pixKey: 'ana@example.com', pixKeyType: 'EMAIL', status: 'PAID', createdAt: new Date().toISOString() },
        occurredAt: new Date(),
      });
    });
    commitAt.set(eventId, wall());
    ids.push(eventId);
  };
  if (pace === null) {
    let next = 0;
    await Promise.all(Array.from({ length: 32 }, async () => {
      while (next < EVENTS) await emitOne(next++);
    }));
  } else {
    const start = wall();
    const pending: Promise<void>[] = [];
    for (let i = 0; i < EVENTS; i++) {
      const due = start + (i * 1000) / pace;
      const wait = due - wall();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      pending.push(emitOne(i));
    }
    await Promise.all(pending);
  }
}

/**
 * Counts how the delivery workers' handling ends, by outcome (DONE, RETRY_IN_CYCLE: a
 * put-back or a retry, LEASED...), to show the work beyond one claim and one record per
 * delivery. `take()` returns the counts since the last call.
 */
function countOutcomes(app: RunningApp) {
  const workers = app.services.webhookRuntime.amqpWorkers as unknown as { deps: { processor: { handleMessage(...a: unknown[]): Promise<{ action: string }> } } };
  const processor = workers.deps.processor;
  const original = processor.handleMessage.bind(processor);
  let counts: Record<string, number> = {};
  processor.handleMessage = async (...a: unknown[]) => {
    const r = await original(...a);
    counts[r.action] = (counts[r.action] ?? 0) + 1;
    return r;
  };
  return {
    take: () => {
      const c = counts;
      counts = {};
      return c;
    },
  };
}

const outcomesRow = (what: string, c: Record<string, number>): ResultRow => ({
  metric: `${what}: messages handled, by outcome`,
  value: Object.entries(c).sort().map(([k, v]) => `${k} ${v}`).join(', '),
});

/** The TLS connections the receiver accepted during a phase: each full handshake is an RSA signature there and a chain check here. */
const tlsRow = (what: string, tls: ReceiverReport['tls']): ResultRow => ({
  metric: `${what}: TLS connections opened by the sender (full handshakes / resumed sessions)`,
  value: `${tls.full} / ${tls.resumed}`,
});

/** CPU ms used so far by the processes taking part in a delivery (RabbitMQ's is the whole broker's, shared with anything else using it). */
function cpuSample(receiver: Receiver, database: string) {
  const own = process.cpuUsage();
  return { service: (own.user + own.system) / 1000, postgres: databaseBackendsCpuMs(database), rabbitmq: commandCpuMs('beam.smp'), receiver: cpuMs(receiver.child.pid!) };
}

/** Waits until no delivery of the run is PENDING any more (attempts recorded), so their cost is counted. */
async function waitSettled(app: RunningApp): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const [row] = await app.services.platform.sql.query<{ open: string }>(`select count(*) as open from webhook_deliveries where status = 'PENDING'`);
    if (Number(row!.open) === 0) return;
    await new Promise((res) => setTimeout(res, 50));
  }
}

/**
 * Pipeline capacity alone: EVENTS rows committed while the relay is paused, then released.
 * Also the CPU one delivery costs in each process that takes part, from the release until
 * every attempt is recorded (the service: relay, fan-out and delivery workers).
 */
async function measureDrain(app: RunningApp, receiver: Receiver, database: string) {
  receiver.child.send({ reset: true });
  const relay = app.services.webhookRuntime.relay;
  await relay.stop();
  const ids: string[] = [];
  const commitAt = new Map<string, number>();
  await emitAll(app, ids, null, commitAt);
  const cpu0 = cpuSample(receiver, database);
  const t0 = wall();
  relay.start(app.services.platform.outboxSignal);
  relay.wake();
  const { report, tls } = await waitDelivered(receiver, ids, 120_000);
  const seen = new Map(report);
  await waitSettled(app);
  const cpu1 = cpuSample(receiver, database);
  const last = Math.max(...ids.map((id) => seen.get(id) ?? 0));
  const first = Math.min(...ids.map((id) => seen.get(id) ?? Infinity));
  const delivered = ids.filter((id) => seen.has(id)).length;
  const perDelivery = (ms: number) => ms / Math.max(1, delivered);
  const cpu = {
    service: perDelivery(cpu1.service - cpu0.service),
    postgres: perDelivery(backendsCpuBetween(cpu0.postgres, cpu1.postgres)),
    rabbitmq: perDelivery(cpu1.rabbitmq - cpu0.rabbitmq),
    receiver: perDelivery(cpu1.receiver - cpu0.receiver),
  };
  return { delivered, rate: EVENTS / ((last - t0) / 1000), firstMs: first - t0, cpu, tls };
}

async function measure(app: RunningApp, receiver: Receiver, pace: number | null) {
  receiver.child.send({ reset: true });
  const ids: string[] = [];
  const commitAt = new Map<string, number>();
  const t0 = wall();
  await emitAll(app, ids, pace, commitAt);
  const committedIn = wall() - t0;
  const { report, invalid, tls } = await waitDelivered(receiver, ids, 120_000);
  const seen = new Map(report);
  const received = ids.filter((id) => seen.has(id));
  const lat = latencies(received.map((id) => seen.get(id)! - commitAt.get(id)!));
  const last = Math.max(...received.map((id) => seen.get(id)!));
  return { delivered: received.length, invalid, rate: received.length / ((last - t0) / 1000), lat, commitRate: EVENTS / (committedIn / 1000), drainAfterLastCommitMs: last - t0 - committedIn, tls };
}

export const webhooksBenchmark: Benchmark = {
  name: 'webhooks',
  description: `${EVENTS} events, outbox commit -> RabbitMQ -> signed HTTPS POST received (burst, then paced at ${PACED_RATE}/s)`,
  run: async () => {
    const raw0 = await openRawRabbit(EVENTS);
    const rawBefore = await raw0.measure();
    const receiver = await startReceiver();
    const db = await createDatabase('pixpay_bench_webhooks');
    const prefix = `pixpay-bench-${randomBytes(4).toString('hex')}`;
    const app = await startApplication(
      loadConfig({
        MODE: 'sandbox',
        PORT: '0',
        LOG_LEVEL: 'silent',
        DATABASE_URL: db.url,
        DATABASE_POOL_SIZE: '20',
        AMQP_URL,
        AMQP_PREFIX: prefix,
        WEBHOOK_ALLOW_HOSTS: `localhost:${receiver.port}`,
        WEBHOOK_CA_FILE: receiver.caFile,
        WEBHOOK_CONCURRENCY: String(CONCURRENCY),
      }),
      { logger: createLogger('silent') },
    );
    try {
      const hook = await app.services.webhooks.register(SECRET_SELLER, parseWebhookRegistration({ eventType: 'WITHDRAWAL', url: `https://localhost:${receiver.port}/hook` }));
      receiver.child.send({ secret: hook.secret });
      // Warm-up: connections, TLS sessions, JIT.
      const warm = await measureWarm(app, receiver);
      const outcomes = countOutcomes(app);
      outcomes.take();
      const { drain, burst, drainOutcomes, burstOutcomes } = await profileWindow(PROFILE_DIR, 'webhooks-drain-and-burst', async () => {
        const drain = await measureDrain(app, receiver, db.name);
        const drainOutcomes = outcomes.take();
        const burst = await measure(app, receiver, null);
        return { drain, drainOutcomes, burst, burstOutcomes: outcomes.take() };
      });
      const paced = await measure(app, receiver, PACED_RATE);
      const pacedOutcomes = outcomes.take();
      const rawAfter = await raw0.measure();
      const raw = { rate: (rawBefore.rate + rawAfter.rate) / 2 };
      const share = (rate: number) => (100 * rate) / raw.rate;
      const shareRow = (what: string, rate: number): ResultRow => ({
        metric: `${what} vs raw RabbitMQ`,
        value: `${Math.round(share(rate))}%`,
        goal: `>= ${GOAL_RAW_SHARE}%`,
        verdict: share(rate) >= GOAL_RAW_SHARE ? 'ok' : `${Math.round((100 * share(rate)) / GOAL_RAW_SHARE)}% of goal`,
      });
      const rows: ResultRow[] = [
        { metric: `raw RabbitMQ: ${RAW_WARM_ROUNDS} warm-up rounds (not counted)`, value: `${raw0.warm.map(int).join(' / ')} msg/s` },
        { metric: 'raw RabbitMQ publish(confirm)+consume, quorum queue: before / after', value: `${int(rawBefore.rate)} / ${int(rawAfter.rate)} msg/s` },
        { metric: 'raw RabbitMQ: mean of the two', value: `${int(raw.rate)} msg/s`, goal: 'reference' },
        { metric: `warm-up (${warm} events)`, value: 'done' },
        { metric: `pipeline: ${EVENTS} committed events released at once, delivered`, value: `${drain.delivered}/${EVENTS}` },
        { metric: 'pipeline: deliveries/s (relay -> RabbitMQ -> POST received)', value: int(drain.rate), goal: `>= ${GOAL_RATE}/s`, verdict: drain.rate >= GOAL_RATE ? 'ok' : `${Math.round((100 * drain.rate) / GOAL_RATE)}% of goal` },
        {
          metric: 'pipeline: CPU ms per delivery: service (relay + workers) / PostgreSQL / RabbitMQ (whole broker) / receiver',
          value: [drain.cpu.service, drain.cpu.postgres, drain.cpu.rabbitmq, drain.cpu.receiver].map((c) => c.toFixed(3)).join(' / '),
        },
        outcomesRow('pipeline', drainOutcomes),
        tlsRow('pipeline', drain.tls),
        { metric: `burst: ${EVENTS} events committed at once, delivered`, value: `${burst.delivered}/${EVENTS}`, verdict: burst.invalid === 0 ? 'all signatures valid' : `${burst.invalid} INVALID` },
        { metric: 'burst: outbox commits/s (32 writers, the emitting side)', value: int(burst.commitRate) },
        { metric: 'burst: last delivery after last commit', value: ms(burst.drainAfterLastCommitMs) },
        { metric: 'burst: deliveries/s end to end', value: int(burst.rate), goal: `>= ${GOAL_RATE}/s`, verdict: burst.rate >= GOAL_RATE ? 'ok' : `${Math.round((100 * burst.rate) / GOAL_RATE)}% of goal` },
        { metric: 'burst: latency p50 / p99 (includes queueing)', value: `${ms(burst.lat.p50)} / ${ms(burst.lat.p99)}` },
        outcomesRow('burst', burstOutcomes),
        tlsRow('burst', burst.tls),
        { metric: `paced ${PACED_RATE}/s: delivered`, value: `${paced.delivered}/${EVENTS}`, verdict: paced.invalid === 0 ? 'all signatures valid' : `${paced.invalid} INVALID` },
        { metric: `paced ${PACED_RATE}/s: latency p50`, value: ms(paced.lat.p50) },
        { metric: `paced ${PACED_RATE}/s: latency p99`, value: ms(paced.lat.p99), goal: `< ${GOAL_P99_MS} ms`, verdict: paced.lat.p99 < GOAL_P99_MS ? 'ok' : 'MISS' },
        outcomesRow(`paced ${PACED_RATE}/s`, pacedOutcomes),
        tlsRow(`paced ${PACED_RATE}/s`, paced.tls),
        shareRow('pipeline rate', drain.rate),
        shareRow('burst end-to-end rate', burst.rate),
      ];
      printTable('Webhooks: outbox commit -> valid signed POST received', rows);
    } finally {
      await app.stop();
      receiver.child.send({ exit: true });
      const conn = new Connection(AMQP_URL);
      await deleteTopology(conn, prefix);
      await conn.close();
      await db.drop();
      await raw0.close();
    }
  },
};

async function measureWarm(app: RunningApp, receiver: Receiver): Promise<number> {
  const { uow, outbox } = app.services.platform;
  const n = 200;
  const ids: string[] = [];
  await Promise.all(Array.from({ length: n }, async (_, i) => {
    ids.push(await uow.run((tx) => outbox.append(tx, { eventType: 'WITHDRAWAL_PAID', sellerId: SECRET_SELLER, aggregateType: 'WITHDRAWAL', aggregateId: `warm_${i}`, payload: { id: `warm_${i}` }, occurredAt: new Date() })));
  }));
  await waitDelivered(receiver, ids, 60_000);
  return n;
}

if (require.main === module) {
  webhooksBenchmark.run().catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  });
}
