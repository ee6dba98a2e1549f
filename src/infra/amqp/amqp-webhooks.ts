import { setTimeout as sleep } from 'node:timers/promises';
import { bulkhead, type BulkheadPolicy } from 'cockatiel';
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

/**
 * A batch message: deliveries handed over together (a relay batch's fan-out, a rescue),
 * each as [id, attempts so far], each attempted as if it had come in its own message.
 */
export interface DeliveryBatchMessage {
  b: [string, number][];
}

/**
 * Most deliveries in one batch message. One message per delivery cost the broker a
 * quorum-log write, a confirm, a delivery and an ack each, and the worker a socket write
 * for each of those; a batch pays them once. Small enough that a relay batch (200 events)
 * still spreads over several messages, so several worker processes share it.
 */
export const BATCH_MESSAGE_MAX = 32;

const ERROR_PAUSE_MS = 1_000;
/** A message whose delivery another worker holds is looked at again after at most this. */
const LEASED_RECHECK_MS = 2_000;

const isAttempts = (n: unknown): n is number => Number.isSafeInteger(n);

function parseDeliveryMessage(body: unknown): DeliveryMessage | DeliveryBatchMessage | null {
  const m = (typeof body === 'string' ? safeJson(body) : body) as Partial<DeliveryMessage & DeliveryBatchMessage> | null;
  if (!m || typeof m !== 'object') return null;
  if (Array.isArray(m.b)) {
    const ok = m.b.every((e) => Array.isArray(e) && typeof e[0] === 'string' && isAttempts(e[1]));
    return ok && m.b.length > 0 ? { b: m.b } : null;
  }
  if (typeof m.d !== 'string') return null;
  if (m.n !== undefined && !isAttempts(m.n)) return null;
  return m as DeliveryMessage;
}

/** Splits n items into the fewest messages of at most BATCH_MESSAGE_MAX, of even sizes. */
function evenChunks<T>(items: T[]): T[][] {
  const count = Math.ceil(items.length / BATCH_MESSAGE_MAX);
  const size = Math.ceil(items.length / count);
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
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

  private send(routingKey: string, body: DeliveryMessage | DeliveryBatchMessage): Promise<void> {
    return this.publisher.send({ exchange: this.t.webhooks, routingKey, durable: true, contentType: 'application/json' }, body);
  }

  /** One message for a single delivery, batch messages of up to BATCH_MESSAGE_MAX for more. */
  async enqueue(deliveries: { id: string; attempts: number }[]): Promise<void> {
    if (deliveries.length === 0) return;
    if (deliveries.length === 1) return this.send(WORK_KEY, { d: deliveries[0]!.id, n: deliveries[0]!.attempts });
    await Promise.all(evenChunks(deliveries).map((chunk) => this.send(WORK_KEY, { b: chunk.map((d) => [d.id, d.attempts]) })));
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
 * The RabbitMQ consumers of the worker role: work (one attempt per delivery named in a
 * message; a batch message names several) and the parking drain. Deliveries are created
 * by the fan-out of the outbox relay and enqueued here by id. A cycle's next start is
 * never the broker's business: the statement that records the cycle's last failure
 * writes its durable job (PgDeliveryWork.record). The work queue's dead-letter target
 * (kept, since a queue's arguments cannot change in place) only receives what a broker
 * policy rejects (a delivery limit): such a message is dropped with a warning, its
 * delivery is still PENDING in PostgreSQL and the sweeper's rescue re-enqueues it.
 */
export class AmqpWebhookWorkers {
  private consumers: Consumer[] = [];
  /** Attempts in flight in this process, whatever message they came in: `concurrency`. */
  private readonly slots: BulkheadPolicy;

  constructor(private readonly deps: AmqpWorkerDeps) {
    // Unbounded queue, first come first served: a message's deliveries wait their turn, never refused.
    this.slots = bulkhead(deps.concurrency, Infinity);
  }

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
    if ('b' in m) {
      // Acked once every delivery of the batch is handled; if one failed, the whole message
      // comes back after the pause and those already handled are then found stale (fenced).
      const handled = await Promise.allSettled(m.b.map(([d, n]) => this.slots.execute(() => this.handle({ d, n }))));
      const failed = handled.find((h): h is PromiseRejectedResult => h.status === 'rejected');
      if (failed) throw failed.reason;
      return ConsumerStatus.ACK;
    }
    if (m.due !== undefined && delayTierFor(m.due - Date.now()) !== null) {
      await this.deps.queue.delay(m, 0); // not due yet: one more hop
      return ConsumerStatus.ACK;
    }
    await this.slots.execute(() => this.handle(m));
    return ConsumerStatus.ACK;
  }

  /** One attempt of a due delivery, and whatever its outcome asks of the queue. */
  private async handle(m: DeliveryMessage): Promise<void> {
    const result = await this.deps.processor.handleMessage(m.d, m.n);
    switch (result.action) {
      case 'STALE':
      case 'FENCED':
      case 'DONE':
        return;
      case 'LEASED':
        await this.deps.queue.delay({ d: m.d, n: m.n }, Math.min(Math.max(result.retryInMs, 200), LEASED_RECHECK_MS));
        return;
      case 'RETRY_IN_CYCLE':
        await this.deps.queue.delay({ d: m.d, n: result.attempts }, result.delayMs);
        return;
      case 'NEXT_CYCLE':
        // The statement that recorded the failure also wrote the next cycle's durable job.
        return;
    }
  }

  private drainParked(msg: AsyncMessage): ConsumerStatus {
    const m = parseDeliveryMessage(msg.body);
    const deliveries = !m ? undefined : 'b' in m ? m.b.map(([d]) => d) : [m.d];
    this.deps.logger.warn({ deliveries }, 'webhook message dead-lettered by the broker; the sweeper re-enqueues its deliveries');
    return ConsumerStatus.ACK;
  }

  async stop(): Promise<void> {
    await Promise.all(this.consumers.map((c) => c.close()));
    this.consumers = [];
  }
}

