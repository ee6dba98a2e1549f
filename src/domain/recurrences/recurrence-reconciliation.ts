import { jobKind, jobSet, type JobSet } from '../jobs/job-kinds';
import type { ScheduledJob } from '../jobs/scheduler';
import type { TimeWindow } from '../reconciliation/reconcile-window';
import type { Clock } from '../shared/clock';
import type { InstitutionCycleCharge, InstitutionRecurrence } from './recurrence-institution';

/** The PSP's lists of recurrences and recurring charges created in a window (`GET /rec`, `GET /cobr`), page by page. */
export interface RecurrenceLists {
  recPage(window: TimeWindow, index: number): Promise<{ items: InstitutionRecurrence[]; last: boolean }>;
  cobrPage(window: TimeWindow, index: number): Promise<{ items: InstitutionCycleCharge[]; last: boolean }>;
}

/**
 * How far back, by creation date (what the API Pix lists filter on), a record may still change:
 * a recurrence awaits its payer for the authorisation's validity (7 days); a cycle's charge is
 * made up to 10 days before its due date and retried up to 7 days after it.
 */
export const RECONCILED_DAYS = { rec: 8, cobr: 20 } as const;

const DAY_MS = 86_400_000;

export interface RecurrenceReconciliationDeps {
  lists: RecurrenceLists;
  clock: Clock;
  applyRecurrence(observed: InstitutionRecurrence): Promise<{ applied: boolean } | null>;
  applyCycleCharge(observed: InstitutionCycleCharge): Promise<boolean>;
}

/**
 * What the callbacks missed: each run reads every recurrence and recurring charge the PSP
 * created in the span they can still change in, and applies what the PSP holds through the
 * same use cases the callbacks call (idempotent: an unchanged record changes nothing).
 */
export class RecurrenceReconciliation {
  constructor(private readonly d: RecurrenceReconciliationDeps) {}

  async run(): Promise<{ read: number; applied: number }> {
    const now = this.d.clock.now();
    const window = (days: number): TimeWindow => ({ from: new Date(now.getTime() - days * DAY_MS), to: now });
    let read = 0;
    let applied = 0;
    for (let index = 0; ; index++) {
      const page = await this.d.lists.recPage(window(RECONCILED_DAYS.rec), index);
      for (const rec of page.items) {
        read += 1;
        if ((await this.d.applyRecurrence(rec))?.applied) applied += 1;
      }
      if (page.last) break;
    }
    for (let index = 0; ; index++) {
      const page = await this.d.lists.cobrPage(window(RECONCILED_DAYS.cobr), index);
      for (const cobr of page.items) {
        read += 1;
        if (await this.d.applyCycleCharge(cobr)) applied += 1;
      }
      if (page.last) break;
    }
    return { read, applied };
  }
}

/** One key: one run at a time across workers; each run schedules the next. */
export const RECURRENCE_RECONCILIATION_JOBS = {
  run: jobKind('apipix.reconcile-recurrences', () => ({})),
};

const RUN_KEY = 'apipix-reconcile-recurrences';

/** Due now: scheduled at a worker's start (an existing key keeps its own time). */
export const recurrenceReconciliationJobAt = (now: Date): ScheduledJob => RECURRENCE_RECONCILIATION_JOBS.run.at(RUN_KEY, now, {});

export function recurrenceReconciliationJobs(d: { reconciliation: Pick<RecurrenceReconciliation, 'run'>; clock: Clock; everyMs: number }): JobSet<typeof RECURRENCE_RECONCILIATION_JOBS> {
  return jobSet(RECURRENCE_RECONCILIATION_JOBS, {
    run: async () => {
      await d.reconciliation.run();
      return { runAgainAt: new Date(d.clock.now().getTime() + d.everyMs) };
    },
  });
}
