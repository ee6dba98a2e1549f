import pg from 'pg';

/**
 * Every statement or pipeline the service hands to a PostgreSQL connection while `work`
 * runs: one entry per database round trip (a pipeline of statements is one).
 */
export async function databaseCalls(work: () => Promise<unknown>): Promise<string[]> {
  const calls: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, q: unknown, ...rest: unknown[]) {
    calls.push(typeof q === 'string' ? q : ((q as { text?: string })?.text ?? (q as object)?.constructor?.name ?? '?'));
    return (original as (...a: unknown[]) => unknown).call(this, q, ...rest);
  } as typeof original;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = original;
  }
  return calls;
}
