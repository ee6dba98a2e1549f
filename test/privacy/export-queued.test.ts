import { readdir, readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { onboardSeller, startTestApp, type TestApp } from '../support/app';
import { contractFetch } from '../support/contract';
import { rest } from '../support/rest';
import { sqlOf, runDueJobs } from '../support/platform';

const CHARGES = 100_000;
// A full collection before each sample, so the samples measure live memory, not garbage.
setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;
const liveHeap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};
let app: TestApp;
let dataDir: string;
let seller: Awaited<ReturnType<typeof onboardSeller>>;

/** The entries of a ZIP, decompressed. */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(buffer, { lazyEntries: true }, (err, zip?: ZipFile) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const parts: Buffer[] = [];
          stream.on('data', (c: Buffer) => parts.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(parts));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** The base64 attachment and the text body of a message written by the file transport. */
function parseMessage(eml: string) {
  const boundary = /boundary="([^"]+)"/.exec(eml)![1];
  const parts = eml.split(`--${boundary}`);
  const attachment = parts.find((p) => /Content-Type: application\/zip/i.test(p))!;
  const base64 = attachment.split(/\r?\n\r?\n/).slice(1).join('').replace(/\s+/g, '');
  const text = parts.find((p) => /Content-Type: text\/plain/i.test(p))!;
  return { zip: Buffer.from(base64, 'base64'), text, headers: parts[0] };
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'pixpay-export-'));
  // The api role runs no job runner: the test runs the export job itself.
  app = await startTestApp({ DATA_DIR: dataDir, ROLE: 'api' });
  seller = await onboardSeller(app);
  // Seeded with SQL: 100,000 charges of about 400 bytes each once exported.
  await sqlOf(app).query(
    `insert into transactions (id, seller_id, amount, payment_method, status, provider_reference, txid, location_id, br_code,
        expires_at, customer, description, created_at, updated_at)
     select 'seed_' || g, ?, 1000 + g, 'PIX', 'PAID', 'prov_' || g, 'txid' || g, 'loc' || g, repeat('0', 200),
        now(), jsonb_build_object('name', 'Cliente ' || g, 'email', 'cliente' || g || '@example.com'), 'seed ' || g,
        now() - g * interval '1 millisecond' - g * interval '1 microsecond', now()
       from generate_series(1, ${CHARGES}) g`,
    [seller.sellerId],
  );
}, 300_000);

afterAll(async () => {
  await app?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('queued export (100,000 charges)', () => {
  it('is queued, built as a streamed ZIP with flat memory, mailed with its attachment, and downloadable once', async () => {
    const res = await rest(app, 'GET', '/data-subject/export', { bearer: seller.apiKey });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: true, data: { requestId: expect.stringMatching(/^dsr_/), requestedAt: expect.any(String) }, message: expect.stringContaining('queued') });
    const again = await rest(app, 'GET', '/data-subject/export', { bearer: seller.session });
    expect(again.body.data).toEqual(res.body.data);

    const baseline = liveHeap();
    let peak = baseline;
    let samples = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, liveHeap());
      samples++;
    }, 1_000);
    const started = Date.now();
    try {
      expect(await runDueJobs(app)).toBe(1);
    } finally {
      clearInterval(sampler);
    }
    const took = Date.now() - started;
    expect(samples).toBeGreaterThan(0);

    const files = await readdir(join(dataDir, 'mail'));
    expect(files).toEqual([`${res.body.data.requestId}.eml`]);
    const eml = await readFile(join(dataDir, 'mail', files[0]), 'utf8');
    const message = parseMessage(eml);
    expect(message.headers).toContain(`To: ${seller.email}`);
    const entries = await unzip(message.zip);
    expect([...entries.keys()]).toEqual(expect.arrayContaining(['README.txt', 'user.json', 'seller.json', 'charges.json', 'statement.json']));
    const charges = entries.get('charges.json')!;
    const rows = JSON.parse(charges.toString('utf8')) as { id: string; amount: number; createdAt: string }[];
    expect(rows).toHaveLength(CHARGES);
    expect(new Set(rows.map((r) => r.id)).size).toBe(CHARGES);
    expect(rows[0]).toMatchObject({ amount: expect.any(Number), createdAt: expect.stringMatching(/Z$/) });
    const growth = peak - baseline;
    console.log(`export of ${CHARGES} charges: ${(charges.length / 1e6).toFixed(0)} MB of JSON, ZIP ${(message.zip.length / 1e6).toFixed(1)} MB, live heap growth at most ${(growth / 1e6).toFixed(1)} MB over ${samples} samples; job ${took} ms`);
    // Building the file never held the export in memory: live memory grew by a small fraction of its size.
    expect(growth).toBeLessThan(charges.length / 4);

    const link = /(http:\/\/\S+\/data-subject\/export\/download\/\S+)/.exec(message.text.replace(/=\r?\n/g, ''))![1];
    const path = new URL(link).pathname;
    const download = await contractFetch(`${app.url}${path}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    const body = Buffer.from(await download.arrayBuffer());
    expect(body.equals(message.zip)).toBe(true);
    const second = await rest(app, 'GET', path);
    expect(second.status).toBe(404);
    expect(second.body.erro).toBe('EXPORT_LINK_INVALID');
    expect((await rest(app, 'GET', '/data-subject/export/download/not-a-token')).body.erro).toBe('EXPORT_LINK_INVALID');

    // Once the link has expired the file is deleted by the maintenance pass; the history says so.
    const requestId = res.body.data.requestId as string;
    app.clock.advance(73 * 3_600_000);
    expect(await app.services.dataExport.removeExpiredFiles()).toBe(1);
    expect(await readdir(join(dataDir, 'exports'))).toEqual([]);
    const steps = await sqlOf(app).query<{ action: string }>('select action from data_subject_request_events where request_id = ? order by id', [requestId]);
    expect(steps.map((e) => e.action)).toEqual(['REQUESTED', 'EXPORT_MAILED', 'EXPORT_DOWNLOADED', 'EXPORT_FILE_DELETED']);
  }, 600_000);
});
