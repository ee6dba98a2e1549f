import { RetentionPurge } from '../../domain/retention/retention-purge';
import type { Tx } from '../../domain/shared/unit-of-work';
import { purgeExpiredSessions } from '../../infra/accounts/pg-expired-sessions';
import { PgTableVacuum } from '../../infra/db/pg-table-vacuum';
import { PgIdempotencyStore } from '../../infra/idempotency/pg-idempotency-store';
import { PgWebhookRetention } from '../../infra/webhooks/pg-webhook-retention';
import type { Platform } from './platform';

/** How long one purge statement waits for a lock before giving up until the next run. */
const PURGE_LOCK_TIMEOUT = '1s';

/**
 * The tables the worker purges (docs/operate/retention.md). Financial records (ledger,
 * transactions, refunds, withdrawals, disputes, the institution's reports and the PSP's
 * received Pix) are not among them: they are kept.
 */
export function wireRetention(platform: Platform): { retentionPurge: RetentionPurge; tableVacuum: PgTableVacuum } {
  const { config, sql, uow, clock } = platform;
  const webhooks = new PgWebhookRetention(sql);
  const idempotency = new PgIdempotencyStore(sql);
  // Each batch is a short transaction that gives up on a lock it cannot get at once (a
  // migration's ALTER TABLE, say) instead of queueing behind it and blocking every
  // statement queued after it on the same table.
  const bounded = <T>(work: (tx: Tx) => Promise<T>): Promise<T> =>
    uow.run(async (tx) => {
      await sql.query(`set local lock_timeout = '${PURGE_LOCK_TIMEOUT}'`, [], tx);
      return work(tx);
    });
  return {
    tableVacuum: new PgTableVacuum(sql, config.RETENTION_VACUUM),
    retentionPurge: new RetentionPurge({
      clock,
      batchSize: config.RETENTION_PURGE_BATCH,
      targets: [
        {
          table: 'webhook_deliveries',
          windowMs: config.RETENTION_WEBHOOK_DELIVERIES,
          purgeBatch: (before, limit) =>
            bounded(async (tx) => {
              const gone = await webhooks.purgeDeliveries(before, limit, tx);
              return { rows: gone.deliveries, alongside: { webhook_attempts: gone.attempts } };
            }),
        },
        {
          table: 'outbox',
          windowMs: config.RETENTION_OUTBOX_EVENTS,
          purgeBatch: (before, limit) => bounded(async (tx) => ({ rows: await webhooks.purgeSupersededEvents(before, limit, tx) })),
        },
        {
          // Each key's row carries its own retention (expires_at: 24 h or 72 h, SPEC's Limits).
          table: 'idempotency_keys',
          windowMs: 0,
          purgeBatch: (before, limit) => bounded(async (tx) => ({ rows: await idempotency.purgeExpired(before, limit, tx) })),
        },
        {
          table: 'sessions',
          windowMs: config.RETENTION_SESSIONS,
          purgeBatch: (before, limit) => bounded(async (tx) => ({ rows: await purgeExpiredSessions(sql, before, limit, tx) })),
        },
      ],
    }),
  };
}
