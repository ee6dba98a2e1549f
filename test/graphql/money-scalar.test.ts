import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, getNamedType, isInputObjectType, isObjectType, isScalarType, type GraphQLArgument, type GraphQLField, type GraphQLInputField } from 'graphql';
import { describe, expect, it } from 'vitest';

// The committed schema, which test/e2e/schema-file.test.ts keeps equal to the code's.
const schema = buildSchema(readFileSync(join(__dirname, '../../schema.graphql'), 'utf8'));
const MONEY_NAME = /amount$|cents$|^balance|^(available|blocked|total|debt|netBalance|totalCredits|totalDebits|totalFees)$/i;

/** Every scalar field, input field and argument whose name says it holds money, with its type's name. */
function moneyPlaces(): [string, string][] {
  const places: [string, string][] = [];
  const add = (where: string, f: GraphQLField<unknown, unknown> | GraphQLInputField | GraphQLArgument) => {
    if (MONEY_NAME.test(f.name) && f.name !== 'total' && isScalarType(getNamedType(f.type))) places.push([`${where}.${f.name}`, getNamedType(f.type).name]);
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (isObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        add(type.name, field);
        for (const arg of field.args) add(`${type.name}.${field.name}`, arg);
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) add(type.name, field);
    }
  }
  return places;
}

describe('money in the GraphQL schema', () => {
  it('is one scalar, Cents, everywhere: no 32-bit Int caps an amount', () => {
    const places = moneyPlaces();
    expect(places.map(([where]) => where)).toEqual(expect.arrayContaining(['Transaction.amount', 'Withdrawal.amount', 'BoletoDetails.amount', 'CreateTransactionInput.amount', 'Mutation.refundTransaction.amount', 'Wallet.balanceTotal']));
    expect(places.filter(([, type]) => type !== 'Cents')).toEqual([]);
    expect(schema.getType('SafeInt')).toBeUndefined();
  });
});
