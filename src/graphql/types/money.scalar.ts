import { GraphQLScalarType } from 'graphql';
import { GraphQLSafeInt } from 'graphql-scalars';

/**
 * Every amount of money in the schema: integer cents of BRL. GraphQL's Int stops at
 * 2^31 - 1 (R$ 21,474,836.47), so a named scalar with SafeInt's rules (any integer
 * up to 2^53 - 1, never a fraction) carries them, whatever limits the service sets.
 */
export const Money = new GraphQLScalarType({
  ...GraphQLSafeInt.toConfig(),
  name: 'Cents',
  description: 'An amount of money in cents of BRL (centavos): an integer of at most 2^53 - 1 in absolute value, never a fraction.',
});
