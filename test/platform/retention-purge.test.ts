import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PgTableVacuum } from '../../src/infra/db/pg-table-vacuum';
import { startTestApp, type TestApp } from '../support/app';
import { sqlOf } from '../support/platform';
import { untilDueForVacuum } from '../support/table-vacuum';

const DAY = 86_400_000;
let app: TestApp;
let db: pg.Pool;

beforeAll(async () => {
  // ROLE=api: no worker loop purges behind the tests' back; they run the purge themselves.
  app = await startTestApp({
    ROLE: 'api',
    RETENTION_WEBHOOK_DELIVERIES: '1d',
    RETENTION_OUTBOX_EVENTS: '1d',
    RETENTION_SESSIONS: '1d',
    RETENTION_PURGE_BATCH: '100',
  });
  db = new pg.Pool({ connectionString: app.databaseUrl, max: 4 });
  await db.query(`insert into users (id, email, password_hash, created_at) values ('usr_retention', 'retention@example.com', 'x', now())`);
});
afterAll(async () => {
  await db?.end();
  await app?.close();
});
afterEach(async () => {
  await db.query('delete from webhook_attempts; delete from webhook_deliveries; delete from outbox; delete from idempotency_keys; delete from sessions');
});

const ago = (ms: number) => new Date(app.clock.now().getTime() - ms);
const purge = () => app.services.retentionPurge.run();
const ids = async (sql: string) => (await db.query<{ id: string }>(sql)).rows.map((r) => String(r.id)).sort();

/** `n` deliveries named `${prefix}<i>` with one attempt each, created at `at`. */
async function deliveries(c: pg.Pool | pg.PoolClient, prefix: string, n: number, status: string, at: Date): Promise<void> {
  await c.query(
    `insert into webhook_deliveries (id, dedupe_key, event_id, event_type, seller_id, aggregate_type, aggregate_id, target, url, payload, trigger, status, expires_at, created_at, updated_at)
     select $1 || i, $1 || i, 'evt_' || $1 || i, 'TRANSACTION_PAID', 'sel_r', 'TRANSACTION', 'tx_' || $1 || i, 'ENDPOINT', 'https://r.example/', '{}', 'EVENT', $3, $4, $4, $4
     from generate_series(1, $2::int) i`,
    [prefix, n, status, at],
  );
  await c.query(
    `insert into webhook_attempts (delivery_id, event_id, seller_id, number, cycle, attempt_in_cycle, attempted_at, url, success, latency_ms)
     select $1 || i, 'evt_' || $1 || i, 'sel_r', 1, 1, 1, $3, 'https://r.example/', true, 5 from generate_series(1, $2::int) i`,
    [prefix, n, at],
  );
}

/** `n` events of one resource `aggregate` at `at` (published or not), named `${aggregate}-<i>`. */
async function events(c: pg.Pool | pg.PoolClient, aggregate: string, n: number, at: Date, published: boolean): Promise<void> {
  await c.query(
    `insert into outbox (event_id, event_type, seller_id, aggregate_type, aggregate_id, payload, occurred_at, published_at)
     select $1 || '-' || i, 'TRANSACTION_PAID', 'sel_r', 'TRANSACTION', $1, '{}', $3, $4 from generate_series(1, $2::int) i`,
    [aggregate, n, at, published ? at : null],
  );
}

async function idempotencyKeys(c: pg.Pool | pg.PoolClient, prefix: string, n: number, expiresAt: Date): Promise<void> {
  await c.query(
    `insert into idempotency_keys (id, seller_id, operation, key, fingerprint, owner, locked_until, created_at, expires_at)
     select $1 || i, 'sel_r', 'transactions.create', $1 || i, 'f', 'o', $3, $3, $3 from generate_series(1, $2::int) i`,
    [prefix, n, expiresAt],
  );
}

async function sessions(c: pg.Pool | pg.PoolClient, prefix: string, n: number, expiresAt: Date): Promise<void> {
  await c.query(
    `insert into sessions (id, user_id, token_hash, created_at, expires_at)
     select $1 || i, 'usr_retention', $1 || i, $3, $3 from generate_series(1, $2::int) i`,
    [prefix, n, expiresAt],
  );
}

describe('retention purge', () => {
  it('deletes finished webhook deliveries past the window with their attempts; pending and recent ones stay, with theirs', async () => {
    await deliveries(db, 'old_done_', 2, 'DELIVERED', ago(2 * DAY));
    await deliveries(db, 'old_failed_', 1, 'FAILED', ago(2 * DAY));
    await deliveries(db, 'old_pending_', 1, 'PENDING', ago(2 * DAY));
    await deliveries(db, 'recent_done_', 1, 'DELIVERED', ago(DAY / 2));

    const run = await purge();

    expect(run.failed).toEqual({});
    expect(run.purged).toMatchObject({ webhook_deliveries: 3, webhook_attempts: 3 });
    expect(await ids('select id from webhook_deliveries')).toEqual(['old_pending_1', 'recent_done_1']);
    expect(await ids('select delivery_id as id from webhook_attempts')).toEqual(['old_pending_1', 'recent_done_1']);
  });

  it('deletes relayed events past the window that a later event of their resource supersedes; the latest, unrelayed and recent ones stay', async () => {
    await events(db, 'tx_a', 3, ago(2 * DAY), true); // tx_a-1, -2 superseded by tx_a-3 (the latest: resends send it)
    await events(db, 'tx_b', 2, ago(2 * DAY), false); // not relayed yet: kept whatever its age
    await events(db, 'tx_c', 1, ago(2 * DAY), true); // alone: the latest of its resource
    await events(db, 'tx_d', 2, ago(DAY / 2), true); // inside the window

    const run = await purge();

    expect(run.purged).toMatchObject({ outbox: 2 });
    expect(await ids('select event_id as id from outbox')).toEqual(['tx_a-3', 'tx_b-1', 'tx_b-2', 'tx_c-1', 'tx_d-1', 'tx_d-2']);
  });

  it('deletes idempotency keys past their expiry and sessions past expiry plus the window', async () => {
    await idempotencyKeys(db, 'key_expired_', 3, ago(1_000));
    await idempotencyKeys(db, 'key_live_', 2, ago(-3_600_000));
    await sessions(db, 'ses_long_expired_', 2, ago(2 * DAY));
    await sessions(db, 'ses_just_expired_', 1, ago(3_600_000));
    await sessions(db, 'ses_live_', 1, ago(-3_600_000));

    const run = await purge();

    expect(run.purged).toMatchObject({ idempotency_keys: 3, sessions: 2 });
    expect(await ids('select id from idempotency_keys')).toEqual(['key_live_1', 'key_live_2']);
    expect(await ids('select id from sessions')).toEqual(['ses_just_expired_1', 'ses_live_1']);
  });

  it('goes in batches, skips a row another transaction holds and never blocks inserts made meanwhile', async () => {
    const backlog = 1_500; // 15 batches of 100 per table
    await deliveries(db, 'bulk_', backlog, 'DELIVERED', ago(2 * DAY));
    await events(db, 'tx_bulk', backlog + 1, ago(2 * DAY), true);
    await idempotencyKeys(db, 'bulk_key_', backlog, ago(1_000));
    await sessions(db, 'bulk_ses_', backlog, ago(2 * DAY));

    const holder = await db.connect();
    const writer = await db.connect();
    try {
      await holder.query('begin');
      await holder.query(`select id from webhook_deliveries where id = 'bulk_7' for update`);
      // The writer gives up rather than wait: any lock the purge held in its way fails the test.
      await writer.query(`set lock_timeout = '200ms'`);

      let purging = true;
      const purged = purge().finally(() => (purging = false));
      let inserts = 0;
      while (purging) {
        inserts++;
        await writer.query('begin');
        await deliveries(writer, `new${inserts}_`, 1, 'DELIVERED', ago(0));
        await events(writer, `tx_new${inserts}`, 1, ago(0), false);
        await idempotencyKeys(writer, `new${inserts}_key_`, 1, ago(-DAY));
        await sessions(writer, `new${inserts}_ses_`, 1, ago(-DAY));
        await writer.query('commit');
      }
      const run = await purged;

      expect(run.failed).toEqual({});
      expect(run.purged).toMatchObject({ webhook_deliveries: backlog - 1, webhook_attempts: backlog - 1, outbox: backlog, idempotency_keys: backlog, sessions: backlog });
      expect(inserts).toBeGreaterThan(0);
      expect(await ids(`select id from webhook_deliveries where id like 'bulk_%'`)).toEqual(['bulk_7']);
      expect(Number((await db.query(`select count(*) as n from webhook_deliveries where id like 'new%'`)).rows[0].n)).toBe(inserts);

      await holder.query('rollback');
      expect((await purge()).purged).toMatchObject({ webhook_deliveries: 1 });
    } finally {
      await holder.query('rollback').catch(() => undefined);
      holder.release();
      writer.release();
    }
  });

  it('gives up on a table whose lock it cannot get at once, purges the others and takes it at the next run', async () => {
    await events(db, 'tx_locked', 2, ago(2 * DAY), true);
    await sessions(db, 'ses_other_', 1, ago(2 * DAY));
    const holder = await db.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table outbox in access exclusive mode');

      const run = await purge();

      expect(run.failed['outbox']).toMatch(/lock timeout/);
      expect(run.purged).toMatchObject({ outbox: 0, sessions: 1 });
      await holder.query('rollback');
      expect((await purge()).purged).toMatchObject({ outbox: 1 });
    } finally {
      await holder.query('rollback').catch(() => undefined);
      holder.release();
    }
  });
});

describe('vacuum after the purge', () => {
  const heapBytes = async (table: string) => Number((await db.query(`select pg_relation_size($1) as n`, [table])).rows[0].n);

  it('makes the space of purged rows reusable: the same load again leaves the table no larger', async () => {
    const vacuum = new PgTableVacuum(sqlOf(app), 'on');
    await vacuum.run(); // nothing due left over from the tests before
    await deliveries(db, 'first_', 3_000, 'DELIVERED', ago(2 * DAY));
    const loaded = await heapBytes('webhook_deliveries');
    expect((await purge()).purged).toMatchObject({ webhook_deliveries: 3_000 });
    await untilDueForVacuum(vacuum, 'webhook_deliveries');

    const run = await vacuum.run();

    expect(run.by).toBe('worker');
    expect(run.failed).toEqual({});
    expect(run.vacuumed).toEqual(expect.arrayContaining(['webhook_deliveries', 'webhook_attempts']));
    await deliveries(db, 'second_', 3_000, 'DELIVERED', ago(2 * DAY));
    // Without the vacuum the second load goes after the first's dead rows: twice the size.
    // With it, the first's pages are filled again (give or take a page of the rows left over).
    expect(await heapBytes('webhook_deliveries')).toBeLessThan(loaded * 1.25);
  });

  it('leaves the tables alone when set off, and to autovacuum when set auto and the server runs it', async () => {
    await deliveries(db, 'off_', 2_000, 'DELIVERED', ago(2 * DAY));
    await purge();
    const off = new PgTableVacuum(sqlOf(app), 'off');
    await untilDueForVacuum(off, 'webhook_deliveries');
    expect(await off.run()).toMatchObject({ by: 'off', vacuumed: [] });
    expect(await off.dueTables()).toContain('webhook_deliveries');

    const auto = new PgTableVacuum(sqlOf(app), 'auto');
    const runs = await auto.autovacuumRuns();
    const run = await auto.run();
    if (runs) expect(run).toMatchObject({ by: 'autovacuum', vacuumed: [] });
    else expect(run.vacuumed).toContain('webhook_deliveries');
  });
});
