import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { apiPixSpec } from './apipix-spec';
import { schemaRefs } from './schema-refs';

/**
 * Conformance check against the Central Bank's API Pix (vendor/bacen-pix-api/openapi.yaml
 * with overlay.yaml): a request (method, path under the API's base, query, JSON body) must
 * name a documented operation with parameters and body of its schemas; an answer must have
 * a documented status, media type and body. Each check returns the problems it found; the
 * `assert…` forms throw them. OpenAPI 3.0 schemas are JSON Schema draft 4/7 with extras
 * (readOnly, example) that ajv ignores when not strict.
 */
type Json = any;

const doc = apiPixSpec();
const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
addFormats(ajv);
ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 });
ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
ajv.addSchema(doc, 'apipix');

const { pointer, validator } = schemaRefs(ajv, 'apipix');
/** Follows a local `$ref` (responses, parameters and request bodies are often references). */
function deref<T = Json>(node: Json): T {
  let n = node;
  while (n && typeof n.$ref === 'string') n = n.$ref.slice(2).split('/').reduce((o: Json, k: string) => o[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  return n;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];
const templates = Object.keys(doc.paths).map((template) => ({
  template,
  params: (template.match(/\{/g) ?? []).length,
  names: [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
  regex: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '([^/]+)')}$`),
}));

export interface Operation {
  template: string;
  method: string;
  operation: Json;
  pathParams: Record<string, string>;
  parameters: Json[];
}

/**
 * The documented operation of a request; of several templates, the one with the fewest
 * parameters (`/pix` over `/{pixUrlAccessToken}`), then one served on the API's own base
 * (`GET /rec/{idRec}` over the payload location `GET /rec/{recUrlAccessToken}`, whose
 * operation names its own `servers`: the payer's bank reads it on another host).
 */
export function apiPixOperation(method: string, path: string): Operation | null {
  const m = method.toLowerCase();
  if (!METHODS.includes(m)) return null;
  const elsewhere = (template: string) => (doc.paths[template][m].servers ? 1 : 0);
  const found = templates
    .map((t) => ({ t, match: t.regex.exec(path) }))
    .filter(({ t, match }) => match && doc.paths[t.template][m])
    .sort((a, b) => a.t.params - b.t.params || elsewhere(a.t.template) - elsewhere(b.t.template))[0];
  if (!found) return null;
  const item = doc.paths[found.t.template];
  const pathParams = Object.fromEntries(found.t.names.map((n, i) => [n, decodeURIComponent(found.match![i + 1]!)]));
  // Operation parameters override the path item's of the same name and place.
  const byKey = new Map<string, Json>();
  for (const p of [...(item.parameters ?? []), ...(item[m].parameters ?? [])].map((x: Json) => deref(x))) byKey.set(`${p.in}:${p.name}`, p);
  return { template: found.t.template, method: m, operation: item[m], pathParams, parameters: [...byKey.values()] };
}

function schemaProblems(what: string, v: ValidateFunction, value: unknown): string[] {
  if (v(value)) return [];
  return (v.errors ?? []).map((e) => `${what}${e.instancePath} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`);
}

/** A query or path value (text) as the parameter's schema types it: integers and booleans are read from their text. */
function typed(schema: Json, text: string): unknown {
  const s = deref(schema);
  const type = s?.type ?? (s?.allOf ? deref(s.allOf[0])?.type : undefined);
  if (type === 'integer' || type === 'number') return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  if (type === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  return text;
}

export interface ApiPixRequest {
  method: string;
  /** Path under the API's base URL, without the query: `/cob/abc…`. */
  path: string;
  query?: URLSearchParams | Record<string, string>;
  /** The parsed JSON body; undefined when none was sent. */
  body?: unknown;
}

export function requestProblems(r: ApiPixRequest): string[] {
  const what = `${r.method.toUpperCase()} ${r.path}`;
  const op = apiPixOperation(r.method, r.path);
  if (!op) return [`${what}: no such operation in the API Pix`];
  const problems: string[] = [];
  const query = r.query instanceof URLSearchParams ? r.query : new URLSearchParams(r.query ?? {});
  for (const p of op.parameters) {
    const where = `${what}: ${p.in} parameter ${p.name}`;
    const value = p.in === 'path' ? op.pathParams[p.name] : p.in === 'query' ? (query.getAll(p.name).length > 1 ? undefined : (query.get(p.name) ?? undefined)) : undefined;
    if (p.in === 'query' && query.getAll(p.name).length > 1) problems.push(`${where} is repeated`);
    if (value === undefined) {
      if (p.required && (p.in === 'path' || p.in === 'query')) problems.push(`${where} is required`);
      continue;
    }
    problems.push(...schemaProblems(where, parameterValidator(p), typed(p.schema, value)));
  }
  for (const name of new Set(query.keys())) {
    if (!op.parameters.some((p) => p.in === 'query' && p.name === name)) problems.push(`${what}: query parameter ${name} is not documented`);
  }
  const requestBody = deref(op.operation.requestBody);
  if (!requestBody) {
    if (r.body !== undefined) problems.push(`${what}: sends a body; the operation takes none`);
  } else if (r.body === undefined) {
    if (requestBody.required) problems.push(`${what}: the request body is required`);
  } else {
    const ref = op.operation.requestBody.$ref
      ? `${op.operation.requestBody.$ref.replace('#/', 'apipix#/')}/content/application~1json/schema`
      : pointer('paths', op.template, op.method, 'requestBody', 'content', 'application/json', 'schema');
    problems.push(...schemaProblems(`${what}: request body`, validator(ref), r.body));
  }
  return problems;
}

const parameterValidators = new Map<Json, ValidateFunction>();
function parameterValidator(p: Json): ValidateFunction {
  let v = parameterValidators.get(p);
  if (!v) {
    // Local references of the parameter's schema point into the document added as `apipix`.
    v = ajv.compile(rewriteRefs(p.schema));
    parameterValidators.set(p, v);
  }
  return v;
}
function rewriteRefs(node: Json): Json {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `apipix${v}` : rewriteRefs(v)]));
  }
  return node;
}

export interface ApiPixResponse {
  method: string;
  path: string;
  status: number;
  /** The media type, without parameters; undefined for an empty answer. */
  contentType?: string;
  /** The parsed JSON body; undefined when empty. */
  body?: unknown;
}

export function responseProblems(r: ApiPixResponse): string[] {
  const what = `${r.method.toUpperCase()} ${r.path} -> ${r.status}`;
  const op = apiPixOperation(r.method, r.path);
  if (!op) return [`${what}: no such operation in the API Pix`];
  const listed = op.operation.responses[String(r.status)];
  if (!listed) return [`${what}: status not documented (documented: ${Object.keys(op.operation.responses).join(', ')})`];
  const response = deref(listed);
  const content: Record<string, Json> = response.content ?? {};
  if (Object.keys(content).length === 0) return r.body === undefined ? [] : [`${what}: answers a body; the response has none`];
  if (r.contentType === undefined || !content[r.contentType]) return [`${what}: media type ${r.contentType ?? '(none)'} is not documented (documented: ${Object.keys(content).join(', ')})`];
  const ref = listed.$ref
    ? `${listed.$ref.replace('#/', 'apipix#/')}/content/${r.contentType.replace(/\//g, '~1')}/schema`
    : pointer('paths', op.template, op.method, 'responses', String(r.status), 'content', r.contentType, 'schema');
  return schemaProblems(`${what}: body`, validator(ref), r.body);
}

const CALLBACK_BODIES = { pix: 'WebhookPixBody', rec: 'WebhookRecBody', cobr: 'WebhookCobRBody' } as const;

/**
 * The body of a callback: `POST {webhookUrl}/pix` (`WebhookPixBody`), `/rec`
 * (`WebhookRecBody`, of webhookrec) or `/cobr` (`WebhookCobRBody`, of webhookcobr). Each
 * schema leaves its list optional: a `/rec` or `/cobr` body must also carry the list of its kind.
 */
export function callbackProblems(body: unknown, kind: keyof typeof CALLBACK_BODIES = 'pix'): string[] {
  const list = { pix: 'pix', rec: 'recs', cobr: 'cobsr' }[kind];
  const has = !!body && typeof body === 'object' && Array.isArray((body as Record<string, unknown>)[list]);
  const missing = kind === 'pix' || has ? [] : [`callback body has no ${list} list`];
  return [...missing, ...schemaProblems('callback body', validator(`apipix#/components/requestBodies/${CALLBACK_BODIES[kind]}/content/application~1json/schema`), body)];
}

/** The kind of callback a receiver's path ends with (`…/rec`, `…/cobr`, otherwise `…/pix`). */
export const callbackKindOf = (path: string): keyof typeof CALLBACK_BODIES => (/\/rec$/.test(path) ? 'rec' : /\/cobr$/.test(path) ? 'cobr' : 'pix');

/** The token endpoint sits outside the spec's paths (its OAuth2 scheme names it): an RFC 6749 §5.1 answer, or a §5.2 error. */
const tokenAnswer = new Ajv({ allErrors: true }).compile({
  type: 'object',
  required: ['access_token', 'token_type', 'expires_in'],
  properties: { access_token: { type: 'string', minLength: 1 }, token_type: { enum: ['Bearer', 'bearer'] }, expires_in: { type: 'integer', minimum: 1 }, scope: { type: 'string' } },
});
const tokenError = new Ajv({ allErrors: true }).compile({
  type: 'object',
  required: ['error'],
  properties: { error: { enum: ['invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope', 'temporarily_unavailable', 'server_error'] }, error_description: { type: 'string' } },
});
export function tokenProblems(status: number, body: unknown): string[] {
  if (status === 200) return schemaProblems('token answer', tokenAnswer, body);
  if (status === 400 || status === 401 || status === 503) return schemaProblems(`token error ${status}`, tokenError, body);
  return [`token endpoint: status ${status} is not one of RFC 6749's`];
}

/** What `assert…` throws: the exchange drifted from the API Pix. */
export class ApiPixDrift extends Error {}

function assertNone(problems: string[], body?: unknown): void {
  if (problems.length > 0) throw new ApiPixDrift(`drift from the API Pix:\n${problems.join('\n')}${body === undefined ? '' : `\nbody: ${JSON.stringify(body).slice(0, 2000)}`}`);
}
export const assertApiPixRequest = (r: ApiPixRequest) => assertNone(requestProblems(r), r.body);
export const assertApiPixResponse = (r: ApiPixResponse) => assertNone(responseProblems(r), r.body);
export const assertApiPixCallback = (body: unknown) => assertNone(callbackProblems(body), body);
