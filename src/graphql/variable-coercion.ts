import { coerceInputValue, GraphQLError, isInputType, isNonNullType, print, typeFromAST, visit, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';

/** Where an operation uses `$variable`: `field.argument` (and the input fields it sits in), e.g. `createTransaction.input`. */
function usagesOf(document: DocumentNode, variable: string): string[] {
  const owners: string[] = [];
  const inputFields: string[] = [];
  let argument: string | null = null;
  const found: string[] = [];
  visit(document, {
    Field: { enter: (n) => void owners.push(n.name.value), leave: () => void owners.pop() },
    Directive: { enter: (n) => void owners.push(`@${n.name.value}`), leave: () => void owners.pop() },
    Argument: { enter: (n) => void (argument = n.name.value), leave: () => void (argument = null) },
    ObjectField: { enter: (n) => void inputFields.push(n.name.value), leave: () => void inputFields.pop() },
    Variable: (n) => {
      if (argument !== null && n.name.value === variable) found.push([owners.at(-1) ?? '', argument, ...inputFields].join('.'));
    },
  });
  return [...new Set(found)];
}

const pathText = (path: readonly (string | number)[]) => path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('');

function refusal(document: DocumentNode, variable: string, path: readonly (string | number)[], problem: string): GraphQLError {
  const inVariable = `${variable}${pathText(path)}`;
  const field = usagesOf(document, variable).map((u) => `${u}${pathText(path)}`);
  return new GraphQLError(`variable $${variable}${path.length ? ` at ${inVariable}` : ''}${field.length ? ` (${field.join(', ')})` : ''}: ${problem}`, {
    extensions: { code: 'INVALID_VARIABLE', details: { variable, path: inVariable, field: field[0] ?? inVariable }, http: { status: 400 } },
  });
}

/**
 * The first variable whose value does not fit its declared type, as a 400 INVALID_VARIABLE
 * naming the variable, the path inside it and the argument it feeds; null when all fit.
 * The same coercion graphql-js runs before executing, done before anything else reads them.
 */
export function invalidVariable(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, inputs: Record<string, unknown> | undefined): GraphQLError | null {
  const values = inputs ?? {};
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    const type = typeFromAST(schema, definition.type);
    if (!type || !isInputType(type)) continue; // validation has refused the operation already
    const given = Object.prototype.hasOwnProperty.call(values, name);
    if (!given || values[name] === null) {
      const defaulted = !given && definition.defaultValue !== undefined;
      if (isNonNullType(type) && !defaulted) return refusal(document, name, [], `a value of type ${print(definition.type)} is required${given ? ', not null' : ''}`);
      continue;
    }
    let first: GraphQLError | null = null;
    coerceInputValue(values[name], type, (path, _value, error) => {
      first ??= refusal(document, name, path, error.message);
    });
    if (first) return first;
  }
  return null;
}
