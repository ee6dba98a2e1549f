import { describe, expect, it } from 'vitest';
import type { PgClient, PgConnections } from './pg-connections';
import { Sql } from './sql';

/** Connections that record what each query was handed and answer one row. */
function recordingConnections() {
  const sent: unknown[] = [];
  let out = 0;
  const client = {
    query: async (q: unknown, values?: unknown[]) => {
      sent.push(values === undefined ? q : { text: q, values });
      return { rows: [{ id: 'a' }], rowCount: 1 };
    },
  } as unknown as PgClient;
  const connections: PgConnections = {
    acquire: async () => {
      out++;
      return client;
    },
    release: async () => {
      out--;
    },
  };
  return { sent, connections, checkedOut: () => out };
}

describe('Sql.prepared', () => {
  it('sends a named statement in $n form, the same name for the same text, and gives its connection back', async () => {
    const { sent, connections, checkedOut } = recordingConnections();
    const sql = new Sql(connections);
    const text = 'insert into t (a, b) values (?, ?) on conflict do nothing returning id';
    expect(await sql.prepared(text, [1, 2])).toEqual([{ id: 'a' }]);
    await sql.prepared(text, [3, 4]);
    await sql.prepared('select ? as other', [5]);
    const [first, second, other] = sent as { name?: string; text: string; values: unknown[] }[];
    expect(first).toMatchObject({ text: 'insert into t (a, b) values ($1, $2) on conflict do nothing returning id', values: [1, 2] });
    expect(first!.name).toMatch(/^deferred_[0-9a-f]{24}$/);
    expect(second).toEqual({ name: first!.name, text: first!.text, values: [3, 4] });
    expect(other!.name).not.toBe(first!.name);
    expect(checkedOut()).toBe(0);
  });

  it('gives its connection back when the statement fails', async () => {
    const connections: PgConnections = {
      acquire: async () => ({ query: async () => Promise.reject(new Error('boom')) }) as unknown as PgClient,
      release: async () => undefined,
    };
    let released = 0;
    const sql = new Sql({ acquire: connections.acquire, release: async () => void released++ });
    await expect(sql.prepared('select 1')).rejects.toThrow('boom');
    expect(released).toBe(1);
  });
});
