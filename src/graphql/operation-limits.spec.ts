import { Kind, parse, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { rootFieldClasses } from './operation-limits';

function classesOf(query: string) {
  const doc = parse(query);
  const op = doc.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const fragments = Object.fromEntries(doc.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]));
  return Object.fromEntries(rootFieldClasses(op, fragments));
}

describe('rootFieldClasses', () => {
  it('counts one point per root field, by class', () => {
    expect(classesOf('{ balance { available } wallet { balanceTotal } transactions { total } __typename }')).toEqual({ reads: 2, lists: 1 });
    expect(classesOf('{ webhooks { id } webhookDeliveries { total } }')).toEqual({ webhooks: 2 });
    expect(classesOf('mutation { createTransaction(input: {}) { id } refundTransaction(id: "x") { id } createWebhook(input: {}) { id } }')).toEqual({ creates: 2, webhooks: 1 });
  });

  it('follows fragments and aliases at the root', () => {
    expect(classesOf('query { ...F a: balance { available } } fragment F on Query { b: balance { available } statement { total } }')).toEqual({ reads: 2, lists: 1 });
  });
});
