import type { JobRerun, ScheduledJob } from './scheduler';

type StoredPayload = Record<string, unknown>;

/**
 * A kind of durable job: the name stored in `jobs.kind` (stored rows carry it, so it
 * never changes) and how a stored payload is read back into its type.
 */
export interface JobKind<P extends object> {
  readonly kind: string;
  /** Throws when the stored payload lacks a field; the runner records the error and retries. */
  readonly read: (payload: StoredPayload) => P;
  /** This kind's job, to schedule. */
  readonly at: (key: string, runAt: Date, payload: P) => ScheduledJob;
  /**
   * Jobs of this kind touch only their own row (a charge, a delivery) and may run side by
   * side with others of a claimed batch. Every other kind runs one job at a time, in the
   * order claimed: payouts, for one, rely on it (one payout from the paying key at a time,
   * the oldest first).
   */
  readonly sideBySide: boolean;
}

export function jobKind<P extends object>(kind: string, read: (payload: StoredPayload) => P, o: { sideBySide?: boolean } = {}): JobKind<P> {
  return { kind, read, sideBySide: o.sideBySide ?? false, at: (key, runAt, payload) => ({ kind, key, runAt, payload: { ...payload } as StoredPayload }) };
}

/** A capability's job kinds, each under a name local to the capability. */
// `any`: each entry keeps its own payload type.
export type JobKinds = Record<string, JobKind<any>>;

export type PayloadOf<J> = J extends JobKind<infer P> ? P : never;

/** One handler per kind, receiving that kind's payload. A handler must be idempotent: a job may run again after a crash. */
export type JobHandlers<K extends JobKinds> = { [N in keyof K]: (payload: PayloadOf<K[N]>) => Promise<void | JobRerun> };

/** A capability's typed map from job kind to payload and handler, as the composition root hands it to the runner. */
export interface JobSet<K extends JobKinds = JobKinds> {
  readonly kinds: K;
  readonly handlers: JobHandlers<K>;
}

export const jobSet = <K extends JobKinds>(kinds: K, handlers: JobHandlers<K>): JobSet<K> => ({ kinds, handlers });

export function stringField(payload: StoredPayload, name: string): string {
  const value = payload[name];
  if (typeof value !== 'string') throw new Error(`job payload is missing the string field ${name}`);
  return value;
}
