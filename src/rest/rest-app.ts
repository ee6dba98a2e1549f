import express, { type Express, type Router } from 'express';
import { pinoHttp } from 'pino-http';
import type { Services } from '../application/services';
import { errorHandler, notFoundRoute } from './middleware/error-handler';
import { jsonBody } from './middleware/json-body';
import { addressRateLimit } from './middleware/rate-limit';
import { unauthenticatedGate } from './middleware/unauthenticated-gate';
import { maskQueryValues } from './middleware/log-url';
import { multipartLimit } from './middleware/multipart-limit';
import { APPEAL_LIMITS } from '../domain/disputes/evidence';
import { noStoreByDefault } from './middleware/no-store';
import { requestId } from './middleware/request-id';
import { routedUnder } from './routed-under';
import { shedLoad } from './middleware/shed-load';
import { storableBody, storablePathAndQuery } from './middleware/text-input';
import { refuseUndocumentedInput } from './middleware/unknown-input';
import { balanceRoutes } from './routes/balance.routes';
import { DASHBOARD_PATH, dashboardRoutes } from './routes/dashboard.routes';
import { docsRoutes } from './routes/docs.routes';
import { GUIDE_PATH } from './routes/guide-path';
import { guideRoutes } from './routes/guide.routes';
import { dataSubjectRoutes } from './routes/data-subject.routes';
import { healthRoutes } from './routes/health.routes';
import { institutionRoutes } from './routes/institution.routes';
import { apiPixCallbackRoutes } from './routes/apipix-callback.routes';
import { httpMetrics, metricsRoutes } from './routes/metrics.routes';
import { pixLocationRoutes } from './routes/pix-location.routes';
import { boletoPageRoutes } from './routes/boleto-page.routes';
import { sandboxRoutes } from './routes/sandbox.routes';
import { transactionsRoutes } from './routes/transactions.routes';
import { webhooksRoutes } from './routes/webhooks.routes';
import { withdrawalsRoutes, withdrawalsSandboxRoutes } from './routes/withdrawals.routes';
import { disputesRoutes, disputesSandboxRoutes } from './routes/disputes.routes';
import { recurrencesRoutes, recurrencesSandboxRoutes } from './routes/recurrences.routes';

export interface RestOptions {
  /** The worker role serves only /health (for its orchestrator). */
  healthOnly?: boolean;
  bodyLimit: string;
  /** Proxies whose X-Forwarded-For is believed (TRUST_PROXY); loopback only by default. */
  trustProxy?: string[];
  /** Routers mounted before the REST routes and the 404 handler (GraphQL). */
  extra?: Router[];
}

const INSTITUTION_PREFIX = '/v1/institution';

/** The REST door: documented paths, envelopes and error formats. */
export function buildHttpApp(services: Services, o: RestOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', o.trustProxy ?? ['loopback']);
  app.set('query parser', 'simple');
  app.use(requestId);
  app.use(noStoreByDefault);
  // While draining, answers close their connection so clients open the next one elsewhere.
  app.use((_req, res, next) => {
    if (services.lifecycle.draining) res.setHeader('Connection', 'close');
    next();
  });
  // Request lines are written at info; above it, the per-request child logger would cost
  // CPU on every call for nothing (errors are logged by the error handler at any level).
  if (services.logger.isLevelEnabled('info')) {
    app.use(
      pinoHttp({
        logger: services.logger,
        genReqId: (_req, res) => (res as unknown as { locals: { requestId: string } }).locals.requestId,
        customProps: (_req, res) => ({ requestId: (res as unknown as { locals: { requestId: string } }).locals.requestId }),
        autoLogging: { ignore: (req) => req.url === '/health' || req.url === '/health/live' || req.url === '/health/ready' || req.url === '/metrics' },
        // A 5xx is a request line like any other: pino-http would add an invented "failed with
        // status code 500" error to it, while the error handler has logged the real cause.
        customErrorMessage: () => 'request completed',
        customErrorObject: (_req, _res, _err, line: Record<string, unknown>) => ({ res: line.res, responseTime: line.responseTime }),
        // One short line per request: no header dumps (they carry credentials), no socket details,
        // and query values masked (a search or filter may hold a PIX key, an e-mail or a document).
        serializers: {
          req: (req: { method: string; url: string }) => ({ method: req.method, url: maskQueryValues(req.url) }),
          res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        },
      }),
    );
  }
  app.use(httpMetrics(services));
  app.use(shedLoad(services));
  // Unauthenticated paths (health, the BR Code location, JWKS) are counted per address.
  app.use(['/health', '/pix'], addressRateLimit(services));
  app.use(routedUnder(['/health'], healthRoutes(services)));
  app.use(routedUnder(['/metrics'], metricsRoutes(services)));
  if (o.healthOnly) {
    app.use(notFoundRoute);
    app.use(errorHandler(services));
    return app;
  }
  // The API first: its requests, most of the traffic, then skip the pages' routers.
  const apiRouters: [string[], Router][] = [
    [['/api/v1/cobranca/transactions'], transactionsRoutes(services)],
    [['/api/v1/cobranca/withdrawals'], withdrawalsRoutes(services)],
    [['/api/v1/cobranca/recurrences'], recurrencesRoutes(services)],
    [['/seller-wallet', '/balance-statement'], balanceRoutes(services)],
    [['/v1/webhooks'], webhooksRoutes(services)],
    [['/v1/disputes'], disputesRoutes(services)],
    [['/data-subject'], dataSubjectRoutes(services)],
    [[INSTITUTION_PREFIX], institutionRoutes(services, services.institutionCallbackSecrets)],
    [[`${INSTITUTION_PREFIX}/apipix`], apiPixCallbackRoutes(services)],
  ];
  if (services.mode === 'sandbox') {
    for (const r of [sandboxRoutes(services), withdrawalsSandboxRoutes(services), disputesSandboxRoutes(services), recurrencesSandboxRoutes(services)]) apiRouters.push([['/v1/sandbox'], r]);
  }
  // Every API request is counted per address before its body is read or its credential
  // looked up (the institution's callbacks prove themselves with a signature instead).
  const gated = [...new Set(apiRouters.flatMap(([prefixes]) => prefixes))].filter((p) => p !== INSTITUTION_PREFIX);
  app.use(gated, unauthenticatedGate(services));
  app.use(storablePathAndQuery);
  // Multipart bodies (the dispute appeal, REST and GraphQL) share one total, counted as they stream.
  app.use(multipartLimit(APPEAL_LIMITS.maxRequestBytes, errorHandler(services)));
  const api = express.Router();
  api.use(jsonBody(o.bodyLimit));
  api.use(storableBody);
  api.use(refuseUndocumentedInput());
  for (const [prefixes, router] of apiRouters) api.use(routedUnder(prefixes, router));
  app.use(routedUnder([...new Set(apiRouters.flatMap(([prefixes]) => prefixes))], api));
  app.use(routedUnder(['/pix'], pixLocationRoutes(services)));
  app.use(routedUnder(['/boleto'], boletoPageRoutes(services)));
  app.use(routedUnder([DASHBOARD_PATH], dashboardRoutes()));
  app.use(routedUnder([GUIDE_PATH], guideRoutes()));
  app.use(docsRoutes(services));
  for (const r of o.extra ?? []) app.use(r);
  app.use(notFoundRoute);
  app.use(errorHandler(services));
  return app;
}
