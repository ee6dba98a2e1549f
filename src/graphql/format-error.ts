import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { isDomainError } from '../domain/shared/errors';

/**
 * Every failure reaches clients as `extensions.code`: domain errors keep their stable
 * code (and kind); anything unexpected is masked as INTERNAL_SERVER_ERROR.
 */
export function formatGraphqlError(formatted: GraphQLFormattedError, error: unknown, isOutage: (err: unknown) => boolean = () => false): GraphQLFormattedError {
  const original = error instanceof GraphQLError ? error.originalError : error;
  if (original !== undefined && isOutage(original)) {
    return { message: 'the database is unavailable; retry later', path: formatted.path, locations: formatted.locations, extensions: { code: 'DATABASE_UNAVAILABLE', kind: 'UNAVAILABLE' } };
  }
  if (isDomainError(original)) {
    return {
      message: original.message,
      path: formatted.path,
      locations: formatted.locations,
      extensions: { code: original.code, kind: original.kind, ...(original.details ? { details: original.details } : {}) },
    };
  }
  const code = formatted.extensions?.code;
  if (code === 'INTERNAL_SERVER_ERROR' || code === undefined) {
    return { message: 'unexpected error', path: formatted.path, locations: formatted.locations, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
  }
  return formatted;
}
