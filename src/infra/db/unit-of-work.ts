import type { Tx, UnitOfWork } from '../../domain/shared/unit-of-work';
import type { PgClient, PgConnections } from './pg-connections';
import { toPgPlaceholders } from './placeholders';

/** A transaction on one pooled connection; infra adapters unwrap it with `sqlTx`. */
export class PgTx implements Tx {
  private readonly callbacks: (() => void)[] = [];
  constructor(readonly client: PgClient) {}

  afterCommit(callback: () => void): void {
    this.callbacks.push(callback);
  }

  /** Raw SQL with `?` placeholders inside this transaction. */
  async query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.client.query(toPgPlaceholders(sql), params)).rows as T[];
  }

  runCallbacks(): void {
    for (const cb of this.callbacks.splice(0)) cb();
  }
}

export function sqlTx(tx: Tx): PgTx {
  if (!(tx instanceof PgTx)) throw new Error('transaction handle from another adapter');
  return tx;
}

/**
 * BEGIN ... COMMIT on a connection of the shared pool. The work must run every
 * statement through the handle: awaiting another connection while holding this one can
 * exhaust the pool (the embedded database has a single connection).
 */
export class PgUnitOfWork implements UnitOfWork {
  constructor(private readonly connections: PgConnections) {}

  async run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const client = await this.connections.acquire();
    const tx = new PgTx(client);
    let result: T;
    try {
      await client.query('begin');
      result = await work(tx);
      await client.query('commit');
    } catch (e) {
      await client.query('rollback').catch(() => undefined);
      throw e;
    } finally {
      await this.connections.release(client);
    }
    tx.runCallbacks();
    return result;
  }
}
