import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { inject } from 'vitest';
import { migrate, openOrm } from '../../src/infra/db/orm';

/** The server that tests create their throw-away databases on. */
export const TEST_DATABASE_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Runs one statement on the server's maintenance database. */
export async function onTestServer(sql: string): Promise<void> {
  const client = new Client({ connectionString: TEST_DATABASE_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function testDatabaseUrl(name: string): string {
  const url = new URL(TEST_DATABASE_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Applies every migration to the database at `url`. */
export async function migrateTestDatabase(url: string): Promise<void> {
  const orm = await openOrm({ url, poolSize: 1 });
  try {
    await migrate(orm);
  } finally {
    await orm.close(true);
  }
}

async function create(template?: string): Promise<TestDatabase> {
  const name = `pixpay_test_${randomBytes(6).toString('hex')}`;
  await onTestServer(`create database ${name}${template ? ` template ${template}` : ''}`);
  return {
    url: testDatabaseUrl(name),
    drop: () => onTestServer(`drop database if exists ${name} with (force)`),
  };
}

/** A fresh, empty database for one test file; drop() removes it. */
export function createTestDatabase(): Promise<TestDatabase> {
  return create();
}

/**
 * A fresh database with every migration applied, for one test file: a copy of the run's
 * template (migrated once by the global setup `migrated-template.global.ts`), made in
 * milliseconds where migrating takes seconds. Without that setup it migrates its own.
 */
export async function createMigratedTestDatabase(): Promise<TestDatabase> {
  const template = inject('migratedTemplate');
  if (template) return create(template);
  const db = await create();
  await migrateTestDatabase(db.url);
  return db;
}

declare module 'vitest' {
  export interface ProvidedContext {
    migratedTemplate?: string;
  }
}
