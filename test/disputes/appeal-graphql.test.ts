import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { gql, onboardSeller, type TestApp, startTestAppWithSeller, type Seller } from '../support/app';
import { contractFetch } from '../support/contract';
import { rest } from '../support/rest';
import { disputesOf, paidCharge, report } from './support';

let app: TestApp;
let seller: Seller;

startTestAppWithSeller({ ROLE: 'api' }, (started, onboarded) => {
  [app, seller] = [started, onboarded];
});

const PDF = Buffer.from('%PDF-1.4\nminimal\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(64, 1)]);

const APPEAL = `mutation($d:ID!,$r:String!,$k:String!,$f:[Upload!]){ appealDispute(disputeId:$d, appealReason:$r, idempotencyKey:$k, files:$f){ id status appealReason uploadedFiles message } }`;

/** A GraphQL multipart request (operations, map, then one part per file). */
async function multipart(variables: Record<string, unknown>, files: { name: string; content: Buffer }[]) {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query: APPEAL, variables: { ...variables, f: files.map(() => null) } }));
  form.append('map', JSON.stringify(Object.fromEntries(files.map((_, i) => [String(i), [`variables.f.${i}`]]))));
  files.forEach((f, i) => form.append(String(i), new Blob([f.content]), f.name));
  const res = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${seller.apiKey}`, 'apollo-require-preflight': 'true' },
    body: form,
  });
  return (await res.json()) as { data?: any; errors?: any[] };
}

describe('appealDispute (GraphQL multipart request)', () => {
  it('stores the files through the same use case, judged by content; replays by idempotencyKey; refuses bad types', async () => {
    await paidCharge(app, seller.apiKey, 3_000);
    const id = await paidCharge(app, seller.apiKey, 1_000);
    await report(app, id, 'DISPUTE');
    const disputeId = (await disputesOf(app, id))[0]!.id;

    const wrong = await multipart({ d: disputeId, r: 'proof', k: randomUUID() }, [{ name: 'tool.pdf', content: ELF }]);
    expect(wrong.errors![0].extensions.code).toBe('INVALID_FILE_TYPE');

    const key = randomUUID();
    const files = [
      { name: 'invoice.pdf', content: PDF },
      { name: 'photo.pdf', content: PNG },
    ];
    const first = await multipart({ d: disputeId, r: 'Delivered, signed receipt attached', k: key }, files);
    expect(first.errors).toBeUndefined();
    expect(first.data.appealDispute).toEqual({ id: disputeId, status: 'UNDER_REVIEW', appealReason: 'Delivered, signed receipt attached', uploadedFiles: 2, message: expect.any(String) });
    const again = await multipart({ d: disputeId, r: 'Delivered, signed receipt attached', k: key }, files);
    expect(again.data.appealDispute).toEqual(first.data.appealDispute);
    const detail = (await rest(app, 'GET', `/v1/disputes/${disputeId}`, { key: seller.apiKey })).body.data;
    expect(detail.evidence.map((e: any) => [e.name, e.type]).sort()).toEqual([
      ['invoice.pdf', 'PDF'],
      ['photo.pdf', 'PNG'],
    ]);
    const conflict = await multipart({ d: disputeId, r: 'other', k: key }, files);
    expect(conflict.errors![0].extensions.code).toBe('IDEMPOTENCY_KEY_CONFLICT');
    const eleven = await multipart({ d: disputeId, r: 'x', k: randomUUID() }, Array.from({ length: 11 }, (_, i) => ({ name: `${i}.pdf`, content: PDF })));
    expect(eleven.errors![0].extensions.code).toBe('TOO_MANY_FILES');
  });

  it("lists the appeal's files on the dispute, downloadable with the dashboard session; another seller sees none of it", async () => {
    const id = await paidCharge(app, seller.apiKey, 2_000);
    await report(app, id, 'DISPUTE');
    const disputeId = (await disputesOf(app, id))[0]!.id;
    const EVIDENCE = `query($id:ID!){ dispute(id:$id){ status evidence { id name type mediaType size sha256 createdAt downloadPath } } }`;
    expect((await gql(app, EVIDENCE, { id: disputeId }, seller.session)).data!.dispute).toEqual({ status: 'OPEN', evidence: [] });

    const appealed = await multipart({ d: disputeId, r: 'Tracking code attached', k: randomUUID() }, [{ name: 'receipt.png', content: PNG }]);
    expect(appealed.errors).toBeUndefined();
    const [file] = (await gql(app, EVIDENCE, { id: disputeId }, seller.session)).data!.dispute.evidence;
    expect(file).toEqual({
      id: expect.any(String),
      name: 'receipt.png',
      type: 'PNG',
      mediaType: 'image/png',
      size: PNG.length,
      sha256: createHash('sha256').update(PNG).digest('hex'),
      createdAt: expect.any(String),
      downloadPath: `/v1/disputes/${disputeId}/evidence/${file.id}`,
    });
    const download = await contractFetch(`${app.url}${file.downloadPath}`, { headers: { authorization: `Bearer ${seller.session}` } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PNG);

    const other = await onboardSeller(app);
    expect((await gql(app, EVIDENCE, { id: disputeId }, other.session)).errors![0].extensions!.code).toBe('DISPUTE_NOT_FOUND');
    expect((await contractFetch(`${app.url}${file.downloadPath}`, { headers: { authorization: `Bearer ${other.session}` } })).status).toBe(404);
  });

  it('tells clients the limits it enforces', async () => {
    const limits = (await gql(app, '{ appealLimits { maxFiles maxFileBytes maxRequestBytes maxReasonLength mediaTypes } }')).data!.appealLimits;
    expect(limits).toEqual({ maxFiles: 10, maxFileBytes: 5 * 1024 * 1024, maxRequestBytes: 20 * 1024 * 1024, maxReasonLength: 5000, mediaTypes: ['application/pdf', 'image/png', 'image/jpeg'] });
  });
});
