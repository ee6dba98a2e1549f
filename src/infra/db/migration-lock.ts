import { Client } from 'pg';

/** Any constant shared by every instance of this service: the key of its migration lock. */
const MIGRATION_LOCK_KEY = 7_274_929;

/**
 * Runs `work` holding a PostgreSQL session advisory lock on its own connection, so
 * several instances starting at once apply migrations one after the other (the later
 * ones then find nothing to do).
 */
export async function withMigrationLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}
