import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPEAL_LIMITS } from '../../src/domain/disputes/evidence';
import { onboardSeller, startTestApp, type TestApp } from '../support/app';
import { rest } from '../support/rest';
import { disputesOf, paidCharge, report } from '../disputes/support';

/**
 * Issue #34, finding 5: the GraphQL multipart appeal read five 5 MiB files whole and
 * passed them to the use case; REST cuts the same request at 20 MiB with 413. Both
 * doors now share one limit, enforced while the body streams.
 */
let app: TestApp;
let seller: Awaited<ReturnType<typeof onboardSeller>>;

beforeAll(async () => {
  app = await startTestApp({ ROLE: 'api' });
  seller = await onboardSeller(app);
});
afterAll(() => app?.close());

const APPEAL = `mutation($d:ID!,$r:String!,$k:String!,$f:[Upload!]){ appealDispute(disputeId:$d, appealReason:$r, idempotencyKey:$k, files:$f){ id status uploadedFiles } }`;
// Each file is within the per-file limit; five of them are over the request's total.
const FILE = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(APPEAL_LIMITS.maxFileBytes - 1024, 0x20)]);

async function openDispute(): Promise<string> {
  const id = await paidCharge(app, seller.apiKey, 2_000);
  await report(app, id, 'DISPUTE');
  return (await disputesOf(app, id))[0]!.id;
}

/** The GraphQL multipart request's bytes and content type. */
async function multipartBody(disputeId: string, files: number): Promise<{ bytes: Buffer; contentType: string }> {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query: APPEAL, variables: { d: disputeId, r: 'five large files', k: randomUUID(), f: Array.from({ length: files }, () => null) } }));
  form.append('map', JSON.stringify(Object.fromEntries(Array.from({ length: files }, (_, i) => [String(i), [`variables.f.${i}`]]))));
  for (let i = 0; i < files; i++) form.append(String(i), new Blob([FILE]), `${i}.pdf`);
  const encoded = new Response(form);
  return { bytes: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}

/** Sends the body declared (Content-Length) or streamed (chunked); the status, or 0 when the server closed the connection first. */
async function send(body: { bytes: Buffer; contentType: string }, streamed: boolean): Promise<number> {
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull: (c) => {
      if (offset >= body.bytes.length) return c.close();
      c.enqueue(body.bytes.subarray(offset, offset + 256 * 1024));
      offset += 256 * 1024;
    },
  });
  const init = { method: 'POST', headers: { authorization: `Bearer ${seller.apiKey}`, 'apollo-require-preflight': 'true', 'content-type': body.contentType } };
  const request = streamed ? fetch(`${app.url}/graphql`, { ...init, body: stream, duplex: 'half' } as RequestInit) : fetch(`${app.url}/graphql`, { ...init, body: body.bytes });
  return request.then(
    (r) => r.status,
    () => 0,
  );
}

const appealed = async (disputeId: string) => (await rest(app, 'GET', `/v1/disputes/${disputeId}`, { key: seller.apiKey })).body.data.status !== 'OPEN';

describe('finding 5: the GraphQL appeal has the REST request limit', () => {
  it('refuses a declared body over 20 MiB with 413; nothing reaches the use case', async () => {
    const disputeId = await openDispute();
    const body = await multipartBody(disputeId, 5);
    expect(body.bytes.length).toBeGreaterThan(APPEAL_LIMITS.maxRequestBytes);
    expect(await send(body, false)).toBe(413);
    expect(await appealed(disputeId)).toBe(false);
  });

  it('cuts a streamed body (no Content-Length) at 20 MiB: 413 or the connection closed, never an appeal', async () => {
    const disputeId = await openDispute();
    const status = await send(await multipartBody(disputeId, 5), true);
    expect([413, 0]).toContain(status);
    expect(await appealed(disputeId)).toBe(false);
  });

  it('a body under the limit still appeals', async () => {
    const disputeId = await openDispute();
    expect(await send(await multipartBody(disputeId, 3), true)).toBe(200);
    expect(await appealed(disputeId)).toBe(true);
  });
});
