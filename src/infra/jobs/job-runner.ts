import type { JobSet } from '../../domain/jobs/job-kinds';
import type { JobHandler } from '../../domain/jobs/scheduler';
import type { Clock } from '../../domain/shared/clock';
import type { Logger } from '../log/logger';
import type { Sql } from '../db/sql';
import { PeriodicLoop } from '../shared/periodic-loop';

interface DueJob {
  id: string;
  kind: string;
  key: string;
  payload: Record<string, unknown>;
  attempts: number;
}

const MAX_BACKOFF_MS = 15 * 60_000;

export interface JobRunnerOptions {
  /** How long a claimed job is held: a runner that dies leaves its jobs to others this long after it claimed them. */
  lockMs?: number;
  /** Jobs of one claimed batch that run at once (each handler awaits its own statements and calls): the kinds that may run side by side share all but one of them, the others run in turn in the last. */
  concurrency?: number;
  /** Jobs claimed by one statement. */
  batchSize?: number;
}

/**
 * Runs due jobs. Several runners may work at once: each claims rows with
 * FOR UPDATE SKIP LOCKED and a lock lease, so a crashed runner's jobs run again later.
 * A claimed batch's jobs of the kinds that may run side by side (JobKind.sideBySide) run
 * `concurrency - 1` at a time, beside one lane that runs the others in turn, in the order
 * claimed; with a concurrency of 1 all run in turn. The jobs that finished are deleted
 * together once the batch is done (a runner that dies before runs them again: at least once).
 */
export class JobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly sideBySide = new Set<string>();
  private readonly lockMs: number;
  private readonly concurrency: number;
  private readonly batchSize: number;
  private readonly loop = new PeriodicLoop(
    async () => {
      while ((await this.runDue()) > 0);
    },
    (err) => this.logger.error({ err }, 'job runner tick failed'),
  );

  constructor(
    private readonly sql: Sql,
    private readonly clock: Clock,
    private readonly logger: Logger,
    options: JobRunnerOptions = {},
  ) {
    this.lockMs = options.lockMs ?? 60_000;
    this.concurrency = Math.max(1, options.concurrency ?? 1);
    this.batchSize = Math.max(1, options.batchSize ?? 50);
  }

  register(kind: string, handler: JobHandler): void {
    if (this.handlers.has(kind)) throw new Error(`job kind ${kind} has two handlers`);
    this.handlers.set(kind, handler);
  }

  /** A capability's kinds, each stored payload read back into its kind's type before its handler runs. */
  registerAll(set: JobSet): void {
    for (const [name, job] of Object.entries(set.kinds)) {
      const handle = set.handlers[name];
      this.register(job.kind, (payload) => handle(job.read(payload)));
      if (job.sideBySide) this.sideBySide.add(job.kind);
    }
  }

  /** Claims and runs the jobs due now; returns how many ran. */
  async runDue(limit = this.batchSize): Promise<number> {
    const now = this.clock.now();
    const jobs = await this.sql.query<DueJob>(
      `update jobs set locked_until = ?, attempts = attempts + 1
       where id in (
         select id from jobs where run_at <= ? and (locked_until is null or locked_until <= ?)
         order by run_at limit ? for update skip locked)
       returning id, kind, key, payload, attempts`,
      [new Date(now.getTime() + this.lockMs), now, now, limit],
    );
    const finished: string[] = [];
    const drain = async (queue: DueJob[]) => {
      for (let job = queue.shift(); job; job = queue.shift()) if (await this.runOne(job)) finished.push(job.id);
    };
    if (this.concurrency === 1) await drain([...jobs]);
    else {
      const shared = jobs.filter((j) => this.sideBySide.has(j.kind));
      const inTurn = jobs.filter((j) => !this.sideBySide.has(j.kind));
      await Promise.all([drain(inTurn), ...Array.from({ length: Math.min(this.concurrency - 1, shared.length) }, () => drain(shared))]);
    }
    if (finished.length > 0) await this.sql.query(`delete from jobs where id = any(?::bigint[])`, [finished]);
    return jobs.length;
  }

  /** Runs one job; true when it is done for good (its row is to be deleted). */
  private async runOne(job: DueJob): Promise<boolean> {
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      const rerun = await handler(job.payload);
      if (!rerun) return true;
      await this.sql.query(`update jobs set run_at = ?, locked_until = null, attempts = 0, last_error = null where id = ?`, [rerun.runAgainAt, job.id]);
    } catch (err) {
      const delay = Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** Math.min(job.attempts, 20));
      this.logger.warn({ err, job: { id: job.id, kind: job.kind, key: job.key, attempts: job.attempts } }, 'job failed; will retry');
      await this.sql.query(`update jobs set run_at = ?, locked_until = null, last_error = ? where id = ?`, [
        new Date(this.clock.now().getTime() + delay),
        String((err as Error)?.message ?? err).slice(0, 1_000),
        job.id,
      ]);
    }
    return false;
  }

  /** Polls every intervalMs until stop(); a poll drains everything due. */
  start(intervalMs: number): void {
    this.loop.start(intervalMs);
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }
}
