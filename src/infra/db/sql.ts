import type { Tx } from '../../domain/shared/unit-of-work';
import type { PgConnections } from './pg-connections';
import { toPgPlaceholders } from './placeholders';
import { preparedName, sqlTx } from './unit-of-work';

/** Raw SQL with `?` placeholders: inside tx when given, else on a pooled connection. */
export class Sql {
  constructor(private readonly connections: PgConnections) {}

  async query<T = Record<string, unknown>>(sql: string, params: unknown[] = [], tx?: Tx): Promise<T[]> {
    if (tx) return sqlTx(tx).query<T>(sql, params);
    const client = await this.connections.acquire();
    try {
      return (await client.query(toPgPlaceholders(sql), params)).rows as T[];
    } finally {
      await this.connections.release(client);
    }
  }

  /**
   * A write inside `tx` whose result is not needed: it is pipelined with the
   * transaction's next statement or its commit (see PgTx), saving a round trip.
   */
  defer(sql: string, params: unknown[], tx: Tx): void {
    sqlTx(tx).defer(sql, params);
  }

  /**
   * On a pooled connection, as a named prepared statement: PostgreSQL parses and plans it
   * once per connection instead of on every call (for the statements every request sends).
   */
  async prepared<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    const text = toPgPlaceholders(sql);
    const client = await this.connections.acquire();
    try {
      return (await client.query({ name: preparedName(text), text, values: params })).rows as T[];
    } finally {
      await this.connections.release(client);
    }
  }

  async one<T = Record<string, unknown>>(sql: string, params: unknown[] = [], tx?: Tx): Promise<T | undefined> {
    return (await this.query<T>(sql, params, tx))[0];
  }
}
