import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { createEmbeddedDatabaseInChild, embeddedDatabaseExists } from './embedded-database-creation';

interface Lock {
  pid: number;
  /** Null while the owner is still opening the database. */
  port: number | null;
}

const OWNER_STARTUP_WAIT_MS = 60_000;

/**
 * PGlite's start parameters plus a smaller buffer cache. PostgreSQL's default, 128 MB of
 * shared buffers, is allocated and touched in PGlite's WebAssembly memory at start and
 * held for the process's life; a sandbox's database fits in 16 MB with room to spare.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** Beside the data folder: `<dataDir>.lock`. */
const lockPathOf = (dataDir: string) => `${dataDir.replace(/\/+$/, '')}.lock`;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(path: string): Lock | null {
  try {
    const lock = JSON.parse(readFileSync(path, 'utf8')) as Lock;
    return Number.isInteger(lock.pid) ? lock : null;
  } catch {
    return null;
  }
}

/** Takes the lock (true), or reports the live owner's lock; a dead owner's lock is removed. */
function takeLock(path: string): true | Lock {
  for (;;) {
    try {
      writeFileSync(path, JSON.stringify({ pid: process.pid, port: null } satisfies Lock), { flag: 'wx' });
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const lock = readLock(path);
    if (lock && processAlive(lock.pid)) return lock;
    rmSync(path, { force: true });
  }
}

/**
 * The embedded default: PostgreSQL compiled to WASM (PGlite), persisted in a folder and
 * served on a loopback socket so the same driver, migrations and SQL run on it.
 * One process owns the folder (a lock file beside it holds its pid and port); another
 * process started on the same folder, such as the ops command line while the service
 * runs, connects to the owner's socket instead of opening the files twice.
 */
export class EmbeddedPostgres {
  private constructor(
    readonly url: string,
    private readonly owned: { db: PGlite; server: PGLiteSocketServer; lockPath: string } | null,
  ) {}

  static async start(dataDir: string): Promise<EmbeddedPostgres> {
    mkdirSync(dataDir, { recursive: true });
    const lockPath = lockPathOf(dataDir);
    const taken = takeLock(lockPath);
    if (taken !== true) return new EmbeddedPostgres(await EmbeddedPostgres.ownerUrl(lockPath, taken), null);
    try {
      if (!embeddedDatabaseExists(dataDir)) await createEmbeddedDatabaseInChild(dataDir, START_PARAMS);
      const db = await PGlite.create({ dataDir, startParams: START_PARAMS });
      // A few multiplexed connections: the owner's pool uses one, the command line another.
      const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 4 });
      await server.start();
      const conn = server.getServerConn();
      writeFileSync(lockPath, JSON.stringify({ pid: process.pid, port: Number(conn.slice(conn.lastIndexOf(':') + 1)) } satisfies Lock));
      return new EmbeddedPostgres(`postgresql://postgres@${conn}/postgres`, { db, server, lockPath });
    } catch (e) {
      rmSync(lockPath, { force: true });
      throw e;
    }
  }

  /** Waits (bounded) for an owner that is still starting to publish its port. */
  private static async ownerUrl(lockPath: string, lock: Lock): Promise<string> {
    const deadline = Date.now() + OWNER_STARTUP_WAIT_MS;
    let current: Lock | null = lock;
    while (current && current.port === null && processAlive(current.pid) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      current = readLock(lockPath);
    }
    if (!current || current.port === null) {
      throw new Error(`the embedded database is held by process ${lock.pid}, which did not finish starting; retry when it is up`);
    }
    return `postgresql://postgres@127.0.0.1:${current.port}/postgres`;
  }

  async stop(): Promise<void> {
    if (!this.owned) return;
    await this.owned.server.stop();
    await this.owned.db.close();
    rmSync(this.owned.lockPath, { force: true });
  }
}
