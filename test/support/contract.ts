import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { ERROR_CODES_EXTENSION } from '../../src/rest/openapi/components';
import { openApiDocument } from '../../src/rest/openapi/document';
import { schemaRefs } from './schema-refs';

/**
 * Contract check of a REST answer against openapi.json's document: the operation
 * exists, its status is documented, the body matches the documented schema of its media
 * type, an error's code is one the response lists, and the documented headers are
 * there (undocumented ones we define are refused). On a success, the JSON body the test
 * sent must be one the document accepts (a 2xx to a body it calls invalid is a drift).
 * Throws with what drifted.
 */
type Json = Record<string, any>;

const doc = openApiDocument() as unknown as Json;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
addFormats(ajv);
ajv.addSchema(doc, 'openapi');

const { pointer, validator } = schemaRefs(ajv, 'openapi');

const templates = Object.keys(doc.paths).map((template) => ({
  template,
  params: (template.match(/\{/g) ?? []).length,
  regex: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

/** The documented operation of a request: the template with the fewest parameters wins (/v1/webhooks/deliveries over /v1/webhooks/{id}). */
export function operationOf(method: string, path: string): { template: string; operation: Json } | null {
  const m = method.toLowerCase();
  const found = templates.filter((t) => t.regex.test(path) && doc.paths[t.template][m]).sort((a, b) => a.params - b.params)[0];
  return found ? { template: found.template, operation: doc.paths[found.template][m] } : null;
}

const OUR_HEADERS = ['idempotent-replayed', 'ratelimit-policy', 'retry-after'];

export interface Answer {
  method: string;
  /** Path and query as requested. */
  url: string;
  status: number;
  headers: Headers;
  body: unknown;
  /** What the test sent, when known: no body, or a JSON one. Other bodies (multipart) are not checked. */
  sent?: { json: false } | { json: true; body: unknown };
}

export function contractProblems(a: Answer): string[] {
  const path = decodeURIComponentSafe(a.url.split('?')[0]!);
  const what = `${a.method} ${a.url} -> ${a.status}`;
  if (!a.headers.get('x-request-id')) return [`${what}: no X-Request-Id`];
  const op = operationOf(a.method, path);
  if (!op) {
    // Unknown routes (and paths refused before routing) answer a documented error format.
    if (a.status < 400) return [`${what}: not in the document`];
    const schema = /^\/api\/v1\/cobranca(\/|$)/.test(path) && a.status !== 401 && a.status < 500 ? 'CobrancaError' : 'StandardError';
    return schemaProblems(what, validator(pointer('components', 'schemas', schema)), a.body);
  }
  const response: Json | undefined = op.operation.responses[String(a.status)];
  if (!response) return [`${what}: status ${a.status} is not documented for ${a.method} ${op.template} (documented: ${Object.keys(op.operation.responses).join(', ')})`];
  const problems: string[] = a.status >= 200 && a.status < 300 && a.sent ? sentProblems(what, op, a.method, a.sent) : [];
  const documented = Object.keys(response.headers ?? {}).map((h) => h.toLowerCase());
  for (const h of OUR_HEADERS) if (a.headers.has(h) && !documented.includes(h)) problems.push(`${what}: header ${h} is sent but not documented`);
  // The budget is always sent on a success of a limited path; an error may come before the count.
  const always = a.status < 400 ? ['ratelimit-policy'] : a.status === 429 ? ['ratelimit-policy', 'retry-after'] : [];
  for (const h of documented) if (always.includes(h) && !a.headers.has(h)) problems.push(`${what}: documented header ${h} is missing`);
  const codes: string[] | undefined = response[ERROR_CODES_EXTENSION];
  // A status may also answer a body of the route's own (the health body of a 503): it has no code.
  const code = a.body && typeof a.body === 'object' ? ((a.body as Json).erro ?? (a.body as Json).code) : undefined;
  if (codes && code !== undefined) {
    if (!codes.includes(code)) problems.push(`${what}: error code ${code} is not listed on ${a.method} ${op.template} ${a.status} (listed: ${codes.join(', ')})`);
  }
  if (a.status === 304) return problems;
  const mediaType = (a.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const content: Json = response.content ?? {};
  if (!content[mediaType]) return [...problems, `${what}: media type ${mediaType} is not documented (documented: ${Object.keys(content).join(', ')})`];
  if (mediaType === 'application/json') {
    problems.push(...schemaProblems(what, validator(pointer('paths', op.template, a.method.toLowerCase(), 'responses', String(a.status), 'content', mediaType, 'schema')), a.body));
  }
  return problems;
}

/** A request the operation answered with a success: its body is one the document accepts. */
function sentProblems(what: string, op: { template: string; operation: Json }, method: string, sent: NonNullable<Answer['sent']>): string[] {
  const requestBody: Json | undefined = op.operation.requestBody;
  if (!requestBody) return [];
  const json = requestBody.content?.['application/json'];
  if (!sent.json) return requestBody.required ? [`${what}: answered a success without the request body the document requires`] : [];
  if (!json) return [`${what}: answered a success to a JSON body; the document takes ${Object.keys(requestBody.content ?? {}).join(', ')}`];
  const v = validator(pointer('paths', op.template, method.toLowerCase(), 'requestBody', 'content', 'application/json', 'schema'));
  return schemaProblems(what, v, sent.body, 'request body');
}

function schemaProblems(what: string, v: ValidateFunction, body: unknown, label = 'body'): string[] {
  if (v(body)) return [];
  return (v.errors ?? []).map((e) => `${what}: ${label}${e.instancePath} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`);
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** What `assertMatchesContract` throws: a test that tolerates a failed request (a closed connection) still fails on it. */
export class ContractDrift extends Error {}

/** Throws when the answer drifts from the document. */
export function assertMatchesContract(a: Answer): void {
  const problems = contractProblems(a);
  if (problems.length > 0) {
    const sent = a.sent?.json ? `\nrequest body: ${JSON.stringify(a.sent.body).slice(0, 2000)}` : '';
    throw new ContractDrift(`the answer does not match openapi.json:\n${problems.join('\n')}\nbody: ${JSON.stringify(a.body).slice(0, 2000)}${sent}`);
  }
}

/**
 * `fetch` of a REST path with its answer checked like `rest`'s (status, headers, media
 * type, and the body when it is JSON); the answer is handed back unread.
 */
export async function contractFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(url, init);
  const bytes = await res.arrayBuffer();
  const json = /\bjson\b/.test(res.headers.get('content-type') ?? '');
  const text = json ? new TextDecoder().decode(bytes) : '';
  const { pathname, search } = new URL(url);
  assertMatchesContract({ method: (init.method ?? 'GET').toUpperCase(), url: pathname + search, status: res.status, headers: res.headers, body: json && text ? JSON.parse(text) : null, sent: sentOf(init) });
  const empty = res.status === 204 || res.status === 304;
  return new Response(empty ? null : bytes, { status: res.status, statusText: res.statusText, headers: res.headers });
}

/** The body of a request as the contract check reads it: none, JSON, or unknown (multipart, a stream, malformed JSON). */
function sentOf(init: RequestInit): Answer['sent'] {
  if (init.body === undefined || init.body === null) return { json: false };
  const type = new Headers(init.headers).get('content-type') ?? '';
  if (typeof init.body !== 'string' || !/\bjson\b/.test(type)) return undefined;
  try {
    return { json: true, body: JSON.parse(init.body) };
  } catch {
    return undefined;
  }
}
