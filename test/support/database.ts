import { randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';

/** The server that tests create their throw-away databases on. */
export const TEST_DATABASE_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

async function admin<T>(work: (execute: (sql: string) => Promise<unknown>) => Promise<T>): Promise<T> {
  const orm = await MikroORM.init({ clientUrl: TEST_DATABASE_ADMIN_URL, entities: [], discovery: { warnWhenNoEntities: false }, pool: { min: 0, max: 1 } });
  try {
    return await work((sql) => orm.em.getConnection().execute(sql));
  } finally {
    await orm.close(true);
  }
}

/** A fresh, empty database for one test file; drop() removes it. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `pixpay_test_${randomBytes(6).toString('hex')}`;
  await admin((execute) => execute(`create database ${name}`));
  const url = new URL(TEST_DATABASE_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin((execute) => execute(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}
