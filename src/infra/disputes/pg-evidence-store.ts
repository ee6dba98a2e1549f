import type { EvidenceDownload, EvidenceFile, EvidenceStore, StagedEvidence } from '../../domain/disputes/evidence';
import type { Tx } from '../../domain/shared/unit-of-work';
import { type EvidenceRows, openEvidence } from './evidence-rows';
import type { EvidenceObjects } from './s3-evidence-objects';

/**
 * Evidence in PostgreSQL (bytea), written in the appeal's transaction: nothing to stage
 * or discard. `objects` serves files an earlier S3 configuration put in the bucket.
 */
export class PgEvidenceStore implements EvidenceStore {
  constructor(
    private readonly rows: EvidenceRows,
    private readonly objects: EvidenceObjects | null = null,
  ) {}

  async stage(files: { file: EvidenceFile; content: Buffer }[]): Promise<StagedEvidence[]> {
    return files.map((f) => ({ ...f, location: null }));
  }

  save(tx: Tx, files: StagedEvidence[]): Promise<void> {
    return this.rows.insert(tx, files);
  }

  async discard(): Promise<void> {
    // The bytes went in with the rolled-back rows.
  }

  list(disputeId: string): Promise<EvidenceFile[]> {
    return this.rows.list(disputeId);
  }

  async read(disputeId: string, fileId: string): Promise<EvidenceDownload | null> {
    const found = await this.rows.find(disputeId, fileId);
    return found ? openEvidence(found, this.objects) : null;
  }
}
