import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { graphqlUploadExpress } from 'graphql-upload-minimal';
import { APPEAL_LIMITS } from '../domain/disputes/evidence';
import express, { Router } from 'express';
import { GraphQLError, type GraphQLSchema, parse } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { Services } from '../application/services';
import type { Principal } from '../domain/accounts/accounts.types';
import { authenticateCredential } from '../domain/accounts/authenticate-credential';
import { isDomainError } from '../domain/shared/errors';
import type { GqlContext } from './context';
import { formatGraphqlError } from './format-error';
import { explorerRoutes } from './explorer/explorer.routes';
import { operationLimits } from './operation-limits';
import { LiveCredentialWatch, type WatchedSocket } from './live-credential-watch';
import { isUnexpectedGraphqlError, unexpectedErrorsLog } from './unexpected-errors';
import { storableTextError, storableTextPlugin } from './storable-text';
import { browserSessionToken } from '../domain/accounts/browser-session';
import { RefundLoader } from './refund-loader';
import { cookieSessionToken, type SessionCookies, sessionCookiesOn } from './session-cookies';
import { graphqlUnauthenticatedGate } from './unauthenticated-gate';
import { bearerToken } from './bearer-token';
import { isRateLimited } from '../domain/rate-limits/rate-limited.error';
import proxyaddr from 'proxy-addr';

export const GRAPHQL_PATH = '/graphql';

/** A socket's client address as Express reads a request's: X-Forwarded-For only from trusted proxies. */
function clientAddressOf(trustProxy: string[]): (req: IncomingMessage) => string {
  const trusted = proxyaddr.compile(trustProxy);
  return (req) => (req.socket.remoteAddress ? proxyaddr(req, trusted) : 'unknown');
}

/** Authenticates a presented credential; one that fails spends the address's unauthenticated budget. */
async function authenticatePresented(services: Services, token: string, address: string): Promise<Principal> {
  try {
    return await authenticateCredential(services, token);
  } catch (e) {
    if (isDomainError(e) && e.code === 'UNAUTHENTICATED') await services.unauthenticatedBudget.failed(address);
    throw e;
  }
}

/** The caller behind a bearer token (session or API key); null without one. */
async function principalFor(services: Services, token: string | null, address: string): Promise<Principal | null> {
  if (!token) return null;
  try {
    return await authenticatePresented(services, token, address);
  } catch (e) {
    if (isDomainError(e)) {
      throw new GraphQLError(e.message, { extensions: { code: e.code, kind: e.kind, http: { status: 401 } } });
    }
    throw e;
  }
}

/**
 * The caller behind the dashboard's cookie: a cookie whose session ended (logged out
 * elsewhere, expired, erased) is dropped rather than refused, so the page can sign in again.
 */
async function cookiePrincipal(services: Services, token: string | null, cookies: SessionCookies, address: string): Promise<Principal | null> {
  if (!token) return null;
  try {
    return await authenticatePresented(services, token, address);
  } catch (e) {
    if (!isDomainError(e)) throw e;
    cookies.clear();
    return null;
  }
}

export interface GraphqlDoor {
  router: Router;
  closeSubscriptions(): Promise<void>;
  stop(): Promise<void>;
}

export interface GraphqlOptions {
  bodyLimit: string;
  /** Development only (GRAPHQL_STACK_TRACES): error answers carry `extensions.stacktrace`. */
  stackTraces: boolean;
  /** How often each subscription socket's credential is checked again (expiry). */
  liveCredentialCheckMs?: number;
  /** Proxies whose X-Forwarded-For gives a socket's client address (TRUST_PROXY). */
  trustProxy?: string[];
}

/** Apollo on Express at /graphql, and graphql-ws subscriptions on the same path and port. */
export async function attachGraphql(httpServer: Server, schema: GraphQLSchema, services: Services, o: GraphqlOptions): Promise<GraphqlDoor> {
  // Upgrades are routed by hand rather than with `{server}`: ws would otherwise re-emit the
  // HTTP server's own errors (a port in use) as WebSocket server errors, with a stack trace.
  const wsServer = new WebSocketServer({ noServer: true });
  const socketAddress = clientAddressOf(o.trustProxy ?? ['loopback']);
  httpServer.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== GRAPHQL_PATH) {
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
      return;
    }
    // Counted as a request with a credential (it comes in connection_init): refused once the
    // address has spent its unauthenticated budget; a credential that fails there spends it.
    services.unauthenticatedBudget.admit(socketAddress(req), true).then(
      () => wsServer.handleUpgrade(req, socket, head, (ws) => wsServer.emit('connection', ws, req)),
      (e: unknown) => {
        const retryAfter = isRateLimited(e) ? `Retry-After: ${e.decision.resetSeconds}\r\n` : '';
        socket.end(`HTTP/1.1 ${isRateLimited(e) ? '429 Too Many Requests' : '503 Service Unavailable'}\r\n${retryAfter}Connection: close\r\n\r\n`);
      },
    );
  });
  // Authenticated sockets, for the live-subscriptions gauge (each holds its active subscriptions).
  const sockets = new Set<{ subscriptions: Record<string, unknown> }>();
  const credentialWatch = new LiveCredentialWatch(services, o.liveCredentialCheckMs);
  services.metrics.countLiveSubscriptionsWith(() => [...sockets].reduce((n, s) => n + Object.keys(s.subscriptions).length, 0));
  const wsCleanup = useServer<{ authorization?: string; csrfToken?: string }, { principal: Principal; slot?: () => void; watched?: WatchedSocket }>(
    {
      schema,
      // A subscription socket must authenticate in connection_init (a bearer credential, or the
      // dashboard's cookie sent with the upgrade plus its CSRF token); refusing closes it (4403).
      onConnect: async (ctx) => {
        const credential = bearerToken(ctx.connectionParams?.authorization) ?? browserSessionToken(ctx.extra.request.headers.cookie, ctx.connectionParams?.csrfToken);
        // The upgrade only looked at the budget: a socket that presents no credential spends it here.
        if (!credential) {
          await services.unauthenticatedBudget.failed(socketAddress(ctx.extra.request));
          return false;
        }
        try {
          const principal = await principalFor(services, credential, socketAddress(ctx.extra.request));
          if (!principal) return false;
          ctx.extra.principal = principal;
        } catch {
          return false;
        }
        // Open sockets are counted per seller; past the limit the socket closes with 4429.
        const slot = await services.subscriptionSlots.take(ctx.extra.principal);
        if (!slot) {
          ctx.extra.socket.close(4429, 'Too many subscription connections for this seller');
          return false;
        }
        // The client may have gone while the slot was being taken: onClose has already run.
        if (ctx.extra.socket.readyState !== ctx.extra.socket.OPEN) {
          slot();
          return false;
        }
        ctx.extra.slot = slot;
        sockets.add(ctx);
        ctx.extra.watched = { credential: credential!, principal: ctx.extra.principal, close: (code, reason) => ctx.extra.socket.close(code, reason) };
        credentialWatch.watch(ctx.extra.watched);
        return true;
      },
      onSubscribe: (_ctx, _id, payload) => {
        if (typeof payload.query !== 'string') return;
        let document;
        try {
          document = parse(payload.query);
        } catch {
          return; // graphql-ws answers the syntax error itself
        }
        const error = storableTextError(document, payload.variables ?? undefined);
        return error ? [error] : undefined;
      },
      context: (ctx): GqlContext => ({
        services,
        principal: ctx.extra.principal ?? null,
        requestId: 'ws',
        address: socketAddress(ctx.extra.request),
        sessionCookies: null,
        refunds: new RefundLoader(services.transactions),
      }),
      onClose: (ctx) => {
        sockets.delete(ctx);
        if (ctx.extra.watched) credentialWatch.forget(ctx.extra.watched);
        ctx.extra.slot?.();
      },
    },
    wsServer,
  );

  const apollo = new ApolloServer<GqlContext>({
    schema,
    formatError: (formatted, error) => formatGraphqlError(formatted, error, (err) => services.databaseOutage.absorb(err)),
    // On in every mode, as on public GraphQL APIs: the schema is published (schema.graphql),
    // so hiding it protects nothing, and the explorer and code generators need it. The
    // operation limits bound what an introspection query may ask for.
    introspection: true,
    // Apollo's default follows NODE_ENV, which `npm start` leaves unset: stack traces with
    // this machine's paths would reach every client. Only an explicit setting shows them.
    includeStacktraceInErrorResponses: o.stackTraces,
    // The process's own shutdown handler stops the server (and everything else) in order.
    stopOnTerminationSignals: false,
    plugins: [
      unexpectedErrorsLog,
      storableTextPlugin,
      operationLimits(),
      // The sandbox's explorer is our own offline page (explorer/); Apollo's loads from a CDN.
      ApolloServerPluginLandingPageDisabled(),
    ],
  });
  await apollo.start();
  const router = Router();
  if (services.mode === 'sandbox') router.use(explorerRoutes(GRAPHQL_PATH));
  router.use(
    GRAPHQL_PATH,
    // Counted per address before the body is read or a credential looked up.
    graphqlUnauthenticatedGate(services),
    express.json({ limit: o.bodyLimit }),
    // The GraphQL multipart request spec (appealDispute's files); an 11th file reaches
    // the use case, which refuses it with TOO_MANY_FILES.
    graphqlUploadExpress({ maxFileSize: APPEAL_LIMITS.maxFileBytes, maxFiles: APPEAL_LIMITS.maxFiles + 1, maxFieldSize: 1_000_000 }),
    expressMiddleware(apollo, {
      context: async ({ req, res }): Promise<GqlContext> => {
        const requestId = String(res.locals.requestId ?? '');
        const sessionCookies = sessionCookiesOn(res);
        try {
          const bearer = bearerToken(req.headers.authorization);
          const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
          return {
            services,
            // A bearer credential wins; without one, the dashboard's cookie counts only with its CSRF header.
            principal: bearer ? await principalFor(services, bearer, address) : await cookiePrincipal(services, cookieSessionToken(req), sessionCookies, address),
            requestId,
            address,
            sessionCookies,
            refunds: new RefundLoader(services.transactions),
          };
        } catch (e) {
          // No request pipeline (and none of its plugins) runs when the context fails.
          if (isUnexpectedGraphqlError(e, (err) => services.databaseOutage.isOutage(err))) services.logger.error({ err: e, requestId }, 'unexpected error');
          throw e;
        }
      },
    }),
  );
  return {
    router,
    // Closes every subscription socket with 1001 (going away); clients reconnect elsewhere.
    closeSubscriptions: async () => {
      credentialWatch.stop();
      await wsCleanup.dispose();
    },
    stop: () => apollo.stop(),
  };
}
