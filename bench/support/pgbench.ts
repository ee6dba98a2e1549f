import { createDatabase, runPgTool } from './postgres';

export interface PgbenchRun {
  tps: number;
  transactions: number;
  seconds: number;
}

export interface Pgbench {
  scale: number;
  /** One `pgbench -c clients -j threads -T seconds` run of the built-in TPC-B-like script. */
  run(o: { clients: number; threads: number; seconds: number }): Promise<PgbenchRun>;
  drop(): Promise<void>;
}

/**
 * pgbench's built-in TPC-B-like script on its own throw-away database (`pgbench -i -s
 * scale` once): the reference for what this PostgreSQL does with small write
 * transactions at the same concurrency.
 */
export async function preparePgbench(scale: number): Promise<Pgbench> {
  const db = await createDatabase('pixpay_pgbench');
  try {
    await runPgTool('pgbench', ['-i', '-q', '-s', String(scale)], db.name);
  } catch (e) {
    await db.drop();
    throw e;
  }
  return {
    scale,
    drop: () => db.drop(),
    run: async (o) => {
      const out = await runPgTool('pgbench', ['-c', String(o.clients), '-j', String(o.threads), '-T', String(o.seconds)], db.name);
      const tps = /tps = ([\d.]+) \((?:without initial connection time|excluding connections establishing)\)/.exec(out) ?? /tps = ([\d.]+)/.exec(out);
      const done = /number of transactions actually processed: (\d+)/.exec(out);
      if (!tps) throw new Error(`cannot find the tps line in pgbench output:\n${out}`);
      return { tps: Number(tps[1]), transactions: done ? Number(done[1]) : Math.round(Number(tps[1]) * o.seconds), seconds: o.seconds };
    },
  };
}
