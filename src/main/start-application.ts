import { createServer, type Server } from 'node:http';
import type { ApiPixExchange } from '../infra/apipix/apipix-client';
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
import { openDatabase, StartupError } from './database';
import { drainHttpServer } from './http-drain';
import { listenedUrl } from './public-address';
import { startWorker } from './worker';
import type { AppServices } from './app-services';

export interface RunningApp {
  url: string;
  /** The seller dashboard's address (api and all roles). */
  dashboardUrl?: string;
  services: AppServices;
  server: Server;
  stop(): Promise<void>;
}

export interface AppOverrides {
  clock?: Clock;
  logger?: Logger;
  /** Sees every call to the API Pix PSP and its answer (tests check them against the Central Bank's spec). */
  apiPixObserve?: (exchange: ApiPixExchange) => void;
}

/** Boots one process: database, use cases, and the HTTP/WebSocket doors. */
export async function startApplication(config: Config, o: AppOverrides = {}): Promise<RunningApp> {
  const logger = o.logger ?? createLogger(config.LOG_LEVEL, undefined, config.LOG_FORMAT);
  const db = await openDatabase(config);
  const pubSub = createLivePubSub();
  // Live events cross instances through RabbitMQ when it is configured (one queue per instance).
  const live = config.AMQP_URL
    ? await AmqpLiveEvents.start({ url: config.AMQP_URL, exchange: `${config.AMQP_PREFIX}.live`, pubSub, logger })
    : new InProcessLiveEvents(pubSub);
  const services = buildServices(config, db.orm, logger, o.clock ?? systemClock, live, { apiPixObserve: o.apiPixObserve });
  const schema = await buildGraphqlSchema(pubSub);
  const server = createServer();
  const background = config.ROLE === 'api' ? undefined : startWorker(services);
  // The worker role answers only /health; the doors belong to api instances.
  const graphql =
    config.ROLE === 'worker'
      ? undefined
      : await attachGraphql(server, schema, services, { bodyLimit: config.BODY_LIMIT, stackTraces: config.GRAPHQL_STACK_TRACES, liveCredentialCheckMs: config.LIVE_CREDENTIAL_CHECK_SECONDS * 1_000, trustProxy: config.TRUST_PROXY });
  const app = buildHttpApp(services, { bodyLimit: config.BODY_LIMIT, trustProxy: config.TRUST_PROXY, extra: graphql ? [graphql.router] : [], healthOnly: !graphql });
  server.on('request', app);
  // Shutdown, in order: stop being ready and accepting, finish in-flight requests and close
  // subscriptions (1001), stop background work after its current batch, then connections.
  const stop = async () => {
    services.lifecycle.draining = true;
    const deadline = Date.now() + config.SHUTDOWN_TIMEOUT_MS;
    if (server.listening) {
      if (graphql && config.SHUTDOWN_DRAIN_DELAY_MS > 0) await new Promise((r) => setTimeout(r, config.SHUTDOWN_DRAIN_DELAY_MS));
      const httpDrained = drainHttpServer(server, { idleGraceMs: 1_000, deadlineMs: Math.max(1_000, deadline - Date.now() - 5_000) });
      await graphql?.closeSubscriptions();
      await httpDrained;
    }
    await graphql?.stop();
    await background?.stop();
    await services.webhookRuntime.close();
    await services.rateLimitRuntime.close();
    await services.qrRenderer.close();
    if (live instanceof AmqpLiveEvents) await live.close();
    services.databaseOutage.stop();
    await db.close();
  };
  try {
    await services.rateLimitRuntime.start();
    await listen(server, config.PORT, config.HOST);
  } catch (e) {
    await stop().catch(() => undefined);
    throw e;
  }
  const { port } = server.address() as AddressInfo;
  const url = listenedUrl(config.HOST, port);
  const mismatch = services.platform.publicAddress.listening(url);
  if (mismatch) logger.warn(mismatch);
  const dashboardUrl = graphql ? `${url}${DASHBOARD_PATH}/` : undefined;
  logger.info({ version: services.version, url, dashboard: dashboardUrl, publicBaseUrl: services.platform.publicAddress.baseUrl, mode: config.MODE, embeddedDatabase: db.embedded }, 'pixpay listening');
  return { url, dashboardUrl, services, server, stop };
}

/** Listens, turning the usual operator mistakes into one sentence naming the setting to change. */
function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EADDRINUSE') reject(new StartupError(`port ${port} on ${host} is already in use: stop the program using it, or set PORT to another port (PORT=0 picks a free one)`));
      else if (e.code === 'EACCES') reject(new StartupError(`no permission to listen on port ${port}: set PORT to a port above 1023`));
      else if (e.code === 'EADDRNOTAVAIL' || e.code === 'ENOTFOUND') reject(new StartupError(`cannot listen on HOST ${host}: it is not an address of this machine`));
      else reject(e);
    });
    server.listen(port, host, () => resolve());
  });
}
