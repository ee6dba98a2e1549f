import type { Tx } from '../shared/unit-of-work';

/** A durable job: it survives restarts and runs at or after runAt on some worker. */
export interface ScheduledJob {
  kind: string;
  /** At most one pending job per key; scheduling an existing key keeps the earlier one. */
  key: string;
  runAt: Date;
  payload: Record<string, unknown>;
}

export interface Scheduler {
  /** Several jobs are written in one statement. */
  schedule(tx: Tx, jobs: ScheduledJob | ScheduledJob[]): Promise<void>;
}

/** A job handler must be idempotent: a job may run again after a crash. */
export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;
