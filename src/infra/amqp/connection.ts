import { Connection } from 'rabbitmq-client';
import type { Logger } from '../log/logger';

/** A RabbitMQ connection that reconnects by itself (rabbitmq-client) and logs its state. */
export function openAmqp(url: string, logger: Logger, name: string): Connection {
  const conn = new Connection({
    url,
    connectionName: name,
    // Fail fast on a dead broker, then keep retrying in the background.
    connectionTimeout: 5_000,
    acquireTimeout: 20_000,
    retryLow: 200,
    retryHigh: 5_000,
    heartbeat: 30,
  });
  conn.on('error', (err) => logger.warn({ err, amqp: name }, 'RabbitMQ connection error; reconnecting'));
  conn.on('connection', () => logger.debug({ amqp: name }, 'RabbitMQ connection (re)established'));
  return conn;
}
