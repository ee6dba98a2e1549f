import type { ScheduledJob, Scheduler } from '../../domain/jobs/scheduler';
import type { Tx } from '../../domain/shared/unit-of-work';
import type { Sql } from '../db/sql';

export class PgScheduler implements Scheduler {
  constructor(private readonly sql: Sql) {}

  async schedule(tx: Tx, job: ScheduledJob): Promise<void> {
    await this.sql.query(
      `insert into jobs (kind, key, run_at, payload) values (?, ?, ?, ?) on conflict (key) do nothing`,
      [job.kind, job.key, job.runAt, JSON.stringify(job.payload)],
      tx,
    );
  }
}
