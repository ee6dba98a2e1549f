import { z } from 'zod';

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const MAX_MS = 3_650 * UNIT_MS.d;

/** `90s`, `15m`, `12h`, `30d`: a duration in milliseconds, from `min` to ten years. */
const duration = (fallback: string, minMs: number) =>
  z
    .string()
    .default(fallback)
    .transform((v, ctx) => {
      const m = /^(\d{1,6})([smhd])$/.exec(v.trim());
      const ms = m ? Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS] : Number.NaN;
      if (!(ms >= minMs && ms <= MAX_MS)) {
        ctx.addIssue({ code: 'custom', message: 'invalid' });
        return z.NEVER;
      }
      return ms;
    });

/**
 * How long finished rows of the tables that grow with traffic are kept, and how the
 * worker's purge runs (docs/operate/retention.md). Financial records have no setting:
 * they are never purged.
 */
export const retentionSettings = {
  /** Finished webhook deliveries and their attempts, from the delivery's creation. */
  RETENTION_WEBHOOK_DELIVERIES: duration('30d', 10_000),
  /** Published outbox events that are not the latest of their resource; the latest are masked past it. */
  RETENTION_OUTBOX_EVENTS: duration('30d', 10_000),
  /** Dashboard sessions, from their expiry. */
  RETENTION_SESSIONS: duration('1d', 0),
  /** Pause between two purge runs of the worker. */
  RETENTION_PURGE_INTERVAL: duration('10m', 1_000),
  /** Rows one purge statement deletes at most. */
  RETENTION_PURGE_BATCH: z.coerce.number().int().min(10).max(10_000).default(1_000),
  /**
   * Who vacuums the tables after each purge run: `auto`, the worker when the database runs
   * no autovacuum (the embedded database, a server with autovacuum off); `on`, the worker
   * always; `off`, never (autovacuum or the operator's own schedule).
   */
  RETENTION_VACUUM: z.enum(['auto', 'on', 'off']).default('auto'),
};

export const RETENTION_SETTING_RULES: Record<string, string> = {
  RETENTION_WEBHOOK_DELIVERIES: 'must be a duration from 10s to 3650d, such as 30d, 12h or 90s',
  RETENTION_OUTBOX_EVENTS: 'must be a duration from 10s to 3650d, such as 30d, 12h or 90s',
  RETENTION_SESSIONS: 'must be a duration up to 3650d, such as 1d, 12h or 0s',
  RETENTION_PURGE_INTERVAL: 'must be a duration from 1s to 3650d, such as 10m or 30s',
  RETENTION_PURGE_BATCH: 'must be a number of rows from 10 to 10000',
  RETENTION_VACUUM: 'must be auto, on or off',
};

/** A setting that no longer exists and what replaced it: start refuses it rather than ignore it. */
export function retiredRetentionSettings(env: Record<string, unknown>): string[] {
  return env['WEBHOOK_RETENTION_DAYS'] === undefined
    ? []
    : ['WEBHOOK_RETENTION_DAYS was replaced by RETENTION_WEBHOOK_DELIVERIES and RETENTION_OUTBOX_EVENTS (durations such as 30d): set those instead'];
}
