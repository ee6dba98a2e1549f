import { afterAll, beforeAll } from 'vitest';
import { startWebhookApp, type WebhookTestApp } from '../../webhooks/support/app';
import { Receiver } from '../../webhooks/support/receiver';
import { PrivateRabbitMq } from './private-rabbitmq';

export interface PrivateBrokerFixture {
  broker: PrivateRabbitMq;
  receiver: Receiver;
  app: WebhookTestApp;
}

/**
 * For a fault test file that breaks the broker: before its tests, a private RabbitMQ
 * node, a webhook receiver and the service on that node (handed to `ready`); after them,
 * all three gone.
 */
export function withPrivateBroker(name: string, env: Record<string, string>, ready: (f: PrivateBrokerFixture) => void): void {
  const f: Partial<PrivateBrokerFixture> = {};
  beforeAll(async () => {
    f.broker = await PrivateRabbitMq.start();
    f.receiver = await Receiver.start();
    f.app = await startWebhookApp(f.receiver, { amqp: true, name, env: { AMQP_URL: f.broker.url, ...env } });
    ready(f as PrivateBrokerFixture);
  }, 90_000);
  afterAll(async () => {
    await f.app?.close();
    await f.receiver?.stop();
    await f.broker?.destroy();
  }, 60_000);
}
