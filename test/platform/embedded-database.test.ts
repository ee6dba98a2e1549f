import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/main/config';
import { openDatabase, type Database } from '../../src/main/database';
import { createEmbeddedDatabaseInChild, embeddedDatabaseExists } from '../../src/infra/db/embedded-database-creation';
import { migrationsList } from '../../src/infra/db/migrations';
import { pgConnections } from '../../src/infra/db/pg-connections';
import { PgTableVacuum } from '../../src/infra/db/pg-table-vacuum';
import { Sql } from '../../src/infra/db/sql';
import { untilDueForVacuum } from '../support/table-vacuum';

const root = mkdtempSync(join(tmpdir(), 'pixpay-embedded-db-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const open = () => openDatabase(loadConfig({ DATA_DIR: root, LOG_LEVEL: 'silent' }));
const sql = <T>(db: Database, query: string) => db.orm.em.getConnection().execute<T[]>(query);
const appliedMigrations = async (db: Database) => (await sql<{ name: string }>(db, 'select name from mikro_orm_migrations order by id')).map((r) => r.name);

// PGlite starts in WebAssembly and a new folder runs initdb and every migration: slow on a busy machine.
describe('the embedded database (PGlite under DATA_DIR)', { timeout: 180_000 }, () => {
  it('is created on the first start, migrated once, and keeps its data across a restart', async () => {
    const dataDir = join(root, 'pglite');
    expect(embeddedDatabaseExists(dataDir)).toBe(false);
    const first = await open();
    try {
      expect(embeddedDatabaseExists(dataDir)).toBe(true);
      expect(await appliedMigrations(first)).toEqual(migrationsList.map((m) => m.name));
      await sql(first, "create table restart_check (v text); insert into restart_check values ('kept')");
    } finally {
      await first.close();
    }
    const second = await open();
    try {
      expect(await appliedMigrations(second)).toEqual(migrationsList.map((m) => m.name));
      expect(await sql(second, 'select v from restart_check')).toEqual([{ v: 'kept' }]);
      // The serving process runs with a small buffer cache (PostgreSQL's 128 MB default is held for its life).
      expect(await sql(second, 'show shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
    } finally {
      await second.close();
    }
  });

  it('runs no autovacuum, so the worker vacuums the tables whose dead rows are due (RETENTION_VACUUM=auto)', async () => {
    const db = await openDatabase(loadConfig({ DATA_DIR: join(root, 'vacuum'), LOG_LEVEL: 'silent' }));
    try {
      const vacuum = new PgTableVacuum(new Sql(pgConnections(db.orm)), 'auto');
      expect(await vacuum.autovacuumRuns()).toBe(false);
      await sql(db, `create table churn (id int primary key, v text); insert into churn select g, repeat('x', 200) from generate_series(1, 5000) g`);
      await sql(db, 'delete from churn where id > 100');
      await untilDueForVacuum(vacuum, 'churn');

      const run = await vacuum.run();

      expect(run).toMatchObject({ by: 'worker', failed: {} });
      expect(run.vacuumed).toContain('churn');
      expect(await sql(db, `select n_dead_tup::int as dead from pg_stat_user_tables where relname = 'churn'`)).toEqual([{ dead: 0 }]);
    } finally {
      await db.close();
    }
  });

  it('says which folder it could not create a database in, and why', async () => {
    const notAFolder = join(root, 'a-file');
    writeFileSync(notAFolder, 'not a database');
    await expect(createEmbeddedDatabaseInChild(notAFolder, [])).rejects.toThrow(new RegExp(`^creating the embedded database in ${notAFolder} failed \\(exit 1\\): .+`));
  });
});
