import type { ScheduledJob, Scheduler } from '../../domain/jobs/scheduler';
import type { Tx } from '../../domain/shared/unit-of-work';
import type { Sql } from '../db/sql';

export class PgScheduler implements Scheduler {
  constructor(private readonly sql: Sql) {}

  async schedule(tx: Tx, jobs: ScheduledJob | ScheduledJob[]): Promise<void> {
    const list = Array.isArray(jobs) ? jobs : [jobs];
    if (list.length === 0) return;
    this.sql.defer(
      `insert into jobs (kind, key, run_at, payload) values ${list.map(() => '(?, ?, ?, ?)').join(', ')} on conflict (key) do nothing`,
      list.flatMap((job) => [job.kind, job.key, job.runAt, JSON.stringify(job.payload)]),
      tx,
    );
  }

  async cancel(tx: Tx, keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    this.sql.defer(`delete from jobs where key = any(?::text[])`, [keys], tx);
  }
}
