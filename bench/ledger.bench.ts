import { LedgerService } from '../src/domain/ledger/ledger.service';
import { pixCashInFee } from '../src/domain/ledger/fees';
import { pixCredit } from '../src/domain/ledger/ledger-entries';
import { WalletService } from '../src/domain/ledger/wallet.service';
import { DEFAULT_FEE_PLAN, type Seller } from '../src/domain/accounts/accounts.types';
import { systemClock } from '../src/domain/shared/clock';
import { migrate, openOrm, type Orm } from '../src/infra/db/orm';
import { Sql } from '../src/infra/db/sql';
import { pgConnections } from '../src/infra/db/pg-connections';
import { PgUnitOfWork } from '../src/infra/db/unit-of-work';
import { ledgerPostCall, postResultOf, SqlLedgerRepository } from '../src/infra/ledger/sql-ledger.repository';
import type { JournalEntryDraft } from '../src/domain/ledger/ledger.types';
import type { Benchmark } from './support/benchmark';
import { preparePgbench } from './support/pgbench';
import { createDatabase } from './support/postgres';
import { int, latencies, ms, now, printTable, type Latencies, type ResultRow } from './support/report';

const WRITERS = Number(process.env.BENCH_WRITERS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SELLERS = 1_000;
const PGBENCH_SCALE = 16;
const STATEMENT_LINES = Number(process.env.BENCH_STATEMENT_LINES ?? 1_000_000);
export const BIG_SELLER = 'bench-big-seller';

const GOAL_RATIO = 0.7;
const GOAL_PAGE_P99_MS = 20;
const GOAL_SUMMARY_MS = 200;

interface Ctx {
  orm: Orm;
  sql: Sql;
  uow: PgUnitOfWork;
  ledger: LedgerService;
  wallet: WalletService;
}

const seller = (id: string): Seller => ({
  id,
  name: 'Bench',
  documentType: 'CPF',
  documentNumber: '00000000000',
  kycStatus: 'APPROVED',
  feePlan: DEFAULT_FEE_PLAN,
  createdAt: new Date('2024-01-01T00:00:00Z'),
});

export async function addSellers(sql: Sql, ids: string[]): Promise<void> {
  await sql.query(
    `insert into sellers (id, name, document_type, document_number, kyc_status, fee_plan, created_at)
     select unnest(?::text[]), 'Bench', 'CPF', '00000000000', 'APPROVED', '{}'::jsonb, now()`,
    [ids],
  );
}

type PostOne = (draft: JournalEntryDraft) => Promise<unknown>;

/** The application's path: UnitOfWork (BEGIN/COMMIT on a pooled connection) + LedgerService.postEntry. */
const viaUnitOfWork =
  (c: Ctx): PostOne =>
  (draft) =>
    c.uow.run((tx) => c.ledger.postEntry(tx, draft));

/**
 * The same ledger_post call on a bare pooled connection (BEGIN; call; COMMIT), without
 * the unit of work, service and validation: what the ledger's SQL alone costs.
 */
function viaBareConnection(orm: Orm): PostOne {
  const pool = pgConnections(orm);
  return async (draft) => {
    const conn = await pool.acquire();
    try {
      await conn.query('begin');
      const r = postResultOf((await conn.query(ledgerPostCall(draft, new Date()))).rows[0]);
      await conn.query('commit');
      if (r.status !== 'POSTED') throw new Error(`unexpected ${r.status}`);
    } catch (e) {
      await conn.query('rollback').catch(() => undefined);
      throw e;
    } finally {
      await pool.release(conn);
    }
  };
}

/** N writers, each posting PIX credits (4 postings, 2 statement lines) back to back. */
async function postingThroughput(post: PostOne, o: { writers: number; seconds: number; sellers: string[]; tag: string }) {
  let ok = 0;
  let failed = 0;
  const samples: number[] = [];
  const warmupEnd = now() + 1_000;
  const end = warmupEnd + o.seconds * 1_000;
  let cpuStart: NodeJS.CpuUsage | null = null;
  setTimeout(() => (cpuStart = process.cpuUsage()), 1_000);
  const writer = async (w: number) => {
    for (let n = 0; now() < end; n++) {
      const sellerId = o.sellers[Math.floor(Math.random() * o.sellers.length)]!;
      const amount = 1_000 + Math.floor(Math.random() * 99_000);
      const draft = pixCredit({ sellerId, transactionId: `${o.tag}-${w}-${n}`, amount, fee: pixCashInFee(DEFAULT_FEE_PLAN, amount) });
      const t0 = now();
      try {
        await post(draft);
        if (t0 >= warmupEnd) {
          ok++;
          samples.push(now() - t0);
        }
      } catch (e) {
        failed++;
        if (failed < 3) console.error(e);
      }
    }
  };
  await Promise.all(Array.from({ length: o.writers }, (_, w) => writer(w)));
  const cpu = process.cpuUsage(cpuStart ?? undefined);
  return { perSecond: ok / o.seconds, ok, failed, latency: latencies(samples), samples, cpuMicros: (cpu.user + cpu.system) / Math.max(ok, 1) };
}

/**
 * 1,000,000+ statement lines for one seller with bulk SQL, consistent with what
 * ledger_post writes: entries, postings, statement lines, daily aggregates, wallet.
 * Pattern per 20 entries: 17 PIX credits with fee, 1 withdrawal with fee, 1 block,
 * 1 release; one entry every 120 s from 2024-01-01 (about two years).
 */
export async function seedStatement(sql: Sql, lines: number): Promise<{ entries: number; lines: number; seconds: number }> {
  const t0 = now();
  const entries = Math.ceil((lines / 38) * 20);
  const S = BIG_SELLER;
  const [{ base }] = (await sql.query(`select coalesce(max(id), 0) as base from ledger_entries`)) as [{ base: string }];
  const series = `(select g, g % 20 as k, 1000 + (g * 7919) % 90000 as a,
      greatest((((1000 + (g * 7919) % 90000) * 99 + 5000) / 10000), 1) as f,
      timestamptz '2024-01-01 00:00:00+00' + g * interval '120 seconds' as ts
    from generate_series(1::bigint, ${entries}::bigint) g) s`;
  await sql.query(`insert into ledger_entries (id, reference, kind, seller_id, transaction_id, withdrawal_id, description, metadata, fingerprint, created_at)
    overriding system value
    select ${base} + g, 'seed:' || g,
      case when k <= 16 then 'PIX_CREDIT' when k = 17 then 'WITHDRAWAL_DEBIT' when k = 18 then 'BLOCK' else 'RELEASE' end,
      '${S}', case when k <= 16 then 'seed-tx-' || g end, case when k = 17 then 'seed-wd-' || g end,
      'seeded entry', null, md5('seed' || g)::uuid, ts
    from ${series}`);
  await sql.query(`select setval(pg_get_serial_sequence('ledger_entries', 'id'), (select max(id) from ledger_entries))`);
  await sql.query(`insert into ledger_postings (entry_id, line, account, amount)
    select ${base} + s.g, p.line, p.account, p.amount from ${series}
    cross join lateral (
      select 1 as line, 'platform:provider_clearing' as account, -s.a as amount where s.k <= 16
      union all select 2, 'seller:${S}:available:PIX', s.a where s.k <= 16
      union all select 3, 'seller:${S}:available:PIX', -s.f where s.k <= 16
      union all select 4, 'platform:fees', s.f where s.k <= 16
      union all select 1, 'seller:${S}:available:PIX', -2000 where s.k = 17
      union all select 2, 'platform:payouts', 2000 where s.k = 17
      union all select 3, 'seller:${S}:available:PIX', -100 where s.k = 17
      union all select 4, 'platform:fees', 100 where s.k = 17
      union all select 1, 'seller:${S}:available:PIX', -500 where s.k = 18
      union all select 2, 'seller:${S}:blocked', 500 where s.k = 18
      union all select 1, 'seller:${S}:blocked', -500 where s.k = 19
      union all select 2, 'seller:${S}:available:PIX', 500 where s.k = 19
    ) p`);
  await sql.query(`insert into ledger_statement_lines (seller_id, entry_id, type, amount, fee, description, transaction_id, withdrawal_id, created_at)
    select '${S}', ${base} + s.g, l.type, l.amount, l.fee, l.description,
      case when s.k <= 16 then 'seed-tx-' || s.g end, case when s.k = 17 then 'seed-wd-' || s.g end, s.ts
    from ${series}
    cross join lateral (
      select 1 as n, 'CREDIT' as type, s.a as amount, false as fee, 'PIX received' as description where s.k <= 16
      union all select 2, 'DEBIT', s.f, true, 'PIX cash-in fee' where s.k <= 16
      union all select 1, 'DEBIT', 2000, false, 'Withdrawal' where s.k = 17
      union all select 2, 'DEBIT', 100, true, 'Withdrawal fee' where s.k = 17
      union all select 1, 'RETAINED', 500, false, 'Balance retained (dispute)' where s.k = 18
      union all select 1, 'RELEASE_RETAINED', 500, false, 'Retained balance released' where s.k = 19
    ) l
    order by s.g, l.n`);
  await sql.query(`insert into ledger_statement_daily as d (seller_id, day, type, fee, entries, total)
    select seller_id, (created_at at time zone 'UTC')::date, type, fee, count(*), sum(amount)
      from ledger_statement_lines where seller_id = '${S}' group by 1, 2, 3, 4
    on conflict (seller_id, day, type, fee) do update set entries = d.entries + excluded.entries, total = d.total + excluded.total`);
  await sql.query(`insert into ledger_wallets (seller_id, available_pix, available_boleto, available_card, blocked, updated_at)
    select '${S}',
      coalesce(sum(amount) filter (where account = 'seller:${S}:available:PIX'), 0), 0, 0,
      coalesce(sum(amount) filter (where account = 'seller:${S}:blocked'), 0), now()
    from ledger_postings where account like 'seller:${S}:%'`);
  await sql.query('vacuum analyze ledger_entries, ledger_postings, ledger_statement_lines, ledger_statement_daily, ledger_wallets');
  // The seed must be as consistent as real postings: wallet = postings = statement.
  const [check] = (await sql.query(`select
      (select count(*) from ledger_statement_lines where seller_id = '${S}') as lines,
      (select available_pix + blocked from ledger_wallets where seller_id = '${S}') as wallet_total,
      (select sum(total) filter (where type = 'CREDIT') - sum(total) filter (where type = 'DEBIT') from ledger_statement_daily where seller_id = '${S}') as statement_net,
      (select sum(amount) from ledger_postings) as all_postings`)) as [Record<string, string>];
  if (check.wallet_total !== check.statement_net || check.all_postings !== '0') {
    throw new Error(`seed is inconsistent: ${JSON.stringify(check)}`);
  }
  return { entries, lines: Number(check.lines), seconds: (now() - t0) / 1_000 };
}

type Throughput = Awaited<ReturnType<typeof postingThroughput>>;

/** Merges runs of equal length: rates and CPU averaged by volume, latencies pooled. */
function combine(runs: Throughput[]): Throughput {
  const ok = runs.reduce((a, r) => a + r.ok, 0);
  return {
    ok,
    failed: runs.reduce((a, r) => a + r.failed, 0),
    perSecond: runs.reduce((a, r) => a + r.perSecond, 0) / runs.length,
    cpuMicros: runs.reduce((a, r) => a + r.cpuMicros * r.ok, 0) / Math.max(ok, 1),
    latency: latencies(runs.flatMap((r) => r.samples)),
    samples: runs.flatMap((r) => r.samples),
  };
}

async function timeEach(n: number, fn: (i: number) => Promise<unknown>): Promise<Latencies> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = now();
    await fn(i);
    samples.push(now() - t0);
  }
  return latencies(samples);
}

async function statementReads(c: Ctx) {
  const s = seller(BIG_SELLER);
  const [{ lo, hi }] = (await c.sql.query(`select min(id) as lo, max(id) as hi from ledger_statement_lines where seller_id = ?`, [BIG_SELLER])) as [
    { lo: string; hi: string },
  ];
  const randomId = () => String(Number(lo) + Math.floor(Math.random() * (Number(hi) - Number(lo) + 1)));
  const randomDay = () => new Date(Date.UTC(2024, 0, 1) + Math.floor(Math.random() * 700) * 86_400_000).toISOString().slice(0, 10);
  const plusDays = (d: string, n: number) => new Date(new Date(`${d}T00:00:00Z`).getTime() + n * 86_400_000).toISOString().slice(0, 10);
  // Warm the caches the way a running service would be.
  await timeEach(50, () => c.wallet.statement(s, { cursor: randomId() }));
  const pages = {
    cursor10: await timeEach(400, () => c.wallet.statement(s, { cursor: randomId() })),
    cursor100: await timeEach(200, () => c.wallet.statement(s, { cursor: randomId(), take: 100 })),
    cursorType: await timeEach(200, () => c.wallet.statement(s, { cursor: randomId(), operationType: 'RETAINED' })),
    firstPage: await timeEach(100, () => c.wallet.statement(s, {})),
    dateRange: await timeEach(200, () => {
      const d = randomDay();
      return c.wallet.statement(s, { startDate: d, endDate: plusDays(d, 30) });
    }),
  };
  const summaries = {
    allTime: await timeEach(30, () => c.wallet.summary(s, {})),
    year: await timeEach(30, () => c.wallet.summary(s, { startDate: '2025-01-01', endDate: '2025-12-31' })),
    month: await timeEach(30, () => {
      const d = randomDay();
      return c.wallet.summary(s, { startDate: d, endDate: plusDays(d, 30) });
    }),
    day: await timeEach(30, () => {
      const d = randomDay();
      return c.wallet.summary(s, { startDate: d, endDate: d });
    }),
  };
  return { pages, summaries };
}

async function run(): Promise<void> {
  const db = await createDatabase('pixpay_bench_ledger');
  const orm = await openOrm({ url: db.url, poolSize: WRITERS + 4 });
  try {
    await migrate(orm);
    const sql = new Sql(pgConnections(orm));
    const store = new SqlLedgerRepository(sql);
    const c: Ctx = {
      orm,
      sql,
      uow: new PgUnitOfWork(pgConnections(orm)),
      ledger: new LedgerService({ store, clock: systemClock, live: { publish: () => undefined } }),
      wallet: new WalletService({ store, clock: systemClock }),
    };
    const sellers = Array.from({ length: SELLERS }, (_, i) => `bench-seller-${i}`);
    await addSellers(sql, [...sellers, 'bench-hot-seller', BIG_SELLER]);

    // The application path and pgbench (-T SECONDS each) alternate in ABBA order, so
    // that load drifting on a shared machine hits both alike; each figure is the mean
    // of its two runs.
    console.log(`pgbench: initialising TPC-B at scale ${PGBENCH_SCALE}...`);
    const pgbench = await preparePgbench(PGBENCH_SCALE);
    const appRuns: Throughput[] = [];
    const pgbRuns: { tps: number }[] = [];
    try {
      const app = async (round: number) => {
        console.log(`ledger: ${WRITERS} writers posting PIX credits to ${SELLERS} sellers, ${SECONDS} s (+1 s warm-up)...`);
        appRuns.push(await postingThroughput(viaUnitOfWork(c), { writers: WRITERS, seconds: SECONDS, sellers, tag: `app${round}` }));
      };
      const ref = async () => {
        console.log(`pgbench -c ${WRITERS} -j 2 -T ${SECONDS} (TPC-B)...`);
        pgbRuns.push(await pgbench.run({ clients: WRITERS, threads: 2, seconds: SECONDS }));
      };
      await app(1);
      await ref();
      await ref();
      await app(2);
    } finally {
      await pgbench.drop();
    }
    const spread = combine(appRuns);
    const pgb = { tps: pgbRuns.reduce((a, r) => a + r.tps, 0) / pgbRuns.length, clients: WRITERS, scale: PGBENCH_SCALE };
    console.log(`ledger: the same ledger_post on bare pooled connections (no service layers), ${SECONDS / 2} s...`);
    const bare = await postingThroughput(viaBareConnection(orm), { writers: WRITERS, seconds: SECONDS / 2, sellers, tag: 'bare' });
    console.log(`ledger: ${WRITERS} writers on one seller, 5 s (one wallet row: serialised by design)...`);
    const hot = await postingThroughput(viaUnitOfWork(c), { writers: WRITERS, seconds: 5, sellers: ['bench-hot-seller'], tag: 'hot' });
    console.log(`seeding ${int(STATEMENT_LINES)} statement lines for one seller...`);
    const seeded = await seedStatement(sql, STATEMENT_LINES);
    console.log(`seeded ${int(seeded.entries)} entries / ${int(seeded.lines)} statement lines in ${seeded.seconds.toFixed(1)} s; measuring reads...`);
    const reads = await statementReads(c);

    const ratio = spread.perSecond / pgb.tps;
    const rows: ResultRow[] = [
      { metric: `pgbench TPC-B tps (${pgb.clients} clients, scale ${pgb.scale}, mean of 2 x ${SECONDS} s)`, value: int(pgb.tps), goal: 'reference' },
      {
        metric: `ledger entries/s (${WRITERS} writers, ${SELLERS} sellers, mean of 2 x ${SECONDS} s)`,
        value: int(spread.perSecond),
        goal: `>= ${int(pgb.tps * GOAL_RATIO)} (70%)`,
        verdict: `${(ratio * 100).toFixed(0)}% of pgbench (${((ratio / GOAL_RATIO) * 100).toFixed(0)}% of goal)`,
      },
      { metric: '  postings/s (4 per entry)', value: int(spread.perSecond * 4) },
      { metric: '  statement lines/s (2 per entry)', value: int(spread.perSecond * 2) },
      { metric: '  posting latency p50 / p99', value: `${ms(spread.latency.p50)} / ${ms(spread.latency.p99)}` },
      { metric: '  failed posts', value: String(spread.failed), goal: '0', verdict: spread.failed === 0 ? 'ok' : 'MISS' },
      {
        metric: '  same ledger_post without the service layers',
        value: int(bare.perSecond),
        goal: 'info',
        verdict: `${((bare.perSecond / pgb.tps) * 100).toFixed(0)}% of pgbench`,
      },
      {
        metric: '  node CPU per entry: app / bare',
        value: `${int(spread.cpuMicros)} / ${int(bare.cpuMicros)} us`,
        goal: 'info',
      },
      { metric: `ledger entries/s, ${WRITERS} writers on ONE seller`, value: int(hot.perSecond), goal: 'info (one row lock)' },
      { metric: `statement: ${int(seeded.lines)} lines of one seller`, value: '' },
      ...pageRows(reads.pages),
      ...summaryRows(reads.summaries),
    ];
    printTable('Ledger benchmark (local PostgreSQL)', rows);
  } finally {
    await orm.close(true);
    await db.drop();
  }
}

function pageRows(p: Record<string, Latencies>): ResultRow[] {
  const label: Record<string, string> = {
    cursor10: '  page by cursor, take 10',
    cursor100: '  page by cursor, take 100',
    cursorType: '  page by cursor, operationType RETAINED',
    firstPage: '  first page (no cursor)',
    dateRange: '  first page of a 30-day range',
  };
  return Object.entries(p).map(([k, l]) => ({
    metric: `${label[k]} p50 / p99 (n=${l.n})`,
    value: `${ms(l.p50)} / ${ms(l.p99)}`,
    goal: `p99 < ${GOAL_PAGE_P99_MS} ms`,
    verdict: l.p99 < GOAL_PAGE_P99_MS ? 'ok' : 'MISS',
  }));
}

function summaryRows(s: Record<string, Latencies>): ResultRow[] {
  const label: Record<string, string> = { allTime: '  summary, all time', year: '  summary, one year', month: '  summary, 30 days', day: '  summary, one day' };
  return Object.entries(s).map(([k, l]) => ({
    metric: `${label[k]} p50 / max (n=${l.n})`,
    value: `${ms(l.p50)} / ${ms(l.max)}`,
    goal: `< ${GOAL_SUMMARY_MS} ms`,
    verdict: l.max < GOAL_SUMMARY_MS ? 'ok' : 'MISS',
  }));
}

export const ledgerBenchmark: Benchmark = {
  name: 'ledger',
  description: 'posting throughput vs pgbench TPC-B; statement page and summary latency at 1,000,000 entries',
  run,
};
