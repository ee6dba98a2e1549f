import type { ApolloServerPlugin } from '@apollo/server';
import { type DocumentNode, GraphQLError, Kind, visit } from 'graphql';
import { assertStorableJson, assertStorableText } from '../domain/shared/text';
import { isDomainError } from '../domain/shared/errors';

/** Every string literal of the operation and every variable must be storable text. */
export function assertStorableOperation(document: DocumentNode, variables: Record<string, unknown> | undefined): void {
  visit(document, {
    [Kind.STRING]: (node) => {
      assertStorableText(node.value, 'query');
    },
  });
  if (variables) assertStorableJson(variables, 'variables');
}

/** The same check as a GraphQL error with the domain error's code. */
export function storableTextError(document: DocumentNode, variables: Record<string, unknown> | undefined): GraphQLError | null {
  try {
    assertStorableOperation(document, variables);
    return null;
  } catch (e) {
    if (!isDomainError(e)) throw e;
    return new GraphQLError(e.message, { extensions: { code: e.code, kind: e.kind, details: e.details, http: { status: 400 } } });
  }
}

/** Refuses, before any resolver runs, an operation carrying text the database could not store. */
export const storableTextPlugin: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async didResolveOperation({ document, request }) {
        const error = storableTextError(document, request.variables);
        if (error) throw error;
      },
    };
  },
};
