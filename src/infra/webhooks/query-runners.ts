import { Pool } from 'pg';
import { toPgPlaceholders } from '../db/placeholders';
import type { Sql } from '../db/sql';

/** Raw SQL with `?` placeholders, outside any unit of work. */
export interface QueryRunner {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close?(): Promise<void>;
}

export const sqlRunner = (sql: Sql): QueryRunner => ({ query: (text, params) => sql.query(text, params ?? []) });


/**
 * A small pg pool for the delivery workers' hot statements on a real PostgreSQL (the
 * embedded PGlite has one connection, shared through the ORM). With `asyncCommit`, the
 * session runs with synchronous_commit=off: used only for writes whose loss in a
 * database crash is harmless (a lease, a re-enqueue mark): a lost lease just lets a
 * worker take the delivery again, at worst a duplicate POST with the same X-Webhook-Id.
 */
export class PgPoolRunner implements QueryRunner {
  private readonly pool: Pool;

  constructor(url: string, o: { max: number; asyncCommit: boolean }) {
    this.pool = new Pool({
      connectionString: url,
      max: o.max,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 5_000,
      ...(o.asyncCommit ? { options: '-c synchronous_commit=off' } : {}),
    });
    this.pool.on('error', () => undefined); // idle client errors: the pool replaces the client
  }

  async query<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
    const res = await this.pool.query(toPgPlaceholders(text), params);
    return res.rows as T[];
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
