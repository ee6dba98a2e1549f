import { MikroORM } from '@mikro-orm/postgresql';
import { TEST_DATABASE_ADMIN_URL } from './database';

/** Runs one statement as the test server's administrator (outside any test database). */
export async function asAdmin(sql: string) {
  const orm = await MikroORM.init({ clientUrl: TEST_DATABASE_ADMIN_URL, entities: [], discovery: { warnWhenNoEntities: false } });
  try {
    await orm.em.getConnection().execute(sql);
  } finally {
    await orm.close(true);
  }
}

/**
 * Makes one test database unreachable (new connections refused, open ones cut) until
 * `bringBack` is called: a database outage for one service, the shared server untouched.
 */
export async function takeDatabaseDown(databaseUrl: string): Promise<{ bringBack(): Promise<void> }> {
  const name = new URL(databaseUrl).pathname.slice(1);
  await asAdmin(`alter database ${name} allow_connections false`);
  await asAdmin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
  return { bringBack: () => asAdmin(`alter database ${name} allow_connections true`) };
}
