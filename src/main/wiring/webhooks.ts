import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Connection } from 'rabbitmq-client';
import { assertHealthWindows } from '../../domain/webhooks/endpoint-health';
import { endpointHealthJobs } from '../../domain/webhooks/endpoint-health-jobs';
import { EndpointHealthService } from '../../domain/webhooks/endpoint-health.service';
import { NodemailerEndpointNoticeMailer } from '../../infra/webhooks/endpoint-notice-mailer';
import { PgEndpointHealth } from '../../infra/webhooks/pg-endpoint-health';
import { PgWebhookStats } from '../../infra/webhooks/pg-webhook-stats';
import { WebhookStatsQuery } from '../../domain/webhooks/webhook-stats';
import { PeriodicLoop } from '../../infra/shared/periodic-loop';
import { DeliveryProcessor } from '../../domain/webhooks/delivery-processor';
import { EndpointThrottle } from '../../domain/webhooks/endpoint-throttle';
import { EventFanOut } from '../../domain/webhooks/event-fan-out';
import { WebhookManagementService } from '../../domain/webhooks/webhook-management.service';
import { WebhookReplayService } from '../../domain/webhooks/webhook-replay.service';
import type { DeliveryQueue, WebhookTargetGuard } from '../../domain/webhooks/webhooks.ports';
import { AmqpDeliveryQueue, AmqpWebhookWorkers } from '../../infra/amqp/amqp-webhooks';
import { openAmqp } from '../../infra/amqp/connection';
import { declareTopology, topologyNames } from '../../infra/amqp/topology';
import { OutboxRelay } from '../../infra/outbox/relay';
import { OutboxListener } from '../../infra/outbox/relay-listener';
import { DeliverySweeper } from '../../infra/webhooks/delivery-sweeper';
import { EmbeddedDeliveryWorker } from '../../infra/webhooks/embedded-delivery-worker';
import { HttpsWebhookSender } from '../../infra/webhooks/https-sender';
import { webhookJobs } from '../../domain/webhooks/webhook-jobs';
import { PgDeliveryFanOut } from '../../infra/webhooks/pg-delivery-fan-out';
import { PgDeliveryLog } from '../../infra/webhooks/pg-delivery-log';
import { PgDeliveryWork } from '../../infra/webhooks/pg-delivery-work';
import { PgWebhookEndpoints } from '../../infra/webhooks/pg-webhook-endpoints';
import { SsrfGuard } from '../../infra/webhooks/ssrf-guard';
import { PgPoolRunner } from '../../infra/webhooks/query-runners';
import { connectionBudget } from './connection-budget';
import type { Platform } from './platform';

/** Handles tests and shutdown use; not a door API. */
export interface WebhookRuntime {
  backend: 'amqp' | 'embedded';
  relay: OutboxRelay;
  /** Creates deliveries (tests fan out an event without the relay's hand-off). */
  deliveries: PgDeliveryFanOut;
  sweeper: DeliverySweeper;
  embeddedWorker?: EmbeddedDeliveryWorker;
  amqpWorkers?: AmqpWebhookWorkers;
  amqpQueue?: AmqpDeliveryQueue;
  /** The webhook backend's RabbitMQ connection (tests drop it to prove nothing is lost). */
  amqpConnection?: Connection;
  /** Closes the sender's sockets and the RabbitMQ connection (after the worker stopped). */
  close(): Promise<void>;
}

/**
 * Webhooks: registration and management, the delivery log, the outbox relay and the
 * delivery workers, on RabbitMQ when AMQP_URL is set and on the in-process
 * PostgreSQL-backed queue otherwise. Relays, consumers and the sweeper run in the
 * worker role (platform.workerHooks); the api role only enqueues.
 */
export function wireWebhooks(p: Platform) {
  const { config, sql, clock, logger, tokens, uow } = p;
  const box = p.secretBox;
  const sealNew = () => {
    const secret = `whsec_${tokens.randomToken()}`;
    return { secretEnc: box.seal(secret), last4: secret.slice(-4) };
  };
  const guard = new SsrfGuard(config.WEBHOOK_ALLOW_HOSTS);
  const sender = new HttpsWebhookSender({
    guard,
    caFile: config.WEBHOOK_CA_FILE,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    maxSockets: Math.max(64, config.WEBHOOK_CONCURRENCY),
    logger,
  });
  const endpoints = new PgWebhookEndpoints(sql);
  // A worker on a real PostgreSQL gives its hot statements pools of their own (leases with
  // synchronous_commit off), counted in the process's connection budget; PGlite has one
  // connection and an api-only process needs none, so their statements use the ORM's pool.
  const budget = connectionBudget({ poolSize: config.DATABASE_POOL_SIZE, embedded: !config.DATABASE_URL, runsWorkers: config.ROLE !== 'api' });
  const poolOf = (max: number, asyncCommit: boolean) => (config.DATABASE_URL && max > 0 ? new PgPoolRunner(config.DATABASE_URL, { max, asyncCommit }) : undefined);
  const durable = poolOf(budget.webhookDurable, false);
  const relaxed = poolOf(budget.webhookRelaxed, true);
  const closePools = async () => {
    await durable?.close();
    await relaxed?.close();
  };
  // With RabbitMQ, the next cycle of a delivery is a durable job written with the failure.
  const log = new PgDeliveryLog(sql);
  const deliveries = new PgDeliveryFanOut(sql, sealNew, durable);
  const work = new PgDeliveryWork(sql, box, {
    durable,
    relaxed,
    scheduleNextCycles: Boolean(config.AMQP_URL),
    onRecorded: (r, moved) => {
      if (r.attempt) p.metrics.webhookAttempt(r.attempt.success, r.attempt.latencyMs);
      if (moved && r.next.status !== 'PENDING' && r.next.status !== 'FAILED' && r.next.status !== 'HELD') p.metrics.webhookDeliveryFinished(r.next.status);
    },
  });
  // One endpoint may hold at most a quarter of the attempts in flight: a hanging receiver never takes them all.
  const throttle = new EndpointThrottle(Math.max(1, Math.floor(config.WEBHOOK_CONCURRENCY / 4)));
  // A delivery waits in its quick endpoint's line on a timer that never keeps the process up.
  const processor = new DeliveryProcessor({ store: work, sender, clock, throttle, wait: (ms) => sleep(ms, undefined, { ref: false }) });
  const fanOutTo = (to: DeliveryQueue) =>
    new EventFanOut({
      store: deliveries,
      queue: to,
      clock,
      onHandOffFailed: (err, count) => logger.warn({ err, deliveries: count }, 'saved deliveries not enqueued; the sweeper will re-enqueue them'),
    });

  let queue: DeliveryQueue;
  let fanOut: EventFanOut;
  let runtime: WebhookRuntime;

  if (config.AMQP_URL) {
    const conn = openAmqp(config.AMQP_URL, logger, 'pixpay-webhooks');
    const topology = topologyNames(config.AMQP_PREFIX);
    const amqpQueue = new AmqpDeliveryQueue(conn, topology);
    queue = amqpQueue;
    fanOut = fanOutTo(amqpQueue);
    const relay = new OutboxRelay({ uow, sql, clock, logger, sink: fanOut }, { pollMs: config.WEBHOOK_POLL_MS });
    const workers = new AmqpWebhookWorkers({
      conn, topology, queue: amqpQueue, processor, logger, concurrency: config.WEBHOOK_CONCURRENCY,
    });
    const sweeper = new DeliverySweeper({ deliveries: work, clock, logger, rescueTo: amqpQueue, rescueAfterMs: config.WEBHOOK_RESCUE_AFTER_MS });
    p.jobs.registerAll(webhookJobs({ wake: (delivery) => amqpQueue.enqueue([delivery]) }));
    p.workerHooks.push(() => {
      const listener = config.DATABASE_URL ? new OutboxListener({ url: config.DATABASE_URL, logger, onNotify: relay.wake }) : undefined;
      // The relay and the sweeper need only PostgreSQL; the consumers start once the
      // topology is declared, retrying while the broker is unreachable.
      relay.start(p.outboxSignal);
      listener?.start();
      sweeper.start(config.WEBHOOK_SWEEP_MS);
      let stopping = false;
      const started = (async () => {
        for (let failures = 0; !stopping; failures++) {
          try {
            await declareTopology(conn, config.AMQP_PREFIX);
            if (!stopping) workers.start();
            return;
          } catch (err) {
            logger.error({ err }, 'RabbitMQ topology not declared yet; webhook consumers wait for the broker');
            await new Promise((r) => setTimeout(r, Math.min(30_000, 1_000 * 2 ** Math.min(failures, 5))));
          }
        }
      })();
      return {
        stop: async () => {
          stopping = true;
          await listener?.stop();
          await relay.stop();
          await sweeper.stop();
          await started;
          await workers.stop();
        },
      };
    });
    runtime = {
      backend: 'amqp',
      relay,
      deliveries,
      sweeper,
      amqpWorkers: workers,
      amqpQueue,
      amqpConnection: conn,
      close: async () => {
        sender.close();
        await amqpQueue.close();
        await conn.close();
        await closePools();
      },
    };
  } else {
    const worker = new EmbeddedDeliveryWorker({ deliveries: work, processor, clock, logger, concurrency: config.WEBHOOK_CONCURRENCY, pollMs: config.WEBHOOK_POLL_MS });
    queue = { enqueue: async () => worker.wake() };
    fanOut = fanOutTo(queue);
    const relay = new OutboxRelay({ uow, sql, clock, logger, sink: fanOut }, { pollMs: config.WEBHOOK_POLL_MS });
    const sweeper = new DeliverySweeper({ deliveries: work, clock, logger, rescueAfterMs: config.WEBHOOK_RESCUE_AFTER_MS });
    p.workerHooks.push(() => {
      // A real PostgreSQL shared by several processes: LISTEN too. Never on PGlite (one connection).
      const listener = config.DATABASE_URL ? new OutboxListener({ url: config.DATABASE_URL, logger, onNotify: relay.wake }) : undefined;
      worker.start();
      relay.start(p.outboxSignal);
      listener?.start();
      sweeper.start(config.WEBHOOK_SWEEP_MS);
      return {
        stop: async () => {
          await listener?.stop();
          await relay.stop();
          await sweeper.stop();
          await worker.stop();
        },
      };
    });
    runtime = {
      backend: 'embedded',
      relay,
      deliveries,
      sweeper,
      embeddedWorker: worker,
      close: async () => {
        sender.close();
        await closePools();
      },
    };
  }

  const webhookTargets: WebhookTargetGuard = guard;
  const webhookReplay = new WebhookReplayService({ log, deliveries, fanOut, queue, clock, newNonce: () => tokens.newId() });
  const webhookHealth = new EndpointHealthService({
    uow,
    store: new PgEndpointHealth(sql),
    endpoints,
    outbox: p.outbox,
    scheduler: p.scheduler,
    mailer: new NodemailerEndpointNoticeMailer({ smtpUrl: config.SMTP_URL, mailDir: join(config.DATA_DIR, 'mail'), from: config.MAIL_FROM, dashboardUrl: () => p.publicAddress.baseUrl }),
    clock,
    windows: assertHealthWindows({ failingAfterMs: config.WEBHOOK_FAILING_AFTER_HOURS * 3_600_000, disableAfterMs: config.WEBHOOK_DISABLE_AFTER_DAYS * 86_400_000 }),
    replay: (sellerId, range) => webhookReplay.replayFailed(sellerId, range),
  });
  p.jobs.registerAll(endpointHealthJobs(webhookHealth));
  p.workerHooks.push(() => {
    const loop = new PeriodicLoop(async () => {
      const changed = await webhookHealth.check();
      if (changed > 0) logger.info({ changed }, 'webhook endpoint states changed');
    }, (err) => logger.error({ err }, 'webhook endpoint health check failed; retried at the next run'));
    loop.start(config.WEBHOOK_HEALTH_CHECK_MS);
    return { stop: () => loop.stop() };
  });
  return {
    webhooks: new WebhookManagementService({ endpoints, log, deliveries, queue, guard, box, tokens, clock }),
    webhookReplay,
    /** Registrations' health: the worker's check, re-enabling, the history. */
    webhookHealth,
    webhookStats: new WebhookStatsQuery({ store: new PgWebhookStats(sql), endpoints, clock }),
    /** SSRF check for other features' URLs (a transaction's postbackUrl at creation). */
    webhookTargets,
    webhookRuntime: runtime,
  };
}
