import type { Connection, Consumer, Publisher } from 'rabbitmq-client';
import type { LiveEvent, LiveEventFeed, LiveEvents } from '../../domain/shared/live-events';
import { openAmqp } from '../amqp/connection';
import type { Logger } from '../log/logger';
import type { LivePubSub } from './in-process-live-events';
import { LiveListeners } from './live-listeners';

// A record over every topic: a topic added to LiveEvent and left out here does not compile.
const TOPIC_NAMES: Record<LiveEvent['topic'], true> = {
  WALLET_UPDATED: true,
  TRANSACTION_UPDATED: true,
  WITHDRAWAL_UPDATED: true,
  DISPUTE_UPDATED: true,
  RECURRENCE_UPDATED: true,
  SPLIT_SHARE_UPDATED: true,
  CREDENTIALS_CHANGED: true,
};
const TOPICS = new Set(Object.keys(TOPIC_NAMES) as LiveEvent['topic'][]);

/**
 * Live events across api instances: every publish goes to a RabbitMQ fanout exchange;
 * each instance consumes it through its own exclusive, auto-delete, server-named queue
 * and feeds its local pubsub, so a GraphQL subscriber on any instance sees every change
 * of its seller. Not durable by contract (webhooks carry the durable copy): published
 * without confirms; while the broker is unreachable, events fall back to this instance's
 * own subscribers.
 */
export class AmqpLiveEvents implements LiveEvents, LiveEventFeed {
  private readonly listeners = new LiveListeners();
  private readonly publisher: Publisher;
  private readonly consumer: Consumer;
  private readonly ready: Promise<void>;

  constructor(
    private readonly o: { conn: Connection; exchange: string; pubSub: LivePubSub; logger: Logger; ownsConnection?: boolean },
  ) {
    const exchange = { exchange: o.exchange, type: 'fanout' as const, durable: true };
    this.publisher = o.conn.createPublisher({ confirm: false, exchanges: [exchange] });
    this.consumer = o.conn.createConsumer(
      {
        queue: '',
        queueOptions: { exclusive: true, autoDelete: true, durable: false },
        exchanges: [exchange],
        queueBindings: [{ exchange: o.exchange, routingKey: '' }],
        noAck: true,
        qos: { prefetchCount: 0 },
      },
      (msg) => this.receive(msg.body),
    );
    this.consumer.on('error', (err) => o.logger.warn({ err }, 'live events consumer error'));
    this.ready = new Promise<void>((resolve) => this.consumer.once('ready', () => resolve()));
  }

  /** Connects to AMQP_URL; resolves once this instance's queue is bound. */
  static async start(o: { url: string; exchange: string; pubSub: LivePubSub; logger: Logger }): Promise<AmqpLiveEvents> {
    const live = new AmqpLiveEvents({ ...o, conn: openAmqp(o.url, o.logger, 'pixpay-live'), ownsConnection: true });
    // A broker that is down must not stop the service: local subscribers still work.
    let timer: NodeJS.Timeout | undefined;
    const ready = await Promise.race([
      live.whenReady().then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 10_000))),
    ]);
    clearTimeout(timer);
    if (!ready) o.logger.warn('RabbitMQ not reachable yet; live events stay local until it is');
    return live;
  }

  whenReady(): Promise<void> {
    return this.ready;
  }

  publish(event: LiveEvent): void {
    this.publisher.send({ exchange: this.o.exchange, routingKey: '', contentType: 'application/json' }, event).catch((err) => {
      this.o.logger.warn({ err }, 'live event not published to RabbitMQ; delivered locally only');
      this.deliver(event);
    });
  }

  private receive(body: unknown): void {
    const e = body as LiveEvent | null;
    if (!e || typeof e !== 'object' || !TOPICS.has(e.topic) || typeof e.sellerId !== 'string') return;
    this.deliver(e);
  }

  onEvent(topic: LiveEvent['topic'], listener: (event: LiveEvent) => void): void {
    this.listeners.onEvent(topic, listener);
  }

  private deliver(e: LiveEvent): void {
    this.listeners.emit(e);
    this.o.pubSub.publish(e.topic, e.sellerId, e);
  }

  async close(): Promise<void> {
    await this.consumer.close();
    await this.publisher.close();
    if (this.o.ownsConnection) await this.o.conn.close();
  }
}
