import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sha256Hex } from '../../src/domain/disputes/evidence';
import { createLogger } from '../../src/infra/log/logger';
import { EvidenceRows } from '../../src/infra/disputes/evidence-rows';
import { CONFIRM_WITHIN_MS, PendingEvidenceObjects, SWEEP_AFTER_MS } from '../../src/infra/disputes/pending-evidence-objects';
import { S3EvidenceObjects } from '../../src/infra/disputes/s3-evidence-objects';
import { S3EvidenceStore } from '../../src/infra/disputes/s3-evidence-store';
import { gql, onboardSeller, startTestApp, type TestApp } from '../support/app';
import { contractFetch } from '../support/contract';
import { rest } from '../support/rest';
import { sha256, startTestS3, type TestS3 } from '../support/s3-server';
import { operatorSession } from '../privacy/support';
import { disputesOf, drainJobs, paidCharge, report } from './support';
import { platformOf, sqlOf, inTransaction } from '../support/platform';

let s3: TestS3;
let app: TestApp;
let seller: Awaited<ReturnType<typeof onboardSeller>>;

beforeAll(async () => {
  s3 = await startTestS3();
  app = await startTestApp({ ROLE: 'api', ...s3.env });
  seller = await onboardSeller(app);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await s3?.close();
});

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3_000), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(20_000)]);
// Larger than any single network read, so the download really streams.
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2 * 1024 * 1024)]);

type Part = { name: string; content: Buffer };

async function appealRest(disputeId: string, files: Part[], o: { key?: string; apiKey?: string } = {}) {
  const form = new FormData();
  form.append('disputeId', disputeId);
  form.append('appealReason', 'Delivered: receipt and photos attached');
  for (const p of files) form.append('files', new Blob([p.content]), p.name);
  const res = await contractFetch(`${app.url}/v1/disputes/appeal`, {
    method: 'POST',
    headers: { 'x-api-key': o.apiKey ?? seller.apiKey, 'idempotency-key': o.key ?? randomUUID() },
    body: form,
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

const APPEAL = `mutation($d:ID!,$r:String!,$k:String!,$f:[Upload!]){ appealDispute(disputeId:$d, appealReason:$r, idempotencyKey:$k, files:$f){ status uploadedFiles } }`;

async function appealGraphql(disputeId: string, files: Part[]) {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query: APPEAL, variables: { d: disputeId, r: 'Proof attached', k: randomUUID(), f: files.map(() => null) } }));
  form.append('map', JSON.stringify(Object.fromEntries(files.map((_, i) => [String(i), [`variables.f.${i}`]]))));
  files.forEach((f, i) => form.append(String(i), new Blob([f.content]), f.name));
  const res = await fetch(`${app.url}/graphql`, { method: 'POST', headers: { authorization: `Bearer ${seller.apiKey}`, 'apollo-require-preflight': 'true' }, body: form });
  return (await res.json()) as { data?: any; errors?: any[] };
}

async function openDispute(apiKey = seller.apiKey) {
  await paidCharge(app, apiKey, 5_000);
  const id = await paidCharge(app, apiKey, 2_000);
  await report(app, id, 'DISPUTE');
  return (await disputesOf(app, id))[0]!;
}

const prefixOf = (d: { id: string; sellerId: string }) => `dispute-evidence/${d.sellerId}/${d.id}/`;

const rowsOf = (disputeId: string) =>
  sqlOf(app).query<{ id: string; name: string; content: Buffer | null; object_key: string | null }>(
    'select id, name, content, object_key from dispute_evidence where dispute_id = ? order by id',
    [disputeId],
  );

const pendingUnder = async (prefix: string) =>
  (await sqlOf(app).query<{ object_key: string }>('select object_key from evidence_pending_objects where object_key like ?', [`${prefix}%`])).map((r) => r.object_key);

async function download(path: string, apiKey = seller.apiKey) {
  const res = await contractFetch(`${app.url}${path}`, { headers: { 'x-api-key': apiKey } });
  return { status: res.status, headers: res.headers, content: Buffer.from(await res.arrayBuffer()) };
}

/** The store as the service builds it, to stop an appeal half-way as a crash would. */
function storeLikeTheService() {
  const c = platformOf(app).config;
  const p = platformOf(app);
  const objects = new S3EvidenceObjects(
    { bucket: c.S3_BUCKET!, region: c.S3_REGION, endpoint: c.S3_ENDPOINT, forcePathStyle: c.S3_FORCE_PATH_STYLE, credentials: { accessKeyId: c.S3_ACCESS_KEY_ID!, secretAccessKey: c.S3_SECRET_ACCESS_KEY! } },
    createLogger('silent'),
  );
  const pending = new PendingEvidenceObjects({ sql: p.sql, uow: p.uow, scheduler: p.scheduler, clock: app.clock, objects });
  return new S3EvidenceStore({ rows: new EvidenceRows(p.sql), objects, pending, keyPrefix: c.S3_KEY_PREFIX, logger: createLogger('silent') });
}

const stagedFile = (d: { id: string; sellerId: string }, content: Buffer) => ({
  file: { id: randomUUID(), disputeId: d.id, sellerId: d.sellerId, name: 'receipt.pdf', type: 'PDF' as const, size: content.length, sha256: sha256Hex(content), createdAt: app.clock.now() },
  content,
});

describe('evidence in an S3-compatible bucket (EVIDENCE_STORE=s3)', () => {
  it('REST: each file becomes one object under <seller>/<dispute>/<file id>, the row keeps only its key, and downloads are byte-identical', async () => {
    const dispute = await openDispute();
    const files = [
      { name: 'nota.pdf', content: PDF },
      { name: 'foto.png', content: PNG },
      { name: 'entrega.jpg', content: JPG },
    ];
    const res = await appealRest(dispute.id, files);
    expect([res.status, res.body.uploadedFiles]).toEqual([200, 3]);

    const evidence = (await rest(app, 'GET', `/v1/disputes/${dispute.id}`, { key: seller.apiKey })).body.data.evidence as any[];
    expect(await s3.keys(prefixOf(dispute))).toEqual(evidence.map((e) => `${prefixOf(dispute)}${e.id}`).sort());
    for (const row of await rowsOf(dispute.id)) expect([row.content, row.object_key]).toEqual([null, `${prefixOf(dispute)}${row.id}`]);
    expect(await pendingUnder(prefixOf(dispute))).toEqual([]);

    for (const sent of files) {
      const e = evidence.find((x) => x.name === sent.name);
      expect(e.sha256).toBe(sha256(sent.content));
      const stored = await s3.object(`${prefixOf(dispute)}${e.id}`);
      expect([stored.contentType, stored.metadata.sha256, sha256(stored.content)]).toEqual([e.mediaType, e.sha256, e.sha256]);
      const got = await download(e.downloadPath);
      expect([got.status, got.headers.get('content-type'), got.headers.get('content-length')]).toEqual([200, e.mediaType, String(sent.content.length)]);
      expect(sha256(got.content)).toBe(e.sha256);
    }
  });

  it('a file kept in PostgreSQL before the switch to S3 still downloads', async () => {
    const dispute = await openDispute();
    const id = randomUUID();
    await sqlOf(app).query(
      `insert into dispute_evidence (id, dispute_id, seller_id, name, type, size, sha256, content, created_at) values (?, ?, ?, 'old.pdf', 'PDF', ?, ?, ?, now())`,
      [id, dispute.id, dispute.sellerId, PDF.length, sha256(PDF), PDF],
    );
    const got = await download(`/v1/disputes/${dispute.id}/evidence/${id}`);
    expect([got.status, sha256(got.content)]).toEqual([200, sha256(PDF)]);
  });

  it('GraphQL: the same use case puts the files in the bucket and they download byte-identical', async () => {
    const dispute = await openDispute();
    const res = await appealGraphql(dispute.id, [
      { name: 'invoice.pdf', content: PDF },
      { name: 'photo.jpg', content: JPG },
    ]);
    expect(res.errors).toBeUndefined();
    expect(res.data.appealDispute).toEqual({ status: 'UNDER_REVIEW', uploadedFiles: 2 });
    const evidence = (await rest(app, 'GET', `/v1/disputes/${dispute.id}`, { key: seller.apiKey })).body.data.evidence as any[];
    expect(await s3.keys(prefixOf(dispute))).toHaveLength(2);
    for (const e of evidence) expect(sha256((await download(e.downloadPath)).content)).toBe(e.sha256);
    expect(evidence.map((e) => e.sha256).sort()).toEqual([sha256(PDF), sha256(JPG)].sort());
  });

  it('an appeal of a decided dispute is 409 and uploads nothing', async () => {
    const dispute = await openDispute();
    await app.services.disputeDecisions.decideByOperator({ disputeId: dispute.id, outcome: 'LOST', operatorId: 'op-1' });
    const res = await appealRest(dispute.id, [{ name: 'late.pdf', content: PDF }]);
    expect([res.status, res.body.erro]).toEqual([409, 'DISPUTE_NOT_APPEALABLE']);
    expect(s3.created.filter((k) => k.startsWith(prefixOf(dispute)))).toEqual([]);
    expect(await pendingUnder(prefixOf(dispute))).toEqual([]);
  });

  it("a failure inside the appeal's transaction deletes the objects it had uploaded: no object, no row, no pending record", async () => {
    const dispute = await openDispute();
    const appeals = app.services.appealDispute;
    const apply = appeals.apply.bind(appeals);
    vi.spyOn(appeals, 'apply').mockImplementationOnce(async (tx, staged) => {
      await apply(tx, staged);
      throw new Error('forced failure after the rows were written');
    });
    const failing = app.services.commands.appealDispute({
      seller: { id: dispute.sellerId } as Parameters<typeof app.services.commands.appealDispute>[0]['seller'],
      fields: { disputeId: dispute.id, appealReason: 'x' },
      files: [{ name: 'a.pdf', content: PDF }, { name: 'b.png', content: PNG }],
      idempotencyKey: randomUUID(),
    });
    await expect(failing).rejects.toThrow('forced failure');
    const uploaded = s3.created.filter((k) => k.startsWith(prefixOf(dispute)));
    expect(uploaded).toHaveLength(2);
    expect(await s3.keys(prefixOf(dispute))).toEqual([]);
    expect(await rowsOf(dispute.id)).toEqual([]);
    expect(await pendingUnder(prefixOf(dispute))).toEqual([]);
    expect((await app.services.disputeRepository.findById(dispute.id))!.status).toBe('OPEN');
    // The seller can appeal again.
    expect((await appealRest(dispute.id, [{ name: 'a.pdf', content: PDF }])).status).toBe(200);
    expect(await s3.keys(prefixOf(dispute))).toHaveLength(1);
  });

  it('a confirmation later than the confirm window is refused (503) and nothing is kept', async () => {
    const dispute = await openDispute();
    const store = storeLikeTheService();
    const staged = await store.stage([stagedFile(dispute, PDF)]);
    app.clock.advance(CONFIRM_WITHIN_MS + 60_000);
    const late = inTransaction(app, (tx) => store.save(tx, staged));
    await expect(late).rejects.toMatchObject({ code: 'EVIDENCE_UPLOAD_EXPIRED', kind: 'UNAVAILABLE' });
    expect(await rowsOf(dispute.id)).toEqual([]);
    await store.discard(staged);
    expect(await s3.keys(prefixOf(dispute))).toEqual([]);
    expect(await pendingUnder(prefixOf(dispute))).toEqual([]);
  });

  it('S3 down: 503 EVIDENCE_STORAGE_UNAVAILABLE in the error format, no row, dispute still OPEN; back up, the same key succeeds and the sweep clears the leftovers', async () => {
    const before = await openDispute();
    expect((await appealRest(before.id, [{ name: 'a.pdf', content: PDF }])).status).toBe(200);
    const [kept] = (await rest(app, 'GET', `/v1/disputes/${before.id}`, { key: seller.apiKey })).body.data.evidence;
    const dispute = await openDispute();
    const key = randomUUID();

    await s3.stop();
    const down = await appealRest(dispute.id, [{ name: 'a.pdf', content: PDF }], { key });
    expect(down.status).toBe(503);
    expect(down.body).toEqual({
      status: false,
      erro: 'EVIDENCE_STORAGE_UNAVAILABLE',
      mensagem: expect.any(String),
      requestId: expect.any(String),
      timestamp: expect.any(String),
      path: '/v1/disputes/appeal',
      details: { retryAfterSeconds: 5 },
    });
    expect(down.headers.get('retry-after')).toBe('5');
    expect(await rowsOf(dispute.id)).toEqual([]);
    expect((await app.services.disputeRepository.findById(dispute.id))!.status).toBe('OPEN');
    const leftover = await pendingUnder(prefixOf(dispute));
    expect(leftover).toHaveLength(1);
    const read = await download(kept.downloadPath);
    expect([read.status, JSON.parse(read.content.toString()).erro]).toEqual([503, 'EVIDENCE_STORAGE_UNAVAILABLE']);

    await s3.start();
    const again = await appealRest(dispute.id, [{ name: 'a.pdf', content: PDF }], { key });
    expect(again.status).toBe(200);
    const [confirmed] = await s3.keys(prefixOf(dispute));
    expect(confirmed).not.toBe(leftover[0]);

    app.clock.advance(SWEEP_AFTER_MS + 60_000);
    await drainJobs(app);
    expect(await pendingUnder(prefixOf(dispute))).toEqual([]);
    // The sweep leaves confirmed objects alone.
    expect(await s3.keys(prefixOf(dispute))).toEqual([confirmed]);
    expect(sha256((await download(kept.downloadPath)).content)).toBe(sha256(PDF));
  });

  it('a crash between upload and commit leaves a pending record; the durable job deletes the object once the sweep time is reached, not before', async () => {
    const dispute = await openDispute();
    const staged = await storeLikeTheService().stage([stagedFile(dispute, PDF), stagedFile(dispute, PNG)]);
    // The process dies here: no transaction, no discard.
    expect(await s3.keys(prefixOf(dispute))).toEqual(staged.map((s) => s.location).sort());

    app.clock.advance(SWEEP_AFTER_MS - 60_000);
    await drainJobs(app);
    expect(await s3.keys(prefixOf(dispute))).toHaveLength(2);

    app.clock.advance(2 * 60_000);
    await drainJobs(app);
    expect(await s3.keys(prefixOf(dispute))).toEqual([]);
    expect(await pendingUnder(prefixOf(dispute))).toEqual([]);
  });

  it("erasure queues the deletion of the seller's objects in its transaction and the job deletes them", async () => {
    const owner = await onboardSeller(app);
    const dispute = await openDispute(owner.apiKey);
    expect((await appealRest(dispute.id, [{ name: 'maria.pdf', content: PDF }, { name: 'maria.png', content: PNG }], { apiKey: owner.apiKey })).status).toBe(200);
    expect(await s3.keys(prefixOf(dispute))).toHaveLength(2);

    const operator = await operatorSession(app);
    const requested = await gql(app, 'mutation{ requestErasure { requestId } }', {}, owner.session);
    const executed = await gql(app, 'mutation($id:ID!){ executeErasure(requestId:$id){ status history { action detail } } }', { id: requested.data!.requestErasure.requestId }, operator);
    expect(executed.errors).toBeUndefined();
    const step = executed.data!.executeErasure.history.find((h: { action: string }) => h.action === 'EXECUTED');
    expect(step.detail.anonymised).toMatchObject({ 'dispute_evidence.objects': 2, 'dispute_evidence.object_key': 2, 'dispute_evidence.name': 2 });
    expect((await rowsOf(dispute.id)).map((r) => [r.name, r.object_key])).toEqual([
      ['[erased]', null],
      ['[erased]', null],
    ]);

    await drainJobs(app);
    expect(await s3.keys(prefixOf(dispute))).toEqual([]);
    expect(await pendingUnder(prefixOf(dispute))).toEqual([]);
  });
});
