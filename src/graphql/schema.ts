import { type GraphQLSchema, lexicographicSortSchema, printSchema } from 'graphql';
import { buildSchema, type PubSub } from 'type-graphql';
import { AccountResolver } from './resolvers/account.resolver';

export const RESOLVERS = [AccountResolver] as const;

export async function buildGraphqlSchema(pubSub: PubSub): Promise<GraphQLSchema> {
  return buildSchema({ resolvers: [...RESOLVERS], pubSub, validate: false, emitSchemaFile: false });
}

/** The SDL checked in as schema.graphql (sorted so diffs stay readable). */
export function printSdl(schema: GraphQLSchema): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
