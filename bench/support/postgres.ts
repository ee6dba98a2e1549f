import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';

/** The server benchmarks create their throw-away databases on. */
export const BENCH_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

async function admin(sql: string): Promise<void> {
  const orm = await MikroORM.init({ clientUrl: BENCH_ADMIN_URL, entities: [], discovery: { warnWhenNoEntities: false }, pool: { min: 0, max: 1 } });
  try {
    await orm.em.getConnection().execute(sql);
  } finally {
    await orm.close(true);
  }
}

export interface ThrowAwayDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export async function createDatabase(prefix: string): Promise<ThrowAwayDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(BENCH_ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** Runs a client program (pgbench) against a database of the bench server; resolves with stdout. */
export function runPgTool(program: string, args: string[], database: string): Promise<string> {
  const u = new URL(BENCH_ADMIN_URL);
  const env = { ...process.env, PGHOST: u.hostname, PGPORT: u.port || '5432', PGUSER: decodeURIComponent(u.username || 'postgres'), PGDATABASE: database };
  if (u.password) Object.assign(env, { PGPASSWORD: decodeURIComponent(u.password) });
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out + err) : reject(new Error(`${program} exited with ${code}: ${err.trim()}`))));
  });
}
