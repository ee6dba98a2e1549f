import { DISPUTE_JOBS } from '../../domain/disputes/dispute-jobs';
import type { Scheduler } from '../../domain/jobs/scheduler';
import type { ExternalPersonalData } from '../../domain/privacy/data-subject.ports';
import type { SubjectScope } from '../../domain/privacy/data-subject.types';
import type { Clock } from '../../domain/shared/clock';
import { DomainError } from '../../domain/shared/errors';
import type { Tx, UnitOfWork } from '../../domain/shared/unit-of-work';
import type { Sql } from '../db/sql';
import type { EvidenceObjects } from './s3-evidence-objects';

const SWEEP_JOB = DISPUTE_JOBS.sweepEvidenceObjects;
/** An appeal's transaction confirms its uploads within this long of recording them, or fails. */
export const CONFIRM_WITHIN_MS = 15 * 60_000;
/** An unconfirmed upload is deleted after this long: never while its appeal could still confirm it. */
export const SWEEP_AFTER_MS = 60 * 60_000;
const BATCH = 100;

/**
 * The evidence_pending_objects table: objects that exist, or may exist, in the bucket
 * with no committed row pointing at them. A key is recorded (committed, with its sweep
 * job) before its upload starts; the appeal's transaction deletes the record
 * (`confirm`); anything still recorded is deleted from the bucket by `sweep`, right away
 * after a failed appeal, or by the durable job after a crash. Confirming and sweeping
 * lock the same rows and their windows never overlap, so a row never points at a
 * swept object.
 */
export class PendingEvidenceObjects implements ExternalPersonalData {
  constructor(
    private readonly d: {
      sql: Sql;
      uow: UnitOfWork;
      scheduler: Scheduler;
      clock: Clock;
      /** Null without S3 settings: the sweep then fails (and retries) until they are back. */
      objects: EvidenceObjects | null;
    },
  ) {}

  /** Commits the keys as pending, with the job that sweeps them, before anything is uploaded. */
  async record(keys: string[]): Promise<void> {
    const now = this.d.clock.now();
    const sweepAfter = new Date(now.getTime() + SWEEP_AFTER_MS);
    await this.d.uow.run(async (tx) => {
      this.d.sql.defer(`insert into evidence_pending_objects (object_key, created_at, sweep_after) select k, ?, ? from unnest(?::text[]) as k`, [now, sweepAfter, keys], tx);
      await this.d.scheduler.schedule(tx, SWEEP_JOB.at(`${SWEEP_JOB.kind}:${keys[0]}`, sweepAfter, {}));
    });
  }

  /** In the appeal's transaction: the objects now belong to its rows. Refused when a record is gone or too old. */
  async confirm(tx: Tx, keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    const notBefore = new Date(this.d.clock.now().getTime() - CONFIRM_WITHIN_MS);
    const confirmed = await this.d.sql.query(
      `delete from evidence_pending_objects where object_key = any(?::text[]) and created_at >= ? returning object_key`,
      [keys, notBefore],
      tx,
    );
    if (confirmed.length !== keys.length) {
      throw new DomainError('EVIDENCE_UPLOAD_EXPIRED', 'the files were uploaded too long before the appeal could be saved; send the appeal again', 'UNAVAILABLE', {
        retryAfterSeconds: 5,
      });
    }
  }

  /**
   * Erasure: in its transaction, before the rows lose their keys, every object of the
   * seller's evidence is queued for deletion now.
   */
  async queueErasure(tx: Tx, scope: SubjectScope): Promise<Record<string, number>> {
    if (!scope.sellerId) return {};
    const now = this.d.clock.now();
    const queued = await this.d.sql.query(
      `insert into evidence_pending_objects (object_key, created_at, sweep_after)
       select object_key, ?, ? from dispute_evidence where seller_id = ? and object_key is not null
       on conflict (object_key) do update set sweep_after = excluded.sweep_after
       returning object_key`,
      [now, now, scope.sellerId],
      tx,
    );
    if (queued.length === 0) return {};
    await this.d.scheduler.schedule(tx, SWEEP_JOB.at(`${SWEEP_JOB.kind}:erasure:${scope.sellerId}:${now.getTime()}`, now, {}));
    return { 'dispute_evidence.objects': queued.length };
  }

  /**
   * Deletes the objects of these pending keys, or of every key due, then their records;
   * records another transaction holds are left for a later sweep. Returns how many went.
   */
  async sweep(only?: string[]): Promise<number> {
    let total = 0;
    for (;;) {
      const swept = await this.d.uow.run(async (tx) => {
        const rows = only
          ? await this.d.sql.query<{ object_key: string }>(`select object_key from evidence_pending_objects where object_key = any(?::text[]) for update skip locked`, [only], tx)
          : await this.d.sql.query<{ object_key: string }>(
              `select object_key from evidence_pending_objects where sweep_after <= ? order by sweep_after limit ${BATCH} for update skip locked`,
              [this.d.clock.now()],
              tx,
            );
        if (rows.length === 0) return 0;
        if (!this.d.objects) throw new Error('evidence objects wait for deletion but the S3 settings (S3_BUCKET) are missing');
        const keys = rows.map((r) => r.object_key);
        await this.d.objects.delete(keys);
        await this.d.sql.query(`delete from evidence_pending_objects where object_key = any(?::text[])`, [keys], tx);
        return keys.length;
      });
      total += swept;
      if (only || swept < BATCH) return total;
    }
  }
}
