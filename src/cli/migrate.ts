import 'reflect-metadata';
import { ConfigError, loadConfig } from '../main/config';
import { openDatabase, StartupError } from '../main/database';

/** Applies pending migrations (start-up does the same) and exits. */
async function main() {
  const db = await openDatabase(loadConfig());
  const done = await db.orm.getMigrator().getExecutedMigrations();
  process.stdout.write(`database is at ${done.at(-1)?.name ?? 'no migration'} (${done.length} applied)\n`);
  await db.close();
}

main().catch((e) => {
  const known = e instanceof ConfigError || e instanceof StartupError;
  process.stderr.write(`migrate failed: ${known ? (e as Error).message : (e as Error).stack}\n`);
  process.exit(1);
});
