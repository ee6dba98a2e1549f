import type { Orm } from './orm';

/** The slice of a node-postgres client the adapters use. */
export interface PgClient {
  query(text: string | { name?: string; text: string; values: unknown[] }, values?: unknown[]): Promise<{ rows: any[]; rowCount: number | null }>;
  /** A custom protocol flow (node-postgres' "submittable"), returned as given. */
  query<S extends { submit(connection: never): unknown }>(submittable: S): S;
}

export interface PgConnections {
  acquire(): Promise<PgClient>;
  release(client: PgClient): Promise<void>;
}

/**
 * Plain node-postgres connections lent by the ORM's own pool (no pool of their own):
 * raw statements skip the query builder's per-statement cost, which dominates short
 * transactions. Every connection a process opens is counted in one place,
 * src/main/wiring/connection-budget.ts.
 */
export function pgConnections(orm: Orm): PgConnections {
  const client = orm.em.getKnex().client as { acquireConnection(): Promise<PgClient>; releaseConnection(c: PgClient): Promise<void> };
  return {
    acquire: () => client.acquireConnection(),
    release: (c) => client.releaseConnection(c),
  };
}
