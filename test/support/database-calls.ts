import pg from 'pg';

/**
 * Every statement or pipeline the service hands to a connection of its database
 * (`databaseUrl`) while `work` runs: one entry per database round trip (a pipeline of
 * statements is one). Connections to other databases are not counted: files that ran
 * before in the same worker may still have a connection closing.
 */
export async function databaseCalls(databaseUrl: string, work: () => Promise<unknown>): Promise<string[]> {
  const database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const calls: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, q: unknown, ...rest: unknown[]) {
    if (this.database === database) calls.push(typeof q === 'string' ? q : ((q as { text?: string })?.text ?? (q as object)?.constructor?.name ?? '?'));
    return (original as (...a: unknown[]) => unknown).call(this, q, ...rest);
  } as typeof original;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = original;
  }
  return calls;
}
