import express, { type Express, type Router } from 'express';
import { pinoHttp } from 'pino-http';
import type { Services } from '../app/services';
import { errorHandler, notFoundRoute } from './middleware/error-handler';
import { jsonBody } from './middleware/json-body';
import { requestId } from './middleware/request-id';
import { healthRoutes } from './routes/health.routes';

export interface RestOptions {
  bodyLimit: string;
  /** Routers mounted before the REST routes and the 404 handler (GraphQL). */
  extra?: Router[];
}

/** The REST door: documented paths, envelopes and error formats. */
export function buildHttpApp(services: Services, o: RestOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('query parser', 'simple');
  app.use(requestId);
  app.use(
    pinoHttp({
      logger: services.logger,
      genReqId: (_req, res) => (res as unknown as { locals: { requestId: string } }).locals.requestId,
      customProps: (_req, res) => ({ requestId: (res as unknown as { locals: { requestId: string } }).locals.requestId }),
      autoLogging: { ignore: (req) => req.url === '/health' },
    }),
  );
  app.use(healthRoutes(services));
  for (const r of o.extra ?? []) app.use(r);
  const api = express.Router();
  api.use(jsonBody(o.bodyLimit));
  app.use(api);
  app.use(notFoundRoute);
  app.use(errorHandler(services));
  return app;
}
