import { join } from 'node:path';
import { withMigrationLock } from '../infra/db/migration-lock';
import { migrate, openOrm, type Orm } from '../infra/db/orm';
import type { Config } from './config';

export class StartupError extends Error {
  override name = 'StartupError';
}

export interface Database {
  orm: Orm;
  embedded: boolean;
  close(): Promise<void>;
}

function describe(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return 'the configured database';
  }
}

/** PostgreSQL from DATABASE_URL, or the embedded PGlite under DATA_DIR; migrated before use. */
export async function openDatabase(config: Config): Promise<Database> {
  // PGlite (half a megabyte of code, its WebAssembly aside) is loaded only when it is the database.
  const embedded = config.DATABASE_URL ? null : await (await import('../infra/db/embedded-postgres.js')).EmbeddedPostgres.start(join(config.DATA_DIR, 'pglite'));
  const url = config.DATABASE_URL ?? embedded!.url;
  let orm: Orm;
  try {
    orm = await openOrm({ url, poolSize: embedded ? 1 : config.DATABASE_POOL_SIZE });
  } catch (e) {
    await embedded?.stop();
    throw new StartupError(`cannot connect to the database at ${describe(url)}: ${(e as Error).message}`);
  }
  // The embedded database has one owner process (and one connection): no lock needed there.
  if (embedded) await migrate(orm);
  else await withMigrationLock(url, () => migrate(orm));
  return {
    orm,
    embedded: embedded !== null,
    close: async () => {
      await orm.close(true);
      await embedded?.stop();
    },
  };
}
