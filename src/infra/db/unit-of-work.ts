import { createHash } from 'node:crypto';
import type { Tx, UnitOfWork } from '../../domain/shared/unit-of-work';
import type { PgClient, PgConnections } from './pg-connections';
import { PipelinedBatch, type Statement } from './pipeline';
import { toPgPlaceholders } from './placeholders';

const BEGIN: Statement = { text: 'begin', values: [] };
const COMMIT: Statement = { text: 'commit', values: [] };

/**
 * A transaction on one pooled connection; infra adapters unwrap it with `sqlTx`.
 *
 * Round trips are the cost of short transactions, so nothing is sent before it is
 * needed: BEGIN travels with the first statement, and deferred writes (whose result
 * nobody reads) travel with the next query or with the COMMIT, all pipelined in one
 * write. A unit of work that ran nothing sends nothing. The order of statements is
 * the order of the calls; a deferred write's error surfaces from the call that sent
 * it, and the whole transaction rolls back as before.
 *
 * The pooled connection is taken with the first statement sent, not when the unit of
 * work starts: the work done before it (building rows, hashing, a busy event loop) holds
 * no connection, so a unit of work that defers all its writes holds one only for the
 * round trip of its commit.
 */
export class PgTx implements Tx {
  private readonly callbacks: (() => void)[] = [];
  private readonly deferred: Statement[] = [];
  private begun = false;
  private client: PgClient | undefined;
  private acquiring: Promise<PgClient> | undefined;
  private waiting = 0;

  constructor(private readonly acquire: () => Promise<PgClient>) {}

  /** The connection taken, or the one being taken, if any statement was sent. */
  get connection(): Promise<PgClient> | undefined {
    return this.acquiring;
  }

  afterCommit(callback: () => void): void {
    this.callbacks.push(callback);
  }

  /** Raw SQL with `?` placeholders inside this transaction. */
  async query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.send({ text: toPgPlaceholders(sql), values: params }) as Promise<T[]>;
  }

  /**
   * A statement already in PostgreSQL's `$n` form, optionally a named prepared statement:
   * pipelined with what is queued like any other; the batch parses a name the first time
   * this connection meets it.
   */
  async execute<T = Record<string, unknown>>(statement: Statement): Promise<T[]> {
    return this.send(statement) as Promise<T[]>;
  }

  /**
   * Several statements in PostgreSQL's `$n` form (see `execute`), sent together after what
   * is queued and answered in one round trip, in order; the rows of each. A failing
   * statement fails the call, and the server runs none after it.
   */
  async executeAll<T = Record<string, unknown>>(statements: readonly Statement[]): Promise<T[][]> {
    if (statements.length === 0) return [];
    const results = await this.run([...this.queued(), ...statements]);
    return results.slice(results.length - statements.length) as T[][];
  }

  /**
   * A write whose result is not needed: it is sent with the next query or the commit,
   * as a named prepared statement, so PostgreSQL parses and plans it once per connection.
   */
  defer(sql: string, params: unknown[] = []): void {
    const text = toPgPlaceholders(sql);
    this.deferred.push({ text, values: params, name: preparedName(text) });
  }

  async commit(): Promise<void> {
    if (!this.begun && this.deferred.length === 0) return;
    await this.send(COMMIT);
  }

  async rollback(): Promise<void> {
    this.deferred.length = 0;
    if (!this.begun || !this.acquiring) return;
    const client = await this.acquiring;
    await client.query('rollback');
  }

  runCallbacks(): void {
    for (const cb of this.callbacks.splice(0)) cb();
  }

  private async send(statement: Statement): Promise<unknown[]> {
    const results = await this.run([...this.queued(), statement]);
    return results[results.length - 1]!;
  }

  private queued(): Statement[] {
    const queued = this.begun ? [] : [BEGIN];
    this.begun = true;
    queued.push(...this.deferred.splice(0));
    return queued;
  }

  /**
   * One unnamed statement goes the usual way (the simple protocol when it has no
   * parameters); named ones always go through the batch, which closes a name before
   * parsing it (node-postgres would not, after a failed batch left it prepared).
   *
   * The statements were taken from the queue when the call was made. The first call takes
   * the pooled connection; calls made while it is awaited resume in the order they were
   * made, each writing as soon as it resumes, and a call made while any of them still
   * waits waits behind them: the order of the calls is the order on the wire.
   */
  private async run(statements: Statement[]): Promise<unknown[][]> {
    if (this.client && this.waiting === 0) return this.dispatch(this.client, statements);
    this.acquiring ??= this.acquire().then((c) => (this.client = c));
    this.waiting++;
    let client: PgClient;
    try {
      client = await this.acquiring;
    } finally {
      this.waiting--;
    }
    return this.dispatch(client, statements);
  }

  private async dispatch(client: PgClient, statements: Statement[]): Promise<unknown[][]> {
    if (statements.length === 1 && statements[0]!.name === undefined) return [(await client.query(statements[0]!)).rows];
    return client.query(new PipelinedBatch(statements)).done;
  }
}

/** Distinct deferred texts given a name; past this, statements go unnamed (bounded server memory). */
const MAX_PREPARED = 512;
const preparedNames = new Map<string, string>();

/** A stable name per statement text (the same on every connection), while under the bound. */
export function preparedName(text: string): string | undefined {
  let name = preparedNames.get(text);
  if (name === undefined && preparedNames.size < MAX_PREPARED) {
    name = `deferred_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    preparedNames.set(text, name);
  }
  return name;
}

export function sqlTx(tx: Tx): PgTx {
  if (!(tx instanceof PgTx)) throw new Error('transaction handle from another adapter');
  return tx;
}

/**
 * BEGIN ... COMMIT on a connection of the shared pool, taken with the first statement
 * (see PgTx). The work must run every statement through the handle: awaiting another
 * connection while holding this one can exhaust the pool (the embedded database has a
 * single connection).
 */
export class PgUnitOfWork implements UnitOfWork {
  constructor(private readonly connections: PgConnections) {}

  async run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const tx = new PgTx(() => this.connections.acquire());
    let result: T;
    try {
      result = await work(tx);
      await tx.commit();
    } catch (e) {
      await tx.rollback().catch(() => undefined);
      throw e;
    } finally {
      // A connection still being taken when the work failed is released once it arrives.
      const client = await tx.connection?.catch(() => undefined);
      if (client) await this.connections.release(client);
    }
    tx.runCallbacks();
    return result;
  }
}
