import { describe, expect, it } from 'vitest';
import { ManualClock } from '../shared/clock';
import { RetentionPurge, type PurgeTarget } from './retention-purge';

/** A table of `left` purgeable rows, recording every batch it was asked for. */
function table(name: string, left: number, windowMs: number, calls: { table: string; before: Date; limit: number }[]): PurgeTarget {
  return {
    table: name,
    windowMs,
    purgeBatch: async (before, limit) => {
      calls.push({ table: name, before, limit });
      const rows = Math.min(left, limit);
      left -= rows;
      return { rows };
    },
  };
}

describe('RetentionPurge', () => {
  it('purges each table in batches from its own window until a batch comes back short', async () => {
    const clock = new ManualClock(new Date('2026-03-01T00:00:00Z'));
    const calls: { table: string; before: Date; limit: number }[] = [];
    const purge = new RetentionPurge({ clock, batchSize: 100, targets: [table('a', 250, 86_400_000, calls), table('b', 0, 3_600_000, calls)] });

    const run = await purge.run();

    expect(run.purged).toEqual({ a: 250, b: 0 });
    expect(run.failed).toEqual({});
    expect(calls.map((c) => c.table)).toEqual(['a', 'a', 'a', 'b']);
    expect(calls.every((c) => c.limit === 100)).toBe(true);
    expect(calls[0]!.before).toEqual(new Date('2026-02-28T00:00:00Z'));
    expect(calls[3]!.before).toEqual(new Date('2026-02-28T23:00:00Z'));
  });

  it('counts rows deleted alongside under their own table', async () => {
    const target: PurgeTarget = { table: 'deliveries', windowMs: 0, purgeBatch: async () => ({ rows: 3, alongside: { attempts: 7 } }) };
    const run = await new RetentionPurge({ clock: new ManualClock(), batchSize: 10, targets: [target] }).run();
    expect(run.purged).toEqual({ deliveries: 3, attempts: 7 });
  });

  it('a failing table is reported and the others are still purged', async () => {
    const calls: { table: string; before: Date; limit: number }[] = [];
    const broken: PurgeTarget = {
      table: 'broken',
      windowMs: 0,
      purgeBatch: async () => {
        throw new Error('canceling statement due to lock timeout');
      },
    };
    const run = await new RetentionPurge({ clock: new ManualClock(), batchSize: 10, targets: [broken, table('ok', 4, 0, calls)] }).run();
    expect(run.failed).toEqual({ broken: 'canceling statement due to lock timeout' });
    expect(run.purged).toEqual({ broken: 0, ok: 4 });
  });
});
