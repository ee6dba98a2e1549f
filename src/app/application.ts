import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock, type Clock } from '../domain/shared/clock';
import { attachGraphql } from '../graphql/graphql-server';
import { buildGraphqlSchema } from '../graphql/schema';
import { createLivePubSub, InProcessLiveEvents } from '../infra/live/in-process-live-events';
import { AmqpLiveEvents } from '../infra/live/amqp-live-events';
import { createLogger, type Logger } from '../infra/log/logger';
import { buildHttpApp } from '../rest/rest-app';
import { DASHBOARD_PATH } from '../rest/routes/dashboard.routes';
import type { Config } from './config';
import { buildServices } from './container';
import { openDatabase } from './database';
import { startWorker } from './worker';
import type { Services } from './services';

export interface RunningApp {
  url: string;
  /** The seller dashboard's address (api and all roles). */
  dashboardUrl?: string;
  services: Services;
  server: Server;
  stop(): Promise<void>;
}

export interface AppOverrides {
  clock?: Clock;
  logger?: Logger;
}

/** Boots one process: database, use cases, and the HTTP/WebSocket doors. */
export async function startApplication(config: Config, o: AppOverrides = {}): Promise<RunningApp> {
  const logger = o.logger ?? createLogger(config.LOG_LEVEL);
  const db = await openDatabase(config);
  const pubSub = createLivePubSub();
  // Live events cross instances through RabbitMQ when it is configured (one queue per instance).
  const live = config.AMQP_URL
    ? await AmqpLiveEvents.start({ url: config.AMQP_URL, exchange: `${config.AMQP_PREFIX}.live`, pubSub, logger })
    : new InProcessLiveEvents(pubSub);
  const services = buildServices(config, db.orm, logger, o.clock ?? systemClock, live);
  const schema = await buildGraphqlSchema(pubSub);
  const server = createServer();
  const background = config.ROLE === 'api' ? undefined : startWorker(services);
  // The worker role answers only /health; the doors belong to api instances.
  const graphql = config.ROLE === 'worker' ? undefined : await attachGraphql(server, schema, services, config.BODY_LIMIT);
  const app = buildHttpApp(services, { bodyLimit: config.BODY_LIMIT, extra: graphql ? [graphql.router] : [], healthOnly: !graphql });
  server.on('request', app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.HOST}:${port}`;
  const dashboard = graphql ? `${url}${DASHBOARD_PATH}/` : undefined;
  logger.info({ url, dashboard, mode: config.MODE, embeddedDatabase: db.embedded }, 'pixpay listening');
  return {
    url,
    dashboardUrl: dashboard,
    services,
    server,
    stop: async () => {
      await graphql?.stop();
      await background?.stop();
      await services.webhookRuntime.close();
      if (live instanceof AmqpLiveEvents) await live.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}
