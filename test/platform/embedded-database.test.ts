import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/main/config';
import { openDatabase, type Database } from '../../src/main/database';
import { createEmbeddedDatabaseInChild, embeddedDatabaseExists } from '../../src/infra/db/embedded-database-creation';
import { migrationsList } from '../../src/infra/db/migrations';

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

  it('says which folder it could not create a database in, and why', async () => {
    const notAFolder = join(root, 'a-file');
    writeFileSync(notAFolder, 'not a database');
    await expect(createEmbeddedDatabaseInChild(notAFolder, [])).rejects.toThrow(new RegExp(`^creating the embedded database in ${notAFolder} failed \\(exit 1\\): .+`));
  });
});
