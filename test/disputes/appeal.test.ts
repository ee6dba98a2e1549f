import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { onboardSeller, type TestApp, startTestAppWithSeller, type Seller } from '../support/app';
import { ContractDrift, contractFetch } from '../support/contract';
import { rest } from '../support/rest';
import { disputesOf, eventsOf, paidCharge, report, transactionStatus } from './support';
import { sqlOf } from '../support/platform';

let app: TestApp;
let seller: Seller;

startTestAppWithSeller({ ROLE: 'api' }, (started, onboarded) => {
  [app, seller] = [started, onboarded];
});

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 0x20), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 1)]);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(250, 2)]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(400, 3)]);

type Part = { name: string; content: Buffer; type?: string };

function form(fields: Record<string, string>, files: Part[]): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  for (const p of files) f.append('files', new Blob([p.content], { type: p.type ?? 'application/pdf' }), p.name);
  return f;
}

async function appeal(body: FormData | string, o: { key?: string; apiKey?: string; contentType?: string } = {}) {
  const headers: Record<string, string> = { 'x-api-key': o.apiKey ?? seller.apiKey, 'idempotency-key': o.key ?? randomUUID() };
  if (o.contentType) headers['content-type'] = o.contentType;
  const res = await contractFetch(`${app.url}/v1/disputes/appeal`, { method: 'POST', headers, body });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

async function openDispute(status: 'DISPUTE' | 'CHARGEDBACK' = 'DISPUTE', apiKey = seller.apiKey) {
  await paidCharge(app, apiKey, 5_000);
  const id = await paidCharge(app, apiKey, 2_000);
  await report(app, id, status);
  return { transactionId: id, disputeId: (await disputesOf(app, id))[0]!.id };
}

const evidenceCount = async (disputeId: string) =>
  Number((await sqlOf(app).query<{ n: string }>('select count(*) as n from dispute_evidence where dispute_id = ?', [disputeId]))[0]!.n);

describe('POST /v1/disputes/appeal', () => {
  it('takes 10 files of the three types judged by content, answers per SPEC, and lists and serves the evidence', async () => {
    const { disputeId } = await openDispute();
    const files: Part[] = [
      ...Array.from({ length: 4 }, (_, i) => ({ name: `nota-${i}.pdf`, content: PDF })),
      ...Array.from({ length: 3 }, (_, i) => ({ name: `foto-${i}.png`, content: PNG, type: 'image/png' })),
      ...Array.from({ length: 2 }, (_, i) => ({ name: `foto-${i}.jpg`, content: JPG, type: 'image/jpeg' })),
      { name: 'really-a-png.pdf', content: PNG, type: 'application/pdf' },
    ];
    const res = await appeal(form({ disputeId, appealReason: 'The buyer received the goods: invoice and delivery photos attached.' }, files));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: true,
      data: { id: disputeId, status: 'UNDER_REVIEW', appealReason: 'The buyer received the goods: invoice and delivery photos attached.' },
      uploadedFiles: 10,
      message: expect.any(String),
    });
    const detail = (await rest(app, 'GET', `/v1/disputes/${disputeId}`, { key: seller.apiKey })).body.data;
    expect(detail.status).toBe('UNDER_REVIEW');
    expect(detail.evidence).toHaveLength(10);
    expect(detail.evidence.map((e: any) => e.type).sort()).toEqual(['JPG', 'JPG', 'PDF', 'PDF', 'PDF', 'PDF', 'PNG', 'PNG', 'PNG', 'PNG']);
    const disguised = detail.evidence.find((e: any) => e.name === 'really-a-png.pdf');
    expect(disguised).toMatchObject({ type: 'PNG', mediaType: 'image/png', size: PNG.length, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const download = await contractFetch(`${app.url}${disguised.downloadPath}`, { headers: { 'x-api-key': seller.apiKey } });
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await eventsOf(app, disputeId)).at(-1)).toBe('DISPUTE_UNDER_REVIEW');
  });

  it('refuses an 11th file, an executable named .pdf, a missing reason and a non-multipart body, storing nothing', async () => {
    const { disputeId } = await openDispute();
    const eleven = await appeal(form({ disputeId, appealReason: 'x' }, Array.from({ length: 11 }, (_, i) => ({ name: `${i}.pdf`, content: PDF }))));
    expect([eleven.status, eleven.body.erro]).toEqual([400, 'TOO_MANY_FILES']);
    const exe = await appeal(form({ disputeId, appealReason: 'x' }, [{ name: 'invoice.pdf', content: EXE }]));
    expect([exe.status, exe.body.erro]).toEqual([400, 'INVALID_FILE_TYPE']);
    const noReason = await appeal(form({ disputeId, appealReason: '   ' }, [{ name: 'a.pdf', content: PDF }]));
    expect([noReason.status, noReason.body.erro]).toEqual([400, 'APPEAL_REASON_REQUIRED']);
    const tooLong = await appeal(form({ disputeId, appealReason: 'x'.repeat(5_001) }, []));
    expect([tooLong.status, tooLong.body.erro]).toEqual([400, 'APPEAL_REASON_TOO_LONG']);
    const json = await appeal(JSON.stringify({ disputeId, appealReason: 'x' }), { contentType: 'application/json' });
    expect([json.status, json.body.erro]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const big = await appeal(form({ disputeId, appealReason: 'x' }, [{ name: 'big.pdf', content: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]) }]));
    expect([big.status, big.body.erro]).toEqual([413, 'FILE_TOO_LARGE']);
    expect(await evidenceCount(disputeId)).toBe(0);
    expect((await app.services.disputeRepository.findById(disputeId))!.status).toBe('OPEN');
  });

  it('cuts off a body larger than the request limit early instead of reading it', async () => {
    const { disputeId } = await openDispute();
    const boundary = 'pixpayboundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="disputeId"\r\n\r\n${disputeId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="appealReason"\r\n\r\nhuge\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
    );
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const total = 2 * 1024 * 1024 * 1024; // what the client would send: 2 GB
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      start: (c) => c.enqueue(head),
      pull: (c) => {
        if (pulled >= total) return c.close();
        pulled += chunk.length;
        c.enqueue(chunk);
      },
    });
    const outcome = await contractFetch(`${app.url}/v1/disputes/appeal`, {
      method: 'POST',
      headers: { 'x-api-key': seller.apiKey, 'idempotency-key': randomUUID(), 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    } as RequestInit).then(
      async (r) => ({ status: r.status, code: ((await r.json()) as any).erro as string }),
      (e) => {
        if (e instanceof ContractDrift) throw e;
        return { status: 0, code: 'CONNECTION_CLOSED' };
      },
    );
    // Either the 413 arrives or the server closed the connection on the still-sending client.
    expect(['413:FILE_TOO_LARGE', '413:PAYLOAD_TOO_LARGE', '0:CONNECTION_CLOSED']).toContain(`${outcome.status}:${outcome.code}`);
    expect(pulled).toBeLessThan(256 * 1024 * 1024);
    expect(await evidenceCount(disputeId)).toBe(0);
  });

  it('refuses a request over 20 MiB in total, even when each file is within its limit', async () => {
    const { disputeId } = await openDispute();
    const file = Buffer.concat([PDF, Buffer.alloc(4 * 1024 * 1024, 0x20)]);
    const outcome = await appeal(form({ disputeId, appealReason: 'many large files' }, Array.from({ length: 6 }, (_, i) => ({ name: `${i}.pdf`, content: file })))).then(
      (r) => `${r.status}:${r.body.erro}`,
      (e) => {
        if (e instanceof ContractDrift) throw e;
        return '0:CONNECTION_CLOSED';
      },
    );
    expect(['413:PAYLOAD_TOO_LARGE', '0:CONNECTION_CLOSED']).toContain(outcome);
    expect(await evidenceCount(disputeId)).toBe(0);
  });

  it('is idempotent for 72 h: the same key and body replay the answer with no second set of files; another body is a conflict', async () => {
    const { disputeId } = await openDispute();
    const key = randomUUID();
    const body = () => form({ disputeId, appealReason: 'Proof attached' }, [{ name: 'a.pdf', content: PDF }, { name: 'b.jpg', content: JPG }]);
    const first = await appeal(body(), { key });
    const again = await appeal(body(), { key });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await evidenceCount(disputeId)).toBe(2);
    const other = await appeal(form({ disputeId, appealReason: 'Another reason' }, [{ name: 'a.pdf', content: PDF }]), { key });
    expect([other.status, other.body.erro]).toEqual([422, 'IDEMPOTENCY_KEY_CONFLICT']);
    const second = await appeal(form({ disputeId, appealReason: 'Again' }, []));
    expect([second.status, second.body.erro]).toEqual([409, 'DISPUTE_NOT_APPEALABLE']);
    const [row] = await sqlOf(app).query<{ expires_at: Date; created_at: Date }>(
      "select expires_at, created_at from idempotency_keys where key = ? and operation = 'disputes.appeal'",
      [key],
    );
    expect(new Date(row!.expires_at).getTime() - new Date(row!.created_at).getTime()).toBe(72 * 3_600_000);
  });

  it("another seller's dispute is 404, like an unknown one", async () => {
    const other = await onboardSeller(app);
    const { disputeId } = await openDispute('DISPUTE', other.apiKey);
    for (const id of [disputeId, 'no-such-dispute']) {
      const res = await appeal(form({ disputeId: id, appealReason: 'mine?' }, [{ name: 'a.pdf', content: PDF }]));
      expect([res.status, res.body.erro]).toEqual([404, 'DISPUTE_NOT_FOUND']);
    }
    expect(await evidenceCount(disputeId)).toBe(0);
  });

  it('an appealed MED return puts the transaction in DISPUTE; the seller winning reverses the debit and it is PAID again', async () => {
    const { transactionId, disputeId } = await openDispute('CHARGEDBACK');
    const before = (await rest(app, 'GET', '/balance-statement', { bearer: seller.apiKey })).body.data;
    expect((await appeal(form({ disputeId, appealReason: 'Not fraud' }, [{ name: 'a.png', content: PNG }]))).status).toBe(200);
    expect(await transactionStatus(app, seller.apiKey, transactionId)).toBe('DISPUTE');
    await report(app, transactionId, 'DISPUTE_WON');
    expect(await transactionStatus(app, seller.apiKey, transactionId)).toBe('PAID');
    const after = (await rest(app, 'GET', '/balance-statement', { bearer: seller.apiKey })).body.data;
    expect(after.available - before.available).toBe(2_000);
  });
});
