import { assertMatchesContract } from './contract';

/**
 * Small REST client for tests: JSON in, status + headers + JSON out. Every answer (and,
 * on a success, the body sent) is checked against the OpenAPI document
 * (test/support/contract.ts): a drift fails the test.
 */
export async function rest(
  app: { url: string },
  method: string,
  path: string,
  opts: { key?: string; bearer?: string; body?: unknown; idempotencyKey?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; body: any }> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.key) headers['x-api-key'] = opts.key;
  if (opts.bearer) headers.authorization = `Bearer ${opts.bearer}`;
  if (opts.idempotencyKey !== undefined) headers['idempotency-key'] = opts.idempotencyKey;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${app.url}${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  assertMatchesContract({ method, url: path, status: res.status, headers: res.headers, body, sent: opts.body === undefined ? { json: false } : { json: true, body: opts.body } });
  return { status: res.status, headers: res.headers, body };
}
