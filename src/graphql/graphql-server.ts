import type { Server } from 'node:http';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import { expressMiddleware } from '@as-integrations/express5';
import express, { Router } from 'express';
import { GraphQLError, type GraphQLSchema, parse } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { Services } from '../app/services';
import type { Principal } from '../domain/accounts/accounts.types';
import { authenticateCredential } from '../domain/accounts/authenticate-credential';
import { isDomainError } from '../domain/shared/errors';
import type { GqlContext } from './context';
import { formatGraphqlError } from './format-error';
import { storableTextError, storableTextPlugin } from './storable-text';

export const GRAPHQL_PATH = '/graphql';

function bearerToken(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m?.[1] ?? null;
}

/** The caller behind a bearer token (session or API key); null without one. */
async function principalFor(services: Services, token: string | null): Promise<Principal | null> {
  if (!token) return null;
  try {
    return await authenticateCredential(services, token);
  } catch (e) {
    if (isDomainError(e)) {
      throw new GraphQLError(e.message, { extensions: { code: e.code, kind: e.kind, http: { status: 401 } } });
    }
    throw e;
  }
}

export interface GraphqlDoor {
  router: Router;
  stop(): Promise<void>;
}

/** Apollo on Express at /graphql, and graphql-ws subscriptions on the same path and port. */
export async function attachGraphql(httpServer: Server, schema: GraphQLSchema, services: Services, bodyLimit: string): Promise<GraphqlDoor> {
  const wsServer = new WebSocketServer({ server: httpServer, path: GRAPHQL_PATH });
  const wsCleanup = useServer<{ authorization?: string }, { principal: Principal }>(
    {
      schema,
      // A subscription socket must authenticate in connection_init; refusing closes it (4403).
      onConnect: async (ctx) => {
        try {
          const principal = await principalFor(services, bearerToken(ctx.connectionParams?.authorization));
          if (!principal) return false;
          ctx.extra.principal = principal;
          return true;
        } catch {
          return false;
        }
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
      context: (ctx): GqlContext => ({ services, principal: ctx.extra.principal ?? null, requestId: 'ws' }),
    },
    wsServer,
  );

  const apollo = new ApolloServer<GqlContext>({
    schema,
    formatError: formatGraphqlError,
    introspection: services.mode === 'sandbox',
    // The process's own shutdown handler stops the server (and everything else) in order.
    stopOnTerminationSignals: false,
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      storableTextPlugin,
      services.mode === 'sandbox' ? ApolloServerPluginLandingPageLocalDefault({ embed: true }) : ApolloServerPluginLandingPageDisabled(),
      { async serverWillStart() { return { async drainServer() { await wsCleanup.dispose(); } }; } },
    ],
  });
  await apollo.start();
  const router = Router();
  router.use(
    GRAPHQL_PATH,
    express.json({ limit: bodyLimit }),
    expressMiddleware(apollo, {
      context: async ({ req, res }): Promise<GqlContext> => ({
        services,
        principal: await principalFor(services, bearerToken(req.headers.authorization)),
        requestId: String(res.locals.requestId ?? ''),
      }),
    }),
  );
  return { router, stop: () => apollo.stop() };
}
