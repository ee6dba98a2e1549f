import type { Tx } from '../../src/domain/shared/unit-of-work';
import type { RunningApp } from '../../src/main/start-application';

/**
 * What tests reach below the doors of a running service: its raw SQL (to seed rows and
 * check what was stored), its due jobs and its unit of work. Tests go through these
 * helpers rather than `app.services.platform`, so the composition root can change shape
 * without touching every test file.
 */
export const platformOf = (app: Pick<RunningApp, 'services'>) => app.services.platform;

/** The service's raw SQL on its database (`?` placeholders). */
export const sqlOf = (app: Pick<RunningApp, 'services'>) => platformOf(app).sql;

/** Runs the jobs due now once; resolves with how many ran. */
export const runDueJobs = (app: Pick<RunningApp, 'services'>): Promise<number> => platformOf(app).jobs.runDue();

/** Runs every due job until none is left. */
export async function drainJobs(app: Pick<RunningApp, 'services'>): Promise<void> {
  while ((await runDueJobs(app)) > 0) {
    /* again */
  }
}

/** `work` in one transaction of the service's unit of work. */
export const inTransaction = <T>(app: Pick<RunningApp, 'services'>, work: (tx: Tx) => Promise<T>): Promise<T> => platformOf(app).uow.run(work);

/** Makes the user an operator (there is no door for that: operators are made by hand). */
export async function promoteToOperator(app: Pick<RunningApp, 'services'>, email: string): Promise<void> {
  await sqlOf(app).query("update users set role = 'OPERATOR' where email = ?", [email]);
}

/** The event types the outbox holds for one resource, oldest first. */
export async function outboxEventTypes(app: Pick<RunningApp, 'services'>, aggregateId: string): Promise<string[]> {
  const rows = await sqlOf(app).query<{ event_type: string }>('select event_type from outbox where aggregate_id = ? order by id', [aggregateId]);
  return rows.map((r) => r.event_type);
}
