import { jobKind, jobSet, type JobSet } from '../jobs/job-kinds';
import type { ScheduledJob } from '../jobs/scheduler';
import type { Clock } from '../shared/clock';
import { nextSweepAt, previousCivilDay } from './reconcile-window';
import type { PspReconciliation } from './psp-reconciliation';

/** Each kind has one key, so one run at a time across workers; each schedules its own next run. */
export const RECONCILIATION_JOBS = {
  /** The sliding window over the PSP's received Pix, and the removal of orphan cobs. */
  window: jobKind('apipix.reconcile-window', () => ({})),
  /** The sweep of the previous civil day, once a day. */
  daySweep: jobKind('apipix.reconcile-day', () => ({})),
};

const WINDOW_KEY = 'apipix-reconcile-window';
const DAY_KEY = 'apipix-reconcile-day';

/** Both jobs, due now: scheduled at the worker's start (an existing key keeps its own time). */
export const reconciliationJobsAt = (now: Date): ScheduledJob[] => [RECONCILIATION_JOBS.window.at(WINDOW_KEY, now, {}), RECONCILIATION_JOBS.daySweep.at(DAY_KEY, now, {})];

export interface ReconciliationJobsDeps {
  reconciliation: Pick<PspReconciliation, 'runWindow' | 'sweepDay' | 'removeOrphanCobs'>;
  clock: Clock;
  everyMs: number;
  /** How long one run may read before it hands over to its next run (well within the job lease). */
  budgetMs: number;
  /** The daily sweep starts this long after midnight, when the PSP has listed the day's late Pix. */
  sweepDelayMs: number;
}

/**
 * A run that read everything comes back after `everyMs` (the window) or after the next
 * midnight (the sweep); one that ran out of its budget comes back at once, from its cursor.
 */
export function reconciliationJobs(d: ReconciliationJobsDeps): JobSet<typeof RECONCILIATION_JOBS> {
  const deadline = () => new Date(d.clock.now().getTime() + d.budgetMs);
  return jobSet(RECONCILIATION_JOBS, {
    window: async () => {
      const until = deadline();
      const read = await d.reconciliation.runWindow(until);
      if (read.done) await d.reconciliation.removeOrphanCobs(until);
      const now = d.clock.now();
      return { runAgainAt: read.done ? new Date(now.getTime() + d.everyMs) : now };
    },
    daySweep: async () => {
      const now = d.clock.now();
      const read = await d.reconciliation.sweepDay(previousCivilDay(now), deadline());
      return { runAgainAt: read.done ? nextSweepAt(d.clock.now(), d.sweepDelayMs) : d.clock.now() };
    },
  });
}
