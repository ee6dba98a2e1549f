import type { ApolloServerPlugin, GraphQLRequestContextDidResolveOperation } from '@apollo/server';
import { GraphQLError, Kind, type DocumentNode, type FieldNode, type FragmentDefinitionNode, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import { getComplexity, simpleEstimator, type ComplexityEstimator } from 'graphql-query-complexity';
import { budgetOwner } from '../domain/rate-limits/budget-owner';
import { rateLimitFields, type RateLimitDecision } from '../domain/rate-limits/rate-limit-decision';
import type { SellerClass } from '../domain/rate-limits/rate-limit-classes';
import { isRateLimited } from '../domain/rate-limits/rate-limited.error';
import type { GqlContext } from './context';
import { invalidVariable } from './variable-coercion';

/** Deepest selection accepted (our deepest useful query is 5). */
export const MAX_DEPTH = 10;
/**
 * Introspection (`__schema`, `__type`) has limits of its own: the standard query that
 * GraphiQL and code generators send is 15 deep (a type reference unwraps `ofType` nine
 * times) and nests three lists (types, fields, args). Its cost grows with the lists it
 * nests, not with its depth, so more nested lists are refused even within the depth.
 */
export const MAX_INTROSPECTION_DEPTH = 20;
export const MAX_INTROSPECTION_LISTS = 3;
const INTROSPECTION_ROOTS = new Set(['__schema', '__type']);
const INTROSPECTION_LISTS = new Set(['types', 'directives', 'fields', 'args', 'inputFields', 'interfaces', 'possibleTypes', 'enumValues']);
/** Fields a query may ask for, a list field counting its children once per requested item. */
export const MAX_COST = 10_000;

const LIST_SIZE_ARGS = ['take', 'limit', 'first'];
const WEBHOOKS = /webhook|postback|resend|replay/i;
const LISTS = new Set(['transactions', 'withdrawals', 'statement', 'statementSummary', 'platformAccountBalances']);

/** A list field costs its children times the page size asked for. */
const pageSizeEstimator: ComplexityEstimator = ({ args, childComplexity }) => {
  const size = LIST_SIZE_ARGS.map((a) => args[a]).find((v) => typeof v === 'number') as number | undefined;
  return size === undefined ? undefined : 1 + childComplexity * Math.max(1, size);
};

/** The selections of `set`, fragments spread in place. */
function fieldsOf(set: SelectionSetNode, fragments: Record<string, FragmentDefinitionNode>): FieldNode[] {
  return set.selections.flatMap((s): FieldNode[] => {
    if (s.kind === Kind.FIELD) return [s];
    if (s.kind === Kind.INLINE_FRAGMENT) return fieldsOf(s.selectionSet, fragments);
    const f = fragments[s.name.value];
    return f ? fieldsOf(f.selectionSet, fragments) : [];
  });
}

/** The deepest chain of fields under `field` (itself included), and the most `lists` fields along one chain. */
function measure(field: FieldNode, fragments: Record<string, FragmentDefinitionNode>, lists: ReadonlySet<string>): { depth: number; lists: number } {
  let depth = 0;
  let nested = 0;
  for (const child of field.selectionSet ? fieldsOf(field.selectionSet, fragments) : []) {
    const m = measure(child, fragments, lists);
    depth = Math.max(depth, m.depth);
    nested = Math.max(nested, m.lists);
  }
  return { depth: depth + 1, lists: nested + (lists.has(field.name.value) ? 1 : 0) };
}

/** Why the operation's shape is refused (QUERY_TOO_DEEP), or null. */
function depthProblem(operation: OperationDefinitionNode, fragments: Record<string, FragmentDefinitionNode>): string | null {
  for (const root of fieldsOf(operation.selectionSet, fragments)) {
    if (INTROSPECTION_ROOTS.has(root.name.value)) {
      const m = measure(root, fragments, INTROSPECTION_LISTS);
      if (m.depth > MAX_INTROSPECTION_DEPTH) return `introspection depth ${m.depth} is above the limit of ${MAX_INTROSPECTION_DEPTH}`;
      if (m.lists > MAX_INTROSPECTION_LISTS) return `introspection nests ${m.lists} lists (types, fields, args...), above the limit of ${MAX_INTROSPECTION_LISTS}`;
    } else {
      const { depth } = measure(root, fragments, new Set());
      if (depth > MAX_DEPTH) return `query depth ${depth} is above the limit of ${MAX_DEPTH}`;
    }
  }
  return null;
}

function fragmentsOf(document: DocumentNode): Record<string, FragmentDefinitionNode> {
  const out: Record<string, FragmentDefinitionNode> = {};
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) out[d.name.value] = d;
  return out;
}

/** The budget each root field spends: one point per root field the operation runs. */
export function rootFieldClasses(operation: OperationDefinitionNode, fragments: Record<string, FragmentDefinitionNode>): Map<SellerClass, number> {
  const counts = new Map<SellerClass, number>();
  const visit = (set: SelectionSetNode) => {
    for (const s of set.selections) {
      if (s.kind === Kind.INLINE_FRAGMENT) visit(s.selectionSet);
      else if (s.kind === Kind.FRAGMENT_SPREAD) {
        const f = fragments[s.name.value];
        if (f) visit(f.selectionSet);
      } else if (s.name.value !== '__typename') {
        const name = s.name.value;
        const c: SellerClass = WEBHOOKS.test(name) ? 'webhooks' : operation.operation === 'mutation' ? 'creates' : LISTS.has(name) ? 'lists' : 'reads';
        counts.set(c, (counts.get(c) ?? 0) + 1);
      }
    }
  };
  visit(operation.selectionSet);
  return counts;
}

const refusal = (code: string, message: string, status: number, extra: Record<string, unknown> = {}) =>
  new GraphQLError(message, { extensions: { code, ...extra, http: { status } } });

async function check(rc: GraphQLRequestContextDidResolveOperation<GqlContext>): Promise<void> {
  const { document, operation, schema, request, contextValue: ctx } = rc;
  if (!operation) return;
  const fragments = fragmentsOf(document);
  const tooDeep = depthProblem(operation, fragments);
  if (tooDeep) throw refusal('QUERY_TOO_DEEP', tooDeep, 400);
  // Variables are coerced here, before the cost (which reads them) and any resolver.
  const badVariable = invalidVariable(schema, document, operation, request.variables);
  if (badVariable) throw badVariable;
  const cost = getComplexity({
    schema,
    query: document,
    operationName: request.operationName ?? undefined,
    variables: request.variables ?? {},
    estimators: [pageSizeEstimator, simpleEstimator({ defaultComplexity: 1 })],
  });
  if (cost > MAX_COST) throw refusal('QUERY_TOO_COMPLEX', `query cost ${cost} is above the limit of ${MAX_COST}`, 400);
  if (operation.operation === 'subscription') return;
  const { rateLimits } = ctx.services;
  const decisions: RateLimitDecision[] = [];
  try {
    if (!ctx.principal) {
      const n = [...rootFieldClasses(operation, fragments).values()].reduce((a, b) => a + b, 0);
      if (n > 0) decisions.push(await rateLimits.forAddress(ctx.address, n));
    } else {
      const owner = budgetOwner(ctx.principal);
      for (const [limitClass, n] of rootFieldClasses(operation, fragments)) decisions.push(await rateLimits.forSeller(owner, limitClass, n));
    }
  } catch (e) {
    if (!isRateLimited(e)) throw e;
    const fields = rateLimitFields([e.decision]);
    rc.response.http.headers.set('retry-after', String(e.decision.resetSeconds));
    rc.response.http.headers.set('ratelimit-policy', fields.policy);
    if (fields.remaining) rc.response.http.headers.set('ratelimit', fields.remaining);
    throw new GraphQLError(e.message, { originalError: e, extensions: { code: 'RATE_LIMITED', http: { status: 429 } } });
  }
  if (decisions.length === 0) return;
  const fields = rateLimitFields(decisions);
  rc.response.http.headers.set('ratelimit-policy', fields.policy);
  if (fields.remaining) rc.response.http.headers.set('ratelimit', fields.remaining);
}

/**
 * Before a GraphQL operation runs: depth and cost limits, then one point per root
 * field against the caller's budgets (the seller's, by class; per address without a
 * credential). A refusal is an error with `extensions.code` RATE_LIMITED and
 * `extensions.details.retryAfterSeconds`, HTTP 429 and `Retry-After`.
 */
export function operationLimits(): ApolloServerPlugin<GqlContext> {
  return {
    async requestDidStart() {
      return { didResolveOperation: check };
    },
  };
}
