import type { PgTableVacuum } from '../../src/infra/db/pg-table-vacuum';

/** Until `table` is due for a vacuum: PostgreSQL's per-table statistics reach pg_stat_user_tables within a few seconds of a commit. */
export async function untilDueForVacuum(vacuum: PgTableVacuum, table: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await vacuum.dueTables()).includes(table)) {
    if (Date.now() > deadline) throw new Error(`${table} never showed its dead rows in pg_stat_user_tables`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
