import type { Sql } from './sql';

/** `RETENTION_VACUUM`: who reclaims the space of the rows the traffic deletes and updates. */
export type VacuumSetting = 'auto' | 'on' | 'off';

export interface VacuumRun {
  /**
   * `autovacuum`: the server's autovacuum runs, nothing done here; `worker`: the tables due
   * were vacuumed by this pass; `off`: the setting leaves it to the operator.
   */
  by: 'autovacuum' | 'worker' | 'off';
  vacuumed: string[];
  /** Tables whose VACUUM failed, with the error's message; tried again at the next pass. */
  failed: Record<string, string>;
  durationMs: number;
}

/**
 * A table is due when its dead rows exceed this many plus this share of its live rows:
 * autovacuum's rule (its defaults are 50 and 20 %), tighter since this pass runs only
 * once per purge interval.
 */
export const VACUUM_DEAD_ROWS = 1_000;
export const VACUUM_DEAD_SHARE = 0.05;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The space of deleted and updated rows is made reusable by VACUUM; PostgreSQL's
 * autovacuum does it on its own, but the embedded database (PGlite, one backend and no
 * autovacuum daemon) and a server run with `autovacuum = off` never reclaim it, and the
 * tables the purge keeps grow for ever on disk although their rows level off. This pass,
 * run by the worker after each purge, vacuums there the tables whose dead rows are due.
 * `VACUUM (SKIP_LOCKED)` takes no lock that stops reads or writes and skips a table whose
 * lock it cannot get at once.
 */
export class PgTableVacuum {
  constructor(
    private readonly sql: Sql,
    private readonly setting: VacuumSetting,
  ) {}

  /** Whether the database's autovacuum daemon runs (on when set and its launcher is up). */
  async autovacuumRuns(): Promise<boolean> {
    const row = await this.sql.one<{ runs: boolean }>(
      `select current_setting('autovacuum') = 'on'
         and exists (select 1 from pg_stat_activity where backend_type = 'autovacuum launcher') as runs`,
    );
    return row?.runs === true;
  }

  /** The tables of the current schema whose dead rows are due, most dead rows first. */
  async dueTables(): Promise<string[]> {
    const rows = await this.sql.query<{ relname: string }>(
      `select relname from pg_stat_user_tables
       where schemaname = current_schema() and n_dead_tup > ?::float8 + ?::float8 * n_live_tup
       order by n_dead_tup desc`,
      [VACUUM_DEAD_ROWS, VACUUM_DEAD_SHARE],
    );
    return rows.map((r) => r.relname);
  }

  async run(): Promise<VacuumRun> {
    const started = Date.now();
    const done = (by: VacuumRun['by'], vacuumed: string[] = [], failed: Record<string, string> = {}): VacuumRun => ({ by, vacuumed, failed, durationMs: Date.now() - started });
    if (this.setting === 'off') return done('off');
    if (this.setting === 'auto' && (await this.autovacuumRuns())) return done('autovacuum');
    const vacuumed: string[] = [];
    const failed: Record<string, string> = {};
    for (const table of await this.dueTables()) {
      try {
        // Outside any transaction (VACUUM refuses one); ANALYZE too, since autoanalyze does not run either.
        await this.sql.query(`vacuum (analyze, skip_locked) ${quoteIdent(table)}`);
        vacuumed.push(table);
      } catch (err) {
        failed[table] = err instanceof Error ? err.message : String(err);
      }
    }
    return done('worker', vacuumed, failed);
  }
}
