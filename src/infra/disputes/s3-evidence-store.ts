import { EVIDENCE_MEDIA_TYPE, type EvidenceDownload, type EvidenceFile, type EvidenceStore, type StagedEvidence } from '../../domain/disputes/evidence';
import type { Tx } from '../../domain/shared/unit-of-work';
import type { Logger } from '../log/logger';
import { type EvidenceRows, openEvidence } from './evidence-rows';
import type { PendingEvidenceObjects } from './pending-evidence-objects';
import type { EvidenceObjects } from './s3-evidence-objects';

/** One object per file, never reused: `<prefix><seller>/<dispute>/<file id>`. */
export const evidenceObjectKey = (prefix: string, f: EvidenceFile) => `${prefix}${f.sellerId}/${f.disputeId}/${f.id}`;

const keysOf = (files: StagedEvidence[]) => files.map((f) => f.location).filter((k): k is string => k !== null);

/**
 * Evidence bytes in an S3-compatible bucket, metadata in dispute_evidence. Order: record
 * the keys as pending (committed), upload, then the appeal's transaction writes the rows
 * and confirms the keys; a failed appeal sweeps its keys at once, and the durable job
 * sweeps whatever a crash left (docs/integrate/disputes.md, Evidence storage).
 */
export class S3EvidenceStore implements EvidenceStore {
  constructor(
    private readonly d: {
      rows: EvidenceRows;
      objects: EvidenceObjects;
      pending: PendingEvidenceObjects;
      keyPrefix: string;
      logger: Logger;
    },
  ) {}

  async stage(files: { file: EvidenceFile; content: Buffer }[]): Promise<StagedEvidence[]> {
    const staged = files.map((f) => ({ ...f, location: evidenceObjectKey(this.d.keyPrefix, f.file) }));
    if (staged.length === 0) return staged;
    await this.d.pending.record(keysOf(staged));
    const uploads = await Promise.allSettled(
      staged.map((f) => this.d.objects.put(f.location, f.content, { contentType: EVIDENCE_MEDIA_TYPE[f.file.type], sha256Hex: f.file.sha256 })),
    );
    const failed = uploads.find((u): u is PromiseRejectedResult => u.status === 'rejected');
    if (failed) {
      await this.discard(staged);
      throw failed.reason;
    }
    return staged;
  }

  async save(tx: Tx, files: StagedEvidence[]): Promise<void> {
    await this.d.rows.insert(tx, files);
    await this.d.pending.confirm(tx, keysOf(files));
  }

  async discard(files: StagedEvidence[]): Promise<void> {
    const keys = keysOf(files);
    if (keys.length === 0) return;
    await this.d.pending.sweep(keys).catch((err: unknown) => {
      this.d.logger.warn({ err, objects: keys.length }, 'uploaded evidence of a failed appeal not deleted yet; the sweep job will');
    });
  }

  list(disputeId: string): Promise<EvidenceFile[]> {
    return this.d.rows.list(disputeId);
  }

  async read(disputeId: string, fileId: string): Promise<EvidenceDownload | null> {
    const found = await this.d.rows.find(disputeId, fileId);
    return found ? openEvidence(found, this.d.objects) : null;
  }
}
