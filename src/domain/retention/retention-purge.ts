import type { Clock } from '../shared/clock';

/** One table that grows with traffic, and how its finished rows past the window go. */
export interface PurgeTarget {
  /** The table rows are deleted from (the metric label and the log field). */
  table: string;
  /** How long a finished row is kept (counted from the time the target's statement compares). */
  windowMs: number;
  /**
   * Deletes at most `limit` finished rows older than `before`, in one short statement
   * that skips rows another transaction holds; `rows` counts the table's own rows,
   * `alongside` rows of other tables deleted with them (a delivery's attempts).
   */
  purgeBatch(before: Date, limit: number): Promise<{ rows: number; alongside?: Record<string, number> }>;
}

export interface PurgeRun {
  /** Rows deleted per table (every target's table appears, 0 included). */
  purged: Record<string, number>;
  /** Targets whose statement failed, with the error's message; the next run tries again. */
  failed: Record<string, string>;
  durationMs: number;
}

/**
 * The retention purge: for each target, batches of at most `batchSize` rows until a batch
 * comes back short. Each batch is its own statement and transaction, so no lock is held
 * longer than one batch takes, and a failing target does not stop the others.
 */
export class RetentionPurge {
  constructor(private readonly d: { targets: readonly PurgeTarget[]; clock: Clock; batchSize: number }) {}

  get tables(): string[] {
    return this.d.targets.map((t) => t.table);
  }

  async run(): Promise<PurgeRun> {
    const started = this.d.clock.now().getTime();
    const purged: Record<string, number> = {};
    const failed: Record<string, string> = {};
    const add = (table: string, n: number) => (purged[table] = (purged[table] ?? 0) + n);
    for (const target of this.d.targets) {
      add(target.table, 0);
      const before = new Date(this.d.clock.now().getTime() - target.windowMs);
      try {
        for (;;) {
          const batch = await target.purgeBatch(before, this.d.batchSize);
          add(target.table, batch.rows);
          for (const [table, n] of Object.entries(batch.alongside ?? {})) add(table, n);
          if (batch.rows < this.d.batchSize) break;
        }
      } catch (err) {
        failed[target.table] = err instanceof Error ? err.message : String(err);
      }
    }
    return { purged, failed, durationMs: this.d.clock.now().getTime() - started };
  }
}
