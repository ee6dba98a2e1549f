import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WITHDRAWAL_CSV_COLUMNS } from '../../src/domain/withdrawals/withdrawal-csv';
import { onboardSeller, startTestApp, type TestApp } from '../support/app';
import { contractFetch } from '../support/contract';
import { rest } from '../support/rest';
import { createWithdrawal, drainJobs, fund, parseCsv, runFor, WD } from './support';
import { sqlOf } from '../support/platform';

let app: TestApp;
let seller: Awaited<ReturnType<typeof onboardSeller>>;
const ids: Record<string, string> = {};

const body = (amount: number, extra: Record<string, unknown> = {}) => ({ amount, method: 'PIX', pixKeyType: 'EMAIL', pixKey: 'ana@example.com', ...extra });
const list = (q: string, key = seller.apiKey) => rest(app, 'GET', `${WD}${q ? `?${q}` : ''}`, { key });
const idsOf = (res: { body: { data: { data: { id: string }[] } } }) => res.body.data.data.map((w) => w.id);

beforeAll(async () => {
  app = await startTestApp({ ROLE: 'api' }, undefined);
  app.clock.set(new Date('2026-03-10T12:00:00.000Z'));
  seller = await onboardSeller(app);
  await fund(app, seller.sellerId, 10_000_000);
  const make = async (name: string, amount: number, extra: Record<string, unknown> = {}) => {
    const res = await createWithdrawal(app, seller.apiKey, body(amount, extra));
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    ids[name] = res.body.data.id;
    app.clock.advance(60_000);
  };
  // 2026-03-10: three; 2026-03-11: two; 2026-03-12: one (paid later).
  await make('a', 1_000, { metadata: { order: 'ORD-100', channel: 'web' }, externalReference: 'ext-A' });
  await make('b', 2_000, { metadata: { order: 'ord-200' }, pixKeyType: 'PHONE', pixKey: '11987654321' });
  await make('c', 3_001, { metadata: { other: 'x' } }); // rejected by the sandbox (cents 01)
  app.clock.set(new Date('2026-03-11T09:00:00.000Z'));
  await make('d', 4_000, { externalReference: '100%_sure' });
  await make('e', 5_000);
  app.clock.set(new Date('2026-03-12T23:59:59.000Z'));
  await make('f', 6_000, { pixKeyType: 'EVP', pixKey: '123e4567-e89b-12d3-a456-426614174000' });
  await runFor(app, 5_000); // everything settles: c REJECTED, the rest PAID
});
afterAll(async () => {
  vi.restoreAllMocks();
  await app?.close();
});

describe('GET /api/v1/cobranca/withdrawals', () => {
  it('newest first, default take 10, with fee fields; envelope {status, data: {data, count, take, skip}}', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(true);
    expect(res.body.data).toMatchObject({ count: 6, take: 10, skip: 0 });
    expect(idsOf(res)).toEqual(['f', 'e', 'd', 'c', 'b', 'a'].map((k) => ids[k]));
    const a = res.body.data.data.at(-1);
    expect(a).toMatchObject({ id: ids.a, amount: 1_000, feeAmount: 100, totalAmount: 1_100, method: 'PIX', status: 'PAID', externalReference: 'ext-A', metadata: { order: 'ORD-100', channel: 'web' } });
    expect(a.end2end).toMatch(/^E/);
  });

  it('take and skip paginate; count is the total of matches', async () => {
    const p1 = await list('take=2');
    const p2 = await list('take=2&skip=2');
    const p4 = await list('take=2&skip=6');
    expect(idsOf(p1)).toEqual([ids.f, ids.e]);
    expect(idsOf(p2)).toEqual([ids.d, ids.c]);
    expect(p4.body.data).toEqual({ data: [], count: 6, take: 2, skip: 6 });
  });

  it.each([
    ['status=REJECTED', ['c']],
    ['status=PAID&take=100', ['f', 'e', 'd', 'b', 'a']],
    ['method=PIX', ['f', 'e', 'd', 'c', 'b', 'a']],
    ['startDate=2026-03-11', ['f', 'e', 'd']],
    ['endDate=2026-03-10', ['c', 'b', 'a']],
    ['startDate=2026-03-11&endDate=2026-03-11', ['e', 'd']],
    ['startDate=2026-03-12&endDate=2026-03-12', ['f']],
    ['minAmount=2000&maxAmount=4000', ['d', 'c', 'b']],
    ['minAmount=5000', ['f', 'e']],
    ['maxAmount=999', []],
    ['metadataKey=order', ['b', 'a']],
    ['metadataKey=order&metadataValue=ord-', ['b', 'a']],
    ['metadataKey=order&metadataValue=100', ['a']],
    ['metadataKey=channel&metadataValue=WEB', ['a']],
    ['metadataKey=order&metadataValue=web', []],
    ['search=ext-a', ['a']],
    ['search=%25_', ['d']],
    ['search=%25', ['d']],
    ['search=%2B5511987654321', ['b']],
    ['search=426614174000', ['f']],
    ['status=PAID&minAmount=4000&startDate=2026-03-11', ['f', 'e', 'd']],
  ])('%s', async (q, expected) => {
    const res = await list(q);
    expect(res.status).toBe(200);
    expect(idsOf(res)).toEqual(expected.map((k) => ids[k]));
    expect(res.body.data.count).toBe(expected.length);
  });

  it('id, and search by id or end-to-end id', async () => {
    expect(idsOf(await list(`id=${ids.c}`))).toEqual([ids.c]);
    expect(idsOf(await list(`search=${ids.e!.slice(3, 15)}`))).toEqual([ids.e]);
    const e2e = (await rest(app, 'GET', `${WD}/${ids.b}`, { key: seller.apiKey })).body.data.end2end as string;
    expect(idsOf(await list(`search=${e2e}`))).toEqual([ids.b]);
  });

  it("never shows another seller's withdrawals", async () => {
    const other = await onboardSeller(app);
    expect((await list('', other.apiKey)).body.data).toEqual({ data: [], count: 0, take: 10, skip: 0 });
    expect((await list(`id=${ids.a}`, other.apiKey)).body.data.count).toBe(0);
  });

  it.each([
    ['take=0', 'INVALID_TAKE'],
    ['take=101', 'INVALID_TAKE'],
    ['skip=-1', 'INVALID_SKIP'],
    ['status=DONE', 'INVALID_STATUS'],
    ['status=PAID&status=FAILED', 'INVALID_STATUS'],
    ['method=TED', 'INVALID_METHOD'],
    ['startDate=2026-13-01', 'INVALID_DATE'],
    ['startDate=2026-03-12&endDate=2026-03-11', 'INVALID_DATE_RANGE'],
    ['minAmount=abc', 'INVALID_MIN_AMOUNT'],
    ['maxAmount=-1', 'INVALID_MAX_AMOUNT'],
    ['minAmount=10&maxAmount=5', 'INVALID_AMOUNT_RANGE'],
    ['metadataValue=x', 'METADATA_KEY_REQUIRED'],
    ['csv=maybe', 'INVALID_CSV_FLAG'],
  ])('400 %s -> %s in the cobranca format', async (q, code) => {
    const res = await list(q);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code, message: expect.any(String), correlationID: expect.any(String), details: expect.any(Object) });
  });
});

describe('CSV export (csv=true)', () => {
  it('RFC 4180 with a header row; hostile metadata and text survive a round trip; formulas are neutralised', async () => {
    const s = await onboardSeller(app);
    await fund(app, s.sellerId, 100_000);
    const hostile = { note: 'a,b "quoted"\r\nnext line', cmd: '=cmd|\' /C calc\'!A0', at: '@SUM(1+1)' };
    const w1 = (await createWithdrawal(app, s.apiKey, body(1_000, { metadata: hostile, description: '=HYPERLINK("http://evil")', externalReference: '+1+2' }))).body.data;
    app.clock.advance(1_000);
    const w2 = (await createWithdrawal(app, s.apiKey, body(2_000, { description: 'linha 1\nlinha 2, com "aspas"', pixKeyType: 'PHONE', pixKey: '+55 11 98765-4321' }))).body.data;
    await drainJobs(app);

    const res = await contractFetch(`${app.url}${WD}?csv=true&take=1`, { headers: { 'x-api-key': s.apiKey } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="withdrawals-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await res.text();
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([...WITHDRAWAL_CSV_COLUMNS]);
    expect(rows).toHaveLength(3); // every match: take and skip do not apply to exports
    const col = (row: string[], name: (typeof WITHDRAWAL_CSV_COLUMNS)[number]) => row[WITHDRAWAL_CSV_COLUMNS.indexOf(name)]!;
    const [, r2, r1] = rows as [string[], string[], string[]];
    expect(col(r1, 'id')).toBe(w1.id);
    expect(col(r1, 'amount')).toBe('1000');
    expect(col(r1, 'feeAmount')).toBe('100');
    expect(col(r1, 'totalAmount')).toBe('1100');
    expect(col(r1, 'description')).toBe('\'=HYPERLINK("http://evil")');
    expect(col(r1, 'externalReference')).toBe("'+1+2");
    expect(JSON.parse(col(r1, 'metadata'))).toEqual(hostile);
    expect(col(r2, 'id')).toBe(w2.id);
    expect(col(r2, 'description')).toBe('linha 1\nlinha 2, com "aspas"');
    expect(col(r2, 'pixKey')).toBe("'+5511987654321");
    // No cell of the file starts a formula.
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('filters apply to the export; an invalid query is a JSON 400, not a broken file', async () => {
    const res = await contractFetch(`${app.url}${WD}?csv=true&status=REJECTED`, { headers: { 'x-api-key': seller.apiKey } });
    const rows = parseCsv(await res.text());
    expect(rows.slice(1).map((r) => r[0])).toEqual([ids.c]);
    const bad = await list('csv=true&take=0');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_TAKE');
    const empty = parseCsv(await (await contractFetch(`${app.url}${WD}?csv=true&minAmount=99999999`, { headers: { 'x-api-key': seller.apiKey } })).text());
    expect(empty).toEqual([[...WITHDRAWAL_CSV_COLUMNS]]);
  });

  it('100,000 rows stream from the database in batches of at most 1,000, in order, each once', async () => {
    const s = await onboardSeller(app);
    const sql = sqlOf(app);
    // Three rows per second, so keyset pagination must break ties by id.
    await sql.query(
      `insert into withdrawals (id, seller_id, amount, fee_amount, method, pix_key, pix_key_type, status, metadata, created_at, updated_at)
       select 'bulk' || lpad(g::text, 6, '0'), ?, 500 + g, 100, 'PIX', 'bulk' || g || '@example.com', 'EMAIL', 'PAID',
              jsonb_build_object('n', g, 'note', 'x,"y"' || chr(10) || 'z'),
              timestamptz '2026-01-01 00:00:00+00' + (g / 3) * interval '1 second', now()
       from generate_series(1, 100000) g`,
      [s.sellerId],
    );
    const batchSizes: number[] = [];
    const original = sql.query.bind(sql);
    const watch = vi.spyOn(sql, 'query').mockImplementation(async (q: string, params?: unknown[], tx?: Parameters<typeof original>[2]) => {
      const rows = await original(q, params, tx);
      if (/from withdrawals where/.test(q) && q.includes('limit')) batchSizes.push(rows.length);
      return rows;
    });
    try {
      const res = await contractFetch(`${app.url}${WD}?csv=true`, { headers: { 'x-api-key': s.apiKey } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-length')).toBeNull(); // streamed (chunked), not buffered
      const rows = parseCsv(await res.text());
      expect(rows).toHaveLength(100_001);
      const idColumn = rows.slice(1).map((r) => r[0]!);
      expect(new Set(idColumn).size).toBe(100_000);
      expect(idColumn[0]).toBe('bulk100000');
      expect(idColumn.at(-1)).toBe('bulk000001');
      const sorted = [...idColumn].sort().reverse();
      expect(idColumn).toEqual(sorted); // created_at desc, id desc
    } finally {
      watch.mockRestore();
    }
    expect(batchSizes.length).toBeGreaterThanOrEqual(100);
    expect(Math.max(...batchSizes)).toBeLessThanOrEqual(1_000);
  }, 120_000);
});
