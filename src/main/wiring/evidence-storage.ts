import type { EvidenceStore } from '../../domain/disputes/evidence';
import { EvidenceRows } from '../../infra/disputes/evidence-rows';
import { PendingEvidenceObjects } from '../../infra/disputes/pending-evidence-objects';
import { PgEvidenceStore } from '../../infra/disputes/pg-evidence-store';
import { S3EvidenceObjects } from '../../infra/disputes/s3-evidence-objects';
import { S3EvidenceStore } from '../../infra/disputes/s3-evidence-store';
import type { Platform } from './platform';

/**
 * Where appeal evidence bytes go (EVIDENCE_STORE): PostgreSQL, or an S3-compatible
 * bucket with the pending objects that the sweep job deletes when no committed appeal confirmed them.
 */
export function wireEvidenceStorage(p: Platform): { evidence: EvidenceStore; pendingObjects: PendingEvidenceObjects } {
  const c = p.config;
  const objects = c.S3_BUCKET
    ? new S3EvidenceObjects(
        {
          bucket: c.S3_BUCKET,
          region: c.S3_REGION,
          endpoint: c.S3_ENDPOINT,
          forcePathStyle: c.S3_FORCE_PATH_STYLE,
          credentials: c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY ? { accessKeyId: c.S3_ACCESS_KEY_ID, secretAccessKey: c.S3_SECRET_ACCESS_KEY } : undefined,
        },
        p.logger,
      )
    : null;
  const rows = new EvidenceRows(p.sql);
  const pendingObjects = new PendingEvidenceObjects({ sql: p.sql, uow: p.uow, scheduler: p.scheduler, clock: p.clock, objects });
  const evidence =
    c.EVIDENCE_STORE === 's3' && objects
      ? new S3EvidenceStore({ rows, objects, pending: pendingObjects, keyPrefix: c.S3_KEY_PREFIX, logger: p.logger })
      : new PgEvidenceStore(rows, objects);
  return { evidence, pendingObjects };
}
