import { setTimeout as sleep } from 'node:timers/promises';
import { ConsumerStatus, type AsyncMessage, type Connection, type Consumer, type Publisher } from 'rabbitmq-client';
import type { DeliveryProcessor } from '../../domain/webhooks/delivery-processor';
import type { DeliveryQueue } from '../../domain/webhooks/webhooks.ports';
import type { Logger } from '../log/logger';
import { DELAY_TIERS_MS, delayKey, delayTierFor, PARK_KEY, queueOptions, type Topology, WORK_KEY } from './topology';

/** A delivery message: the delivery id, the attempt count it expects (fence), and when it is due (epoch ms). */
export interface DeliveryMessage {
  d: string;
  n?: number;
  due?: number;
}

const ERROR_PAUSE_MS = 1_000;
/** A message whose delivery another worker holds is looked at again after at most this. */
const LEASED_RECHECK_MS = 2_000;

function parseDeliveryMessage(body: unknown): DeliveryMessage | null {
  const m = (typeof body === 'string' ? safeJson(body) : body) as DeliveryMessage | null;
  if (!m || typeof m !== 'object' || typeof m.d !== 'string') return null;
  if (m.n !== undefined && !Number.isSafeInteger(m.n)) return null;
  return m;
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
}

/** Publishes delivery messages with publisher confirms (persistent). */
export class AmqpDeliveryQueue implements DeliveryQueue {
  private readonly publisher: Publisher;

  constructor(
    conn: Connection,
    private readonly t: Topology,
  ) {
    // The publisher (re)declares what it publishes into on every (re)connection, so an
    // api-only process never publishes into an exchange with nothing bound yet.
    const q = queueOptions(t);
    this.publisher = conn.createPublisher({
      confirm: true,
      maxAttempts: 3,
      exchanges: [{ exchange: t.webhooks, type: 'direct', durable: true }],
      queues: [q.work, q.parking, ...DELAY_TIERS_MS.map((ms) => q.delay(ms))],
      queueBindings: [
        { queue: t.workQueue, exchange: t.webhooks, routingKey: WORK_KEY },
        { queue: t.parkingQueue, exchange: t.webhooks, routingKey: PARK_KEY },
        ...DELAY_TIERS_MS.map((ms) => ({ queue: t.delayQueue(ms), exchange: t.webhooks, routingKey: delayKey(ms) })),
      ],
    });
  }

  private send(routingKey: string, body: DeliveryMessage): Promise<void> {
    return this.publisher.send({ exchange: this.t.webhooks, routingKey, durable: true, contentType: 'application/json' }, body);
  }

  async enqueue(deliveries: { id: string; attempts: number }[]): Promise<void> {
    await Promise.all(deliveries.map((d) => this.send(WORK_KEY, { d: d.id, n: d.attempts })));
  }

  /** Back to the work queue after delayMs, through the TTL tiers. */
  async delay(message: DeliveryMessage, delayMs: number): Promise<void> {
    const due = message.due !== undefined && delayMs === 0 ? message.due : Date.now() + delayMs;
    const tier = delayTierFor(due - Date.now());
    await this.send(tier === null ? WORK_KEY : delayKey(tier), { d: message.d, n: message.n, due });
  }

  close(): Promise<void> {
    return this.publisher.close();
  }
}

export interface AmqpWorkerDeps {
  conn: Connection;
  topology: Topology;
  queue: AmqpDeliveryQueue;
  processor: DeliveryProcessor;
  logger: Logger;
  /** Concurrent HTTP attempts per process. */
  concurrency: number;
}

/**
 * The RabbitMQ consumers of the worker role: work (one attempt per message) and the
 * parking drain. Deliveries are created by the fan-out of the outbox relay and enqueued
 * here by id. A cycle's next start is never the broker's business: the statement that
 * records the cycle's last failure writes its durable job (PgDeliveryWork.record). The
 * work queue's dead-letter target (kept, since a queue's arguments cannot change in
 * place) only receives what a broker policy rejects (a delivery limit): such a message
 * is dropped with a warning, its delivery is still PENDING in PostgreSQL and the
 * sweeper's rescue re-enqueues it.
 */
export class AmqpWebhookWorkers {
  private consumers: Consumer[] = [];

  constructor(private readonly deps: AmqpWorkerDeps) {}

  start(): void {
    const { conn, topology: t, concurrency } = this.deps;
    const q = queueOptions(t);
    this.consumers = [
      conn.createConsumer(
        { queue: t.workQueue, queueOptions: q.work, qos: { prefetchCount: concurrency * 2 }, concurrency },
        (m) => this.guard('delivery', () => this.work(m)),
      ),
      conn.createConsumer({ queue: t.parkingQueue, queueOptions: q.parking, qos: { prefetchCount: 16 }, concurrency: 8 }, (m) => this.drainParked(m)),
    ];
    for (const c of this.consumers) c.on('error', (err) => this.deps.logger.warn({ err }, 'webhook consumer error'));
  }

  /** A handler failure (database down...) requeues the message after a pause, never drops it. */
  private async guard(what: string, work: () => Promise<ConsumerStatus>): Promise<ConsumerStatus> {
    try {
      return await work();
    } catch (err) {
      this.deps.logger.error({ err }, `webhook ${what} handler failed; message requeued`);
      await sleep(ERROR_PAUSE_MS);
      return ConsumerStatus.REQUEUE;
    }
  }

  private async work(msg: AsyncMessage): Promise<ConsumerStatus> {
    const m = parseDeliveryMessage(msg.body);
    if (!m) {
      this.deps.logger.error({ body: String(msg.body).slice(0, 200) }, 'unreadable delivery message dropped');
      return ConsumerStatus.ACK;
    }
    if (m.due !== undefined && delayTierFor(m.due - Date.now()) !== null) {
      await this.deps.queue.delay(m, 0); // not due yet: one more hop
      return ConsumerStatus.ACK;
    }
    const result = await this.deps.processor.handleMessage(m.d, m.n);
    switch (result.action) {
      case 'STALE':
      case 'FENCED':
      case 'DONE':
        return ConsumerStatus.ACK;
      case 'LEASED':
        await this.deps.queue.delay({ d: m.d, n: m.n }, Math.min(Math.max(result.retryInMs, 200), LEASED_RECHECK_MS));
        return ConsumerStatus.ACK;
      case 'RETRY_IN_CYCLE':
        await this.deps.queue.delay({ d: m.d, n: result.attempts }, result.delayMs);
        return ConsumerStatus.ACK;
      case 'NEXT_CYCLE':
        // The statement that recorded the failure also wrote the next cycle's durable job.
        return ConsumerStatus.ACK;
    }
  }

  private drainParked(msg: AsyncMessage): ConsumerStatus {
    const m = parseDeliveryMessage(msg.body);
    this.deps.logger.warn({ delivery: m?.d }, 'webhook message dead-lettered by the broker; the sweeper re-enqueues its delivery');
    return ConsumerStatus.ACK;
  }

  async stop(): Promise<void> {
    await Promise.all(this.consumers.map((c) => c.close()));
    this.consumers = [];
  }
}

