import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from './free-port';

const BIN = process.env.PG_BIN_DIR ?? '';
const bin = (name: string) => (BIN ? join(BIN, name) : name);

/**
 * A PostgreSQL cluster of a test's own (initdb under the temp dir, a free port, trust
 * on loopback), so a test can stop and restart it without touching the shared server.
 * PostgreSQL refuses to run as root: as root, it runs as the `postgres` user.
 */
export class PrivatePostgres {
  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  private static run(cmd: string, args: string[]): void {
    const asRoot = process.getuid?.() === 0;
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', bin(cmd), ...args], { stdio: 'ignore' });
    else execFileSync(bin(cmd), args, { stdio: 'ignore' });
  }

  static async start(): Promise<PrivatePostgres> {
    const dir = mkdtempSync(join(tmpdir(), 'pixpay-pg-'));
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      chownSync(dir, uid, gid);
    }
    PrivatePostgres.run('initdb', ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    const pg = new PrivatePostgres(dir, await freePort());
    pg.startServer();
    const admin = new Client({ connectionString: pg.url('postgres') });
    await admin.connect();
    await admin.query('create database pixpay');
    await admin.end();
    return pg;
  }

  url(database = 'pixpay'): string {
    return `postgresql://postgres@127.0.0.1:${this.port}/${database}`;
  }

  private startServer(): void {
    PrivatePostgres.run('pg_ctl', [
      '-D', join(this.dir, 'data'), '-l', join(this.dir, 'server.log'), '-w', '-t', '60',
      '-o', `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c max_connections=200`, 'start',
    ]);
  }

  /** Fast shutdown: open sessions are terminated, as in a restart by an operator. */
  stop(): void {
    PrivatePostgres.run('pg_ctl', ['-D', join(this.dir, 'data'), '-m', 'fast', '-w', 'stop']);
  }

  start(): void {
    this.startServer();
  }

  destroy(): void {
    try {
      this.stop();
    } catch {
      /* already stopped */
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
