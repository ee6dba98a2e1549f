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
  /** The jobs of these keys will not run: for a job whose work became pointless (a paid charge's expiry). */
  cancel(tx: Tx, keys: string[]): Promise<void>;
}

/**
 * What a handler may answer instead of nothing: run this job again at that time (same key,
 * same payload) rather than deleting it. A recurring job schedules its next run this way,
 * and no other job can take its key meanwhile.
 */
export interface JobRerun {
  runAgainAt: Date;
}

/** A job handler must be idempotent: a job may run again after a crash. */
export type JobHandler = (payload: Record<string, unknown>) => Promise<void | JobRerun>;
