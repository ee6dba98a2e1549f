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
 * A connection that passed its `allow_connections` check just before the switch is not yet
 * in `pg_stat_activity` when the first terminate runs; it would live through the outage and
 * let the service see the database back. So the terminate is repeated until no backend of
 * the database is left (each terminate waits for its backend to exit).
 */
export async function takeDatabaseDown(databaseUrl: string): Promise<{ bringBack(): Promise<void> }> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const orm = await MikroORM.init({ clientUrl: TEST_DATABASE_ADMIN_URL, entities: [], discovery: { warnWhenNoEntities: false } });
  try {
    const sql = orm.em.getConnection();
    await sql.execute(`alter database ${name} allow_connections false`);
    for (let round = 0; ; round++) {
      const [{ left }] = await sql.execute<{ left: number }[]>(
        `select count(pg_terminate_backend(pid, 5000))::int as left from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
      );
      if (left === 0) break;
      if (round === 50) throw new Error(`backends of ${name} keep appearing after 50 terminate rounds`);
    }
  } finally {
    await orm.close(true);
  }
  return { bringBack: () => asAdmin(`alter database ${name} allow_connections true`) };
}
