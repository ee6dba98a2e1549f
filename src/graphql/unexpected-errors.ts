import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';
import { isDomainError } from '../domain/shared/errors';
import type { GqlContext } from './context';

/**
 * True for a failure nobody planned for: not a domain error, not a refusal with its own
 * code, not the database being down (logged once per outage). Clients see it masked as
 * INTERNAL_SERVER_ERROR (format-error.ts); its cause belongs in the log.
 */
export function isUnexpectedGraphqlError(error: unknown, isOutage: (err: unknown) => boolean): boolean {
  const original = error instanceof GraphQLError ? (error.originalError ?? error) : error;
  if (isDomainError(original) || isOutage(original)) return false;
  const code = error instanceof GraphQLError ? error.extensions?.code : undefined;
  return code === undefined || code === 'INTERNAL_SERVER_ERROR';
}

/** Logs the cause of every unexpected error, once, at error, with the request id. */
export const unexpectedErrorsLog: ApolloServerPlugin<GqlContext> = {
  async requestDidStart() {
    return {
      async didEncounterErrors({ errors, contextValue: ctx, operationName }) {
        for (const error of errors) {
          if (!isUnexpectedGraphqlError(error, (e) => ctx.services.databaseOutage.isOutage(e))) continue;
          ctx.services.logger.error({ err: error.originalError ?? error, requestId: ctx.requestId, operationName, path: error.path?.join('.') }, 'unexpected error');
        }
      },
    };
  },
};
